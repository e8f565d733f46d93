import type { ReactNode } from "react";
import { href, Link } from "react-router";
import { BookNow, HeadedSection, PageHeader, Paragraphs } from "~/components/page";
import { pageContext } from "~/web/page-context.server";
import { bookingIdParam, phoneHref } from "~/modules/site/public-settings";
import { seoMeta } from "~/utils/seo";
import { Notice } from "~/components/calculator/parts";
import { SKIN_TEST_TEXT, SKIN_TEST_TITLE } from "~/modules/quotes/quote-words";
import { servicesContext } from "~/web/context";
import { ACADEMY_SALON_ID, findSalonBooking, findStylistBooking } from "~/modules/catalogue/catalogue.server";
import type { Route } from "./+types/bookings";
import { contentPageAt } from "~/web/route-facts";

export const handle = contentPageAt({ "/bookings": {} });

export const meta = seoMeta;

const clients = { new: "I'm a new client", existing: "I've been before" } as const;
const services = { colour: "Colour Services", "cut-style": "Cutting & Styling only" } as const;
type Client = keyof typeof clients;
type Service = keyof typeof services;

/**
 * The booking guide. Every site-wide "Book now" comes here. A returning
 * client is offered the booking straight away (the service step stays for
 * colour advice); a new client answers colour or not. Each answer is a link (?client=…&service=…), so the guide
 * works without JavaScript and every step has its own address. A saved quote's
 * "Book now" adds `salon=` (a sister salon's id): the guide then books with
 * that salon, its links and phone, never the academy's. A stylist's own button
 * (their profile, their quote) adds `stylist=`: Book now is then their own
 * booking link when they have one (decision 0065). A new colour client books
 * the salon's consultation first.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { settings, copy, seo } = pageContext(context);
  const { db } = context.get(servicesContext);
  const query = new URL(request.url).searchParams;
  const [salonId, stylistId] = [bookingIdParam(query.get("salon")), bookingIdParam(query.get("stylist"))];
  const found = stylistId !== undefined ? await findStylistBooking(db, stylistId) : salonId !== undefined ? await findSalonBooking(db, salonId) : undefined;
  const links = found ?? (await findSalonBooking(db, ACADEMY_SALON_ID));
  if (!links) throw new Error("The academy is not in the salons table: the content was not seeded");
  const own = links.salon.id !== ACADEMY_SALON_ID ? links : undefined;
  const client = (Object.keys(clients) as Client[]).find((c) => c === query.get("client"));
  const service = client && (Object.keys(services) as Service[]).find((s) => s === query.get("service"));
  const text = copy.text.bookings;
  const key = client && service ? (`${client}${service === "colour" ? "Colour" : "CutStyle"}` as const) : undefined;
  const answer = key ? text.answers[key] : undefined;
  return {
    text,
    // With a sister salon, its own line stands in for the intro, which gives the academy's phone.
    intro: own ? [] : text.intro,
    client,
    service,
    // The answers' words give the academy's phone ("ring us on …"): a sister salon's guide gives that salon's.
    answer: answer && own ? withPhone(answer, settings.phone, own.phone) : answer,
    booking: links.url,
    skinTest: links.skinTest,
    consultation: links.consultation,
    phone: links.phone,
    /** The sister salon the guide books with, the stylist whose own link it books, and the query that keeps them through the steps. */
    salonName: own?.salon.name,
    stylistName: links.stylist?.first_name,
    keep: `${own ? `&salon=${own.salon.id}` : ""}${links.stylist ? `&stylist=${links.stylist.id}` : ""}`,
    seo: seo({ title: text.title, description: text.description, path: "/bookings" }),
  };
}

/** The guide's words with one phone number swapped for another, wherever they give it. */
function withPhone<T extends { heading: string; body: string[] }>(words: T, from: string, to: string): T {
  return { ...words, heading: words.heading.replaceAll(from, to), body: words.body.map((p) => p.replaceAll(from, to)) };
}

/** A step of the guide: its question, and each answer a link (the chosen one marked). */
function Step<K extends string>({ id, title, answers, to, chosen }: { id: string; title: ReactNode; answers: Record<K, string>; to: (answer: K) => string; chosen: K | undefined }) {
  return (
    <HeadedSection id={id} title={title} headingClassName="text-2xl sm:text-3xl">
      <div className="mt-4 flex flex-wrap gap-3">
        {(Object.keys(answers) as K[]).map((answer) => (
          <Link
            key={answer}
            to={to(answer)}
            aria-current={chosen === answer ? "step" : undefined}
            className={`button min-w-56 border-2 border-ink ${chosen === answer ? "bg-ink text-chalk" : "bg-white hover:bg-blush"}`}
          >
            {answers[answer]}
          </Link>
        ))}
      </div>
    </HeadedSection>
  );
}

export default function Bookings({ loaderData }: Route.ComponentProps) {
  const { text, intro, client, service, answer, booking, skinTest, consultation, phone, salonName, stylistName, keep } = loaderData;
  return (
    <>
      <PageHeader kicker="Bookings" heading={text.heading}>
        {intro.length > 0 ? <Paragraphs items={intro} /> : null}
        {salonName ? (
          <p className="text-lg" data-testid="booking-salon">
            You're booking with <strong>{salonName}</strong>, one of our sister salons: their number is{" "}
            <a href={phoneHref(phone)} className="font-semibold underline">
              {phone}
            </a>
            .
          </p>
        ) : null}
        {stylistName ? (
          <p className="mt-3 text-lg" data-testid="booking-stylist">
            Booking with <strong>{stylistName}</strong>: Book now opens {stylistName}&apos;s own booking page.
          </p>
        ) : null}
      </PageHeader>
      <div className="mx-auto max-w-6xl space-y-10 px-4 py-12">
        <Step id="step-client" title={<>1. {text.question}</>} answers={clients} to={(c) => `?client=${c}${keep}`} chosen={client} />

        {client === "existing" && !service ? (
          <p data-testid="straight-in">
            <BookNow href={booking} />
          </p>
        ) : null}

        {client ? <Step id="step-service" title={<>2. {text.serviceQuestion}</>} answers={services} to={(s) => `?client=${client}&service=${s}${keep}`} chosen={service} /> : null}

        {answer ? (
          <HeadedSection id="step-answer" title={answer.heading} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/5 sm:p-8" headingClassName="text-2xl sm:text-3xl">
            <Paragraphs items={answer.body} className="mt-4 text-lg" />
            {service === "colour" ? (
              <Notice title={SKIN_TEST_TITLE} className="mt-4">
                <p>{SKIN_TEST_TEXT}</p>
              </Notice>
            ) : null}
            <div className="mt-6 flex flex-wrap gap-3">
              {client === "new" && service === "colour" ? (
                <>
                  {/* A new colour client books the consultation, not the colour: no Book now here. */}
                  <BookNow href={consultation}>Book a consultation</BookNow>
                  <BookNow href={skinTest} className="button button-outline">Book a skin test</BookNow>
                </>
              ) : (
                <BookNow href={booking} />
              )}
              {client === "existing" && service === "colour" ? (
                <>
                  <a href={phoneHref(phone)} className="button button-outline">
                    Call {phone}
                  </a>
                  <BookNow href={skinTest} className="button button-outline">Book a skin test</BookNow>
                </>
              ) : null}
            </div>
            <p className="mt-6">
              <Link to={keep ? `${href("/bookings")}?${keep.slice(1)}` : href("/bookings")} className="inline-flex min-h-11 items-center font-semibold text-brass-dark underline">
                Start again
              </Link>
            </p>
          </HeadedSection>
        ) : null}
      </div>
    </>
  );
}
