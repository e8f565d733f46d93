/**
 * The staff home (/staff): what to do next (who is due today, and who gets the
 * morning email of it; for a manager, what is scheduled to go on the site and
 * what still shows a drawing, each a button to its place), then what came in
 * since this person last looked, list by list, and any message the site could
 * not send. Signing in here (the PIN form) lands here.
 */
import type { ReactNode } from "react";
import { ButtonLink, ButtonLinks, HeadedSection } from "~/components/page";
import { href, Link } from "react-router";
import { StaffFrame, useMayAct } from "~/components/staff/staff-frame";
import type { StaffHandle } from "~/components/staff/staff-refusal";
import { deskListPath, deskListTitle, newSince, waiting } from "~/modules/inbox/desk-lists";
import { deskSummary } from "~/modules/inbox/desk-summary.server";
import { dueApplicants } from "~/modules/applicants/applicants.server";
import { digestRecipientLine } from "~/modules/applicants/due-digest";
import { picturesStillDrawn } from "~/modules/photos/photos.server";
import type { ScheduledKind } from "~/modules/site/publish-at";
import { scheduledOnSite } from "~/modules/studio/scheduled.server";
import { mayAct } from "~/modules/staff/roles";
import { comingUp } from "~/modules/applicants/invitations.server";
import { Fold } from "~/components/staff/fold";
import { formatDayMonthYear, formatReceived, salonToday } from "~/utils/dates";
import { servicesContext } from "~/web/context";
import { staffMeta } from "~/web/staff-page";
import { staffContext } from "~/web/staff-route.server";
import type { Route } from "./+types/staff";

export const handle: StaffHandle = { staffTitle: "Staff desk" };
export const meta = () => staffMeta("Staff desk");

export async function loader({ context }: Route.LoaderArgs) {
  const staff = context.get(staffContext);
  const { db, settings, content, pictures } = context.get(servicesContext);
  const summary = await deskSummary(db, staff.staffId);
  const today = salonToday();
  const due = await dueApplicants(db);
  const invitations = await comingUp(db);
  // The site's own to-dos are a manager's: the studio and the photos are theirs (api-contract.md, "Roles").
  const manager = mayAct(staff.role, "manager");
  const [scheduled, drawn] = manager ? await Promise.all([scheduledOnSite(db, Object.keys(content.copy.offers.claims)), picturesStillDrawn(db, pictures)]) : [[], []];
  return {
    digest: digestRecipientLine(settings.mail.staffNotify),
    scheduled: scheduled.map((item) => ({ ...item, to: scheduledPlace[item.kind](item.slug) })),
    drawn: drawn.map((item) => ({ label: item.label, note: item.note, to: `${href("/staff/studio/photos")}?for=${encodeURIComponent(item.target)}` })),
    comingUp: invitations,
    due: due.map((a) => ({ id: a.id, name: a.name, when: a.remind_on === today ? "Today" : `Since ${formatDayMonthYear(a.remind_on!)}` })),
    lists: summary.lists.map((s) => ({
      list: s.list,
      title: deskListTitle(s.list),
      path: deskListPath(s.list),
      fresh: s.fresh,
      freshText: newSince(s.list, s.fresh),
      waitingText: waiting(s.list, s.waiting),
      lastSeen: s.lastSeen ? `You last looked ${formatReceived(s.lastSeen)}` : "You haven't opened this list yet",
    })),
    failedMessages: summary.failedMessages,
  };
}

/** Where each kind of scheduled item is changed: its row on its studio page (the ids those pages give it). */
const scheduledPlace: Record<ScheduledKind, (slug: string) => string> = {
  post: (slug) => `${href("/staff/studio/posts")}#post-item-${slug}`,
  offer: (slug) => `${href("/staff/studio/offers")}#offer-item-${slug}`,
  news: (slug) => `${href("/staff/site")}#news-${slug}`,
};
const scheduledKindLabel: Record<ScheduledKind, string> = { post: "Post", offer: "Offer", news: "Shop news" };

/** The staff layout's guard takes the PIN form and sign-out; nothing else posts here. */
export { guardOnlyAction as action } from "~/web/staff-route.server";

