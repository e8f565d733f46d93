/** /open-evening and /feedback: the same name-and-mobile form (feedback adds an optional "Your feedback"), each with its own words. */
import { BackLink } from "~/components/back-link";
import { SubmissionForm } from "~/components/forms/public-forms";
import { actionHeaders } from "~/components/forms/form-route";
import { PageShell } from "~/components/page-shell";
import { SidePicture } from "~/components/markdown-page";
import { JsonLd } from "~/components/json-ld";
import { openEveningsData } from "~/modules/seo/structured-data";
import { upcomingOpenEvenings, type OpenEvening } from "~/modules/site/open-evenings";
import { salonToday } from "~/utils/dates";
import { pageContext } from "~/web/page-context.server";
import { formAction, formPageData } from "~/web/form-action.server";
import { seoMeta } from "~/utils/seo";
import type { Route } from "./+types/open-evening-and-feedback";
import type { RouteFacts } from "~/web/route-facts";

const pages = {
  "/open-evening": {
    kind: "open-evening",
    title: "Open evening",
    description: "Come and meet the team at our next open evening: see the academy, watch a demonstration and ask about apprenticeships.",
    lead: "Come and see the academy after hours. Meet our educators and apprentices, watch a live demonstration, and ask anything about training with us. Leave your name and mobile and we'll text you the date and a reminder.",
  },
  "/feedback": {
    kind: "feedback",
    title: "Tell us how we did",
    description: "Been in for an appointment? Leave your name and number and we'll call to hear how your visit went.",
    lead: "Been in for an appointment? We'd love to hear how it went, good or bad. Leave your name and mobile, and a few words if you like, and one of the team will give you a quick call.",
  },
} as const;

const pageFor = (pathname: string) => (pathname.startsWith("/feedback") ? pages["/feedback"] : pages["/open-evening"]);

export const handle: RouteFacts = { publicPages: { "/open-evening": {}, "/feedback": {} } };

export const meta = seoMeta;

export const loader = ({ context, request }: Route.LoaderArgs) => {
  const path = new URL(request.url).pathname;
  const page = pageFor(path);
  const image = `/images/pages/${page.kind}.svg`;
  const { settings, services, picture } = pageContext(context);
  // The open evenings still to come: the next on the page, and each as an Event for search engines.
  const openEvening = page.kind === "open-evening";
  const [next] = openEvening ? upcomingOpenEvenings(settings, salonToday()) : [];
  return {
    ...formPageData(context, { title: page.title, description: page.description, path, image }),
    path,
    picture: picture(image),
    events: openEvening ? openEveningsData(settings, services.config.publicUrl, salonToday()) : [],
    when: next ? eveningWords(next) : undefined,
  };
};
export const action = (args: Route.ActionArgs) => formAction(pageFor(new URL(args.request.url).pathname).kind, args);
export const headers = actionHeaders;

/** "Thursday 12 March 2099, 6.30pm to 8.30pm", and ", at {place}, {street}, {town} {postcode}" when it is not at the salon. */
function eveningWords(evening: OpenEvening): string {
  const day = new Date(`${evening.date}T12:00:00Z`).toLocaleDateString("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  const time = (hhmm: string) => {
    const [h, m] = hhmm.split(":").map(Number) as [number, number];
    return `${h % 12 === 0 ? 12 : h % 12}${m ? `.${String(m).padStart(2, "0")}` : ""}${h < 12 ? "am" : "pm"}`;
  };
  const place = evening.place ? `, at ${evening.place.name}, ${evening.place.street}, ${evening.place.town} ${evening.place.postcode}` : "";
  return `${day}, ${time(evening.starts)} to ${time(evening.ends)}${place}`;
}

export default function InterestPage({ loaderData, actionData }: Route.ComponentProps) {
  const page = pageFor(loaderData.path);
  return (
    <PageShell
      title={page.title}
      lead={
        <>
          {loaderData.events.map((event) => (
            <JsonLd key={String(event.startDate)} data={event} />
          ))}
          <p>{page.lead}</p>
          {loaderData.when ? (
            <p className="mt-3 text-lg font-semibold" data-testid="open-evening-date">
              Our next open evening: {loaderData.when}.
            </p>
          ) : null}
        </>
      }
      side={loaderData.picture ? <SidePicture picture={loaderData.picture} /> : undefined}
    >
      <div className="rounded-2xl bg-white p-6 ring-1 ring-ink/5 sm:p-8">
        <SubmissionForm kind={page.kind} token={loaderData.token} words={loaderData.words} serverResult={actionData} />
      </div>
      <p className="mt-8">
        <BackLink />
      </p>
    </PageShell>
  );
}
