import { Link } from "react-router";
import { PageHeader, Paragraphs } from "~/components/page";
import { pageContext } from "~/web/page-context.server";
import { phoneHref } from "~/modules/site/public-settings";
import { seoMeta } from "~/utils/seo";
import type { Route } from "./+types/bookings";
import { contentPage, loadAsDocument } from "~/web/route-facts";

/** A content page: no framework JavaScript, kept by the page cache (route facts). */
export const handle = contentPage;
export const clientLoader = loadAsDocument;

export const meta = seoMeta;

const clients = { new: "I'm a new client", existing: "I've been before" } as const;
const services = { colour: "Colour Services", "cut-style": "Cutting & Styling only" } as const;
type Client = keyof typeof clients;
type Service = keyof typeof services;

const isClient = (v: string | null): v is Client => v === "new" || v === "existing";
const isService = (v: string | null): v is Service => v === "colour" || v === "cut-style";

/**
 * The booking guide. Each answer is a link (?client=…&service=…), so the guide
 * works without JavaScript and every step has its own address.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  const { settings, copy, seo } = pageContext(context);
  const query = new URL(request.url).searchParams;
  const client = isClient(query.get("client")) ? (query.get("client") as Client) : undefined;
  const service = client && isService(query.get("service")) ? (query.get("service") as Service) : undefined;
  const text = copy.text.bookings;
  const key = client && service ? (`${client}${service === "colour" ? "Colour" : "CutStyle"}` as const) : undefined;
  return {
    text,
    client,
    service,
    answer: key ? text.answers[key] : undefined,
    booking: settings.links.booking,
    skinTest: settings.links.skinTest,
    phone: settings.phone,
    seo: seo({ title: text.title, description: text.description, path: "/bookings" }),
  };
}

function Choice({ to, selected, children }: { to: string; selected: boolean; children: React.ReactNode }) {
  return (
    <Link
      to={to}
      preventScrollReset
      aria-current={selected ? "step" : undefined}
      className={`button min-w-56 border-2 border-ink ${selected ? "bg-ink text-chalk" : "bg-white hover:bg-blush"}`}
    >
      {children}
    </Link>
  );
}

export default function Bookings({ loaderData }: Route.ComponentProps) {
  const { text, client, service, answer, booking, skinTest, phone } = loaderData;
  return (
    <>
      <PageHeader kicker="Bookings" heading={text.heading}>
        <Paragraphs items={text.intro} />
      </PageHeader>
      <div className="mx-auto max-w-6xl space-y-10 px-4 py-12">
        <section aria-labelledby="step-client">
          <h2 id="step-client" className="text-2xl sm:text-3xl">
            1. {text.question}
          </h2>
          <div className="mt-4 flex flex-wrap gap-3">
            {(Object.keys(clients) as Client[]).map((c) => (
              <Choice key={c} to={`?client=${c}`} selected={client === c}>
                {clients[c]}
              </Choice>
            ))}
          </div>
        </section>

        {client ? (
          <section aria-labelledby="step-service">
            <h2 id="step-service" className="text-2xl sm:text-3xl">
              2. {text.serviceQuestion}
            </h2>
            <div className="mt-4 flex flex-wrap gap-3">
              {(Object.keys(services) as Service[]).map((s) => (
                <Choice key={s} to={`?client=${client}&service=${s}`} selected={service === s}>
                  {services[s]}
                </Choice>
              ))}
            </div>
          </section>
        ) : null}

        {answer ? (
          <section aria-labelledby="step-answer" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/5 sm:p-8">
            <h2 id="step-answer" className="text-2xl sm:text-3xl">
              {answer.heading}
            </h2>
            <Paragraphs items={answer.body} className="mt-4 text-lg" />
            <div className="mt-6 flex flex-wrap gap-3">
              <a href={booking} rel="noopener" className="button button-primary">
                Book now
              </a>
              {client === "existing" && service === "colour" ? (
                <>
                  <a href={phoneHref(phone)} className="button button-outline">
                    Call {phone}
                  </a>
                  <a href={skinTest} rel="noopener" className="button button-outline">
                    Book a skin test
                  </a>
                </>
              ) : null}
            </div>
            <p className="mt-6">
              <Link to="/bookings" className="inline-flex min-h-11 items-center font-semibold text-brass-dark underline">
                Start again
              </Link>
            </p>
          </section>
        ) : null}
      </div>
    </>
  );
}
