import { SubmissionForm } from "~/components/forms/public-forms";
import { actionHeaders } from "~/components/forms/form-route";
import { PageShell } from "~/components/page-shell";
import { Picture } from "~/components/picture";
import { ACADEMY_SALON_ID } from "~/modules/catalogue/catalogue.server";
import { describePhoto } from "~/modules/photos/photos.server";
import { mapTarget } from "~/modules/photos/photo-rules";
import { pageContext } from "~/web/page-context.server";
import { OpeningHours } from "~/components/site-footer";
import { servicesContext } from "~/web/context";
import { formAction, formPageData } from "~/web/form-action.server";
import { seoMeta } from "~/utils/seo";
import { formatAddress, mapsHref, phoneHref, publicSettings } from "~/modules/site/public-settings";
import { salonWeekday } from "~/utils/dates";
import type { Route } from "./+types/contact";
import { HeadedSection } from "~/components/page";
import type { RouteFacts } from "~/web/route-facts";

export const handle: RouteFacts = { publicPages: { "/contact": {} } };

export const meta = seoMeta;

export const loader = ({ context }: Route.LoaderArgs) => {
  const settings = publicSettings(context.get(servicesContext).settings);
  // The map picture a manager put on the salons page: none, no picture.
  const map = pageContext(context).photos.shown(mapTarget(ACADEMY_SALON_ID));
  return {
    ...formPageData(context, {
      title: "Contact us",
      // The address the salon keeps in the studio, so search results never give an old one.
      description: `Send us a message, call us, or visit ${settings.name} at ${settings.address.street}, ${settings.address.town}. Our opening hours and address.`,
      path: "/contact",
    }),
    settings,
    map: map ? describePhoto(map) : undefined,
    // The page carries a form token, so it is never kept by a cache: today is today.
    today: salonWeekday(),
  };
};
export const action = (args: Route.ActionArgs) => formAction("messages", args);
export const headers = actionHeaders;

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, map, today } = loaderData;
  return (
    <PageShell wide title="Contact us" lead={<p>Questions about a service, a booking or a job? Send us a message, or give us a call.</p>}>
      <div className="grid gap-12 md:grid-cols-[3fr_2fr]">
        <HeadedSection id="message-heading" title="Send a message" headingClassName="mb-6 text-2xl">
          <SubmissionForm kind="messages" token={loaderData.token} words={loaderData.words} serverResult={actionData} />
        </HeadedSection>
        <aside aria-labelledby="visit-heading" className="space-y-6">
          <h2 id="visit-heading" className="text-2xl">
            Visit or call
          </h2>
          <address className="not-italic">
            {settings.name}
            <br />
            {formatAddress(settings)}
          </address>
          {map ? <Picture picture={map} alt={map.alt ?? ""} widths={[480, 800]} sizes="(min-width: 768px) 40vw, 100vw" className="aspect-video rounded-2xl ring-1 ring-ink/10" /> : null}
          <p>
            <a href={mapsHref(settings)} rel="noopener" className="button button-outline" data-testid="maps-link">
              Open in maps
            </a>
          </p>
          <p>
            Phone:{" "}
            <a href={phoneHref(settings.phone)} className="font-semibold text-brass-dark underline">
              {settings.phone}
            </a>
          </p>
          <div>
            <h3 className="text-xl">Opening hours</h3>
            <div className="mt-2">
              <OpeningHours settings={settings} today={today} />
            </div>
          </div>
          <div>
            <h3 className="text-xl">Getting here</h3>
            <dl className="mt-2 space-y-3">
              {[["By bus", settings.directions.bus], ["Parking", settings.directions.parking], ["Step-free access", settings.directions.access]].map(([way, words]) => (
                <div key={way}>
                  <dt className="font-semibold">{way}</dt>
                  <dd>{words}</dd>
                </div>
              ))}
            </dl>
          </div>
        </aside>
      </div>
    </PageShell>
  );
}
