/**
 * Messages sent (/staff/outbox): every email and text the site sent, to whom
 * and when, newest first; the ones waiting, failed or not sent with the
 * reason; and "Send again" for a failed one, which puts it back in the queue.
 * Each is listed by its subject (a text by its first line), which opens it to
 * read (staff-outbox-message.tsx).
 */
import { data, href, Link, useNavigation } from "react-router";
import { BusyButton, HiddenForm } from "~/components/staff/intent-form";
import { FilterLinks } from "~/components/staff/filter-links";
import { StaffFrame } from "~/components/staff/staff-frame";
import type { StaffHandle } from "~/components/staff/staff-refusal";
import { formatReceived } from "~/utils/dates";
import { isSentFilter, SENT_LIST_LIMIT, sentFilterLabels, sentFilters, statusLabels, templateLabel, type SentFilter } from "~/modules/sent-messages/sent-message-views";
import { countSentMessages, listSentMessages, sendAgain } from "~/modules/sent-messages/sent-messages.server";
import { recordListLook } from "~/modules/audit/audit.server";
import { servicesContext } from "~/web/context";
import { staffMeta } from "~/web/staff-page";
import { staffContext, staffPost } from "~/web/staff-route.server";
import type { Route } from "./+types/staff.outbox";
import { ErrorList } from "~/components/forms/field-kit";

export const handle: StaffHandle = { staffTitle: "Messages sent" };
export const meta = () => staffMeta("Messages sent");

export async function loader({ context, url }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const staff = context.get(staffContext);
  const asked = url.searchParams.get("show");
  const filter: SentFilter = isSentFilter(asked) ? asked : "all";
  const [messages, total] = await Promise.all([listSentMessages(services.db, filter), countSentMessages(services.db, filter)]);
  await recordListLook(services.db, staff, "outbox", filter);
  return {
    filter,
    total,
    messages: messages.map((m) => ({
      id: m.id,
      channel: m.channel,
      recipient: m.recipient,
      headline: m.headline,
      kind: templateLabel(m.template),
      status: m.status,
      statusLabel: statusLabels[m.status],
      reason: m.status === "sent" ? null : m.reason,
      queued: formatReceived(m.created_at),
      sent: m.sent_at ? formatReceived(m.sent_at) : null,
      attempts: m.attempts,
      nextTry: m.status === "pending" && m.attempts > 0 ? formatReceived(m.next_attempt_at) : null,
    })),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { services, staff, form } = await staffPost(context, request);
  if (form.get("intent") !== "send-again") return data({ intent: "unknown" as const, error: "That action isn't one this page knows." }, { status: 400 });
  const result = await sendAgain(services.db, staff, String(form.get("id") ?? ""));
  if (result === "not-found") return data({ intent: "send-again" as const, error: "That message is no longer here." }, { status: 404 });
  if (result === "not-failed") return data({ intent: "send-again" as const, error: "That message hasn't failed: it is sent or already waiting to go." }, { status: 409 });
  services.outbox.wake();
  return { intent: "send-again" as const, queued: true };
}

const statusStyle: Record<string, string> = {
  pending: "bg-amber-200 text-amber-950",
  sending: "bg-amber-200 text-amber-950",
  sent: "bg-emerald-700 text-white",
  failed: "bg-rose-700 text-white",
  suppressed: "bg-stone-600 text-white",
  digest: "bg-sky-800 text-white",
};

export default function Outbox({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { filter, total, messages } = loaderData;
  const busyId = navigation.state !== "idle" && navigation.formData?.get("intent") === "send-again" ? navigation.formData.get("id") : null;
  return (
    <StaffFrame
      title="Messages sent"
      lead={<p>Every email and text message the site has sent or is about to send. Messages go when the records they belong to go.</p>}
    >
      <div className="space-y-6">
        <FilterLinks
          label="Which messages to show"
          filters={sentFilters}
          current={filter}
          labels={sentFilterLabels}
          href={(f) => (f === "all" ? "/staff/outbox" : `/staff/outbox?show=${f}`)}
        />
        <div aria-live="polite" className="empty:hidden">
          {actionData?.intent === "send-again" && "queued" in actionData ? <p className="notice">The message is back in the queue and will go in a moment.</p> : null}
        </div>
        <ErrorList errors={actionData && "error" in actionData ? [actionData.error] : undefined} />
        <p className="text-sm">
          {total === 1 ? "1 message" : `${total} messages`}
          {total > messages.length ? ` · the newest ${SENT_LIST_LIMIT} shown` : ""}
        </p>
        {messages.length === 0 ? (
          <p className="notice">No messages here.</p>
        ) : (
          <ul className="space-y-4">
            {messages.map((m) => (
              <li key={m.id}>
                <article aria-label={`${m.channel === "email" ? "Email" : "Text"} to ${m.recipient}`} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink/10 sm:p-5">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    {/* The subject is what a person knows a message by; it opens the message to read. */}
                    <h2 className="min-w-0 text-lg font-semibold break-words">
                      <Link to={href("/staff/outbox/:id", { id: m.id })} className="underline underline-offset-4">
                        {m.headline || "(no subject)"}
                      </Link>
                    </h2>
                    <span className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold ${statusStyle[m.status]}`}>{m.statusLabel}</span>
                  </div>
                  <p className="mt-2 break-all">
                    <span className="font-semibold">To: </span>
                    {m.recipient}
                  </p>
                  <p className="mt-1 text-sm">{`${m.channel === "email" ? "Email" : "Text message"} · ${m.kind}`}</p>
                  <p className="mt-2 text-sm">
                    {`Queued ${m.queued}`}
                    {m.sent ? ` · sent ${m.sent}` : ""}
                    {m.attempts > 1 ? ` · ${m.attempts} attempts` : ""}
                    {m.nextTry ? ` · next try ${m.nextTry}` : ""}
                  </p>
                  {m.reason ? (
                    <p className="mt-2 rounded-xl bg-red-50 p-3 text-sm break-words text-red-900">
                      <span className="font-semibold">Reason: </span>
                      {m.reason}
                    </p>
                  ) : null}
                  {m.status === "failed" ? (
                    <HiddenForm fields={{ intent: "send-again", id: m.id }} className="mt-3">
                      <BusyButton busy={busyId === m.id} busyText="Queuing…" className="button button-primary">Send again</BusyButton>
                    </HiddenForm>
                  ) : null}
                </article>
              </li>
            ))}
          </ul>
        )}
      </div>
    </StaffFrame>
  );
}
