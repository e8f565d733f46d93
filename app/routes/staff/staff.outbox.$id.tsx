/**
 * One message from "Messages sent" (/staff/outbox/{id}): to whom, its subject
 * and its words as they went (or will go), and what became of it. Any staff
 * member signed in may read it, as they may the list; each reading goes to the
 * audit trail. The id is the message's own, so the address names no one.
 */
import { Fragment } from "react";
import { data, href, Link } from "react-router";
import { HeadedSection } from "~/components/page";
import { StaffFrame } from "~/components/staff/staff-frame";
import type { StaffHandle } from "~/components/staff/staff-refusal";
import { statusLabels, templateLabel } from "~/modules/sent-messages/sent-message-views";
import { getSentMessage, recordMessageRead } from "~/modules/sent-messages/sent-messages.server";
import { formatReceived } from "~/utils/dates";
import { servicesContext } from "~/web/context";
import { staffMeta } from "~/web/staff-page";
import { staffContext } from "~/web/staff-route.server";
import type { Route } from "./+types/staff.outbox.$id";

export const handle: StaffHandle = { staffTitle: "A message sent" };
export const meta = () => staffMeta("A message sent");

export async function loader({ context, params }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const staff = context.get(staffContext);
  const message = await getSentMessage(services.db, params.id);
  if (!message) throw data("No message has that id: it may have gone with the record it belonged to.", { status: 404 });
  await recordMessageRead(services.db, staff, message.id);
  return {
    message: {
      channel: message.channel,
      recipient: message.recipient,
      title: message.subject ?? (message.channel === "email" ? "(no subject)" : `Text message to ${message.recipient}`),
      kind: templateLabel(message.template),
      text: message.text,
      status: statusLabels[message.status],
      queued: formatReceived(message.created_at),
      sent: message.sent_at ? formatReceived(message.sent_at) : null,
      held: message.heldUntil ? formatReceived(message.heldUntil) : null,
      reason: message.status === "sent" ? null : message.reason,
    },
  };
}

export default function OutboxMessage({ loaderData }: Route.ComponentProps) {
  const { message } = loaderData;
  return (
    <StaffFrame title={message.title} lead={<p>{`${message.channel === "email" ? "Email" : "Text message"} · ${message.kind}`}</p>}>
      <div className="max-w-3xl space-y-6">
        <p>
          <Link to={href("/staff/outbox")} className="inline-flex min-h-11 items-center font-semibold text-brass-dark underline">
            ← All messages sent
          </Link>
        </p>
        <dl className="grid grid-cols-[6rem_1fr] gap-x-4 gap-y-2 sm:grid-cols-[8rem_1fr] sm:gap-x-6">
          {Object.entries({ To: message.recipient, State: message.status, Queued: message.queued, "Held until": message.held, Sent: message.sent }).map(([term, value]) =>
            value === null ? null : (
              <Fragment key={term}>
                <dt className="font-semibold">{term}</dt>
                <dd className={term === "To" ? "break-all" : undefined}>{value}</dd>
              </Fragment>
            ),
          )}
        </dl>
        {message.reason ? (
          <p className="rounded-xl bg-red-50 p-3 text-sm break-words text-red-900">
            <span className="font-semibold">Reason: </span>
            {message.reason}
          </p>
        ) : null}
        <HeadedSection id="words-heading" className="rounded-2xl bg-white p-5 ring-1 ring-ink/10" title="What it says">
          {message.text.trim() ? (
            <p className="mt-3 break-words whitespace-pre-line">{message.text}</p>
          ) : (
            <p className="mt-3">Its words are written from the record it belongs to when it goes, so they show here once it has been sent.</p>
          )}
        </HeadedSection>
      </div>
    </StaffFrame>
  );
}