export default function StaffHome({ loaderData }: Route.ComponentProps) {
  const { lists, failedMessages, due } = loaderData;
  const manager = useMayAct("manager");
  return (
    <StaffFrame title="Staff desk" lead={<p>What has come in since you last looked. Each list opens with what still needs doing.</p>}>
      <ToDo id="due" title="Due today" note={loaderData.digest} empty={'Nothing is due. Set a "remind me on" date on an applicant to see them here on the day.'}>
        {due.map((d) => (
          <li key={d.id} className="flex flex-wrap items-baseline justify-between gap-x-4 py-2">
            <Link to={href("/applicant/:id", { id: String(d.id) })} className="inline-flex min-h-11 items-center font-semibold break-words text-brass-dark underline">
              {d.name}
            </Link>
            <span className="text-sm">{d.when}</span>
          </li>
        ))}
      </ToDo>

      {/* The staff desk's interviews and trial days still to come, soonest first. */}
      <ToDo id="coming-up" title="Coming up" empty="No interviews or trial days booked. Invite an applicant from their page.">
        {loaderData.comingUp.map((i) => (
          <li key={i.id} className="py-2">
            <p className="flex flex-wrap items-baseline gap-x-3">
              <Link to={href("/applicant/:id", { id: String(i.applicantId) })} className="inline-flex min-h-11 items-center font-semibold break-words text-brass-dark underline">
                {i.name}
              </Link>
              <span className="text-sm font-semibold">{i.label}</span>
            </p>
            <p>{i.when}</p>
            <p className="text-sm break-words">{i.place}</p>
          </li>
        ))}
      </ToDo>

      {manager ? (
        <ToDo id="scheduled" title="Scheduled" empty="Nothing is waiting to go on the website. Give a post, an offer or a shop news item a publish time to see it here.">
          {loaderData.scheduled.map((item) => (
            <li key={`${item.kind}-${item.slug}`} className="flex flex-wrap items-baseline justify-between gap-x-4 py-2">
              <Link to={item.to} className="inline-flex min-h-11 items-center font-semibold break-words text-brass-dark underline">
                {`${scheduledKindLabel[item.kind]}: ${item.title}`}
              </Link>
              <time dateTime={item.publishAt} className="text-sm">{`Goes on ${item.when}`}</time>
            </li>
          ))}
        </ToDo>
      ) : null}

      <section aria-labelledby="new-heading">
        <h2 id="new-heading" className="sr-only">
          New since you last looked
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {lists.map((l) => (
            <li key={l.list}>
              <Tile to={l.path} title={l.title} highlight={l.fresh > 0}>
                <p className="text-lg font-semibold">{l.freshText}</p>
                <p>{l.waitingText}</p>
                <p className="mt-1 text-sm">{l.lastSeen}</p>
              </Tile>
            </li>
          ))}
          <li>
            <Tile to={failedMessages > 0 ? "/staff/outbox?show=failed" : "/staff/outbox"} title="Messages sent" highlight={failedMessages > 0}>
              <p className="text-lg font-semibold">
                {failedMessages === 0 ? "None failed" : `${failedMessages} failed to send`}
              </p>
              <p>Every email and text the site has sent, and any that are waiting.</p>
            </Tile>
          </li>
        </ul>
      </section>

      {/* A new site shows a drawing in every place (forty and more): the list waits, folded on a phone, below what came in. */}
      {manager ? (
        <div className="mt-8">
          <ToDo id="drawn" title="Still a drawing" lead="Where the website shows a drawing until you add a photo." empty="Every place that wants a photo has one." folded>
            {loaderData.drawn.map((item) => (
              <li key={item.to} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
                <span className="break-words">
                  {item.label}
                  {item.note ? <span className="block text-sm">{item.note}</span> : null}
                </span>
                <Link to={item.to} className="button button-outline min-h-11 py-1 text-sm">
                  Add a photo<span className="sr-only">{`: ${item.label}`}</span>
                </Link>
              </li>
            ))}
          </ToDo>
        </div>
      ) : null}

      {manager ? (
        <HeadedSection id="site-heading" className="mt-10" title="The website">
        <p className="mt-2 max-w-2xl">Turn the offers on or off, move their end date, and post shop news. Changes show on the site at once.</p>
        <ButtonLinks as="p" className="mt-4 flex flex-wrap gap-3" links={[{ to: href("/staff/site"), label: "Site switches" }, { to: href("/staff/email-templates"), label: "Email wording" }]} />
        <p className="mt-6 max-w-2xl">How many people visit, and who asked for offers by email or text.</p>
        <p className="mt-4 flex flex-wrap gap-3">
          <ButtonLink to={href("/staff/visits")} outline>Visits</ButtonLink>
          <ButtonLink to={href("/staff/marketing")} outline>Offers consents</ButtonLink>
        </p>
        </HeadedSection>
      ) : null}
    </StaffFrame>
  );
}

/** A short list of things to do on the desk, with what to say when there are none; `note` shows either way, `lead` above a list. */
function ToDo({ id, title, note, lead, empty, folded, children }: { id: string; title: string; note?: string; lead?: string; empty: string; folded?: boolean; children: ReactNode[] }) {
  const list = <ul className="mt-3 divide-y divide-ink/10">{children}</ul>;
  return (
    <HeadedSection id={`${id}-heading`} className="mb-8 rounded-2xl bg-white p-5 ring-1 ring-ink/10" title={title}>
      {note ? <p className="mt-1 text-sm">{note}</p> : null}
      {children.length === 0 ? (
        <p className="mt-2">{empty}</p>
      ) : (
        <>
          {lead ? <p className="mt-1 text-sm">{lead}</p> : null}
          {folded ? (
            <Fold className="mt-2" summary={<span className="font-semibold">{children.length === 1 ? "1 place" : `${children.length} places`}</span>}>
              {list}
            </Fold>
          ) : (
            list
          )}
        </>
      )}
    </HeadedSection>
  );
}

function Tile({ to, title, highlight, children }: { to: string; title: string; highlight: boolean; children: ReactNode }) {
  return (
    <Link
      to={to}
      className={`block h-full rounded-2xl border-l-8 bg-white p-5 no-underline shadow-sm ring-1 ring-ink/10 hover:ring-brass ${highlight ? "border-l-brass-dark" : "border-l-ink/20"}`}
    >
      <h3 className="text-xl text-brass-dark underline">{title}</h3>
      <div className="mt-2">{children}</div>
    </Link>
  );
}
