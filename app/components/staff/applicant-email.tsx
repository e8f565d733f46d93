/**
 * An applicant's emails on their page: choose a reply, read exactly what will
 * be sent, send it with a button that names it, and take it back while it is
 * held. Every form works without JavaScript; with it, the page looks again
 * when a hold ends so the Undo goes away by itself.
 */
import type { SubmissionResult } from "@conform-to/react";
import { useEffect, type ReactNode } from "react";
import { useActionData, useNavigation, useRevalidator } from "react-router";
import { emailTemplateLabels, type EmailTemplateName } from "~/modules/applicants/email-templates";
import { emailChoiceSchema } from "~/modules/applicants/staff-schemas";
import { RadioGroupField } from "~/components/forms/field-kit";
import { BusyButton, HiddenForm, StudioForm, useCheckedForm, useIntentPending } from "./intent-form";
import { RecordList } from "./record-list";

export interface HeldEmailView {
  id: string;
  label: string;
  leavesAt: string;
  heldUntil: string;
}

export function EmailChooser({ firstName, sent, lastResult }: { firstName: string; sent: string | null; lastResult: SubmissionResult<string[]> | undefined }) {
  const busy = useIntentPending("preview");
  // Which canned replies may go now (the spec's rules): none once 'unsuccessful' went, no second 'maybe'.
  const replies: EmailTemplateName[] = sent === "unsuccessful" ? [] : sent === "maybe" ? ["unsuccessful"] : ["unsuccessful", "maybe"];
  const [form, fields] = useCheckedForm(emailChoiceSchema, { id: "email-choice", lastResult, shouldRevalidate: "onSubmit" });
  if (replies.length === 0) return <p className="mt-2">{`The 'No place for you' email has gone to ${firstName}: no other reply can follow it.`}</p>;
  return (
    // Which reply to preview is a choice, not an edit: leaving with one picked loses nothing (unsaved-changes.tsx).
    <div data-unsaved-ignore>
      <StudioForm form={form} intent="preview" className="mt-3 space-y-4">
        <RadioGroupField meta={fields.response} label="Which reply?" options={replies.map((r) => ({ value: r, label: emailTemplateLabels[r] }))} />
        <BusyButton busy={busy} busyText="Preparing…" className="button button-outline">Preview the email</BusyButton>
      </StudioForm>
    </div>
  );
}

/**
 * A message to an applicant as it will be sent, and the one button that sends
 * it: posted with `intent` and the `fields` the action needs to send it again
 * exactly so. `note` says what goes with it.
 */
export function MessagePreview({
  id,
  spacing,
  heading,
  to,
  subject,
  text,
  note,
  intent,
  fields,
  sendLabel,
}: {
  id: string;
  /** The margin above it: "mt-4", "mt-6". */
  spacing: string;
  heading: string;
  to: string;
  subject: string;
  text: string;
  note?: ReactNode;
  intent: string;
  fields: Record<string, string>;
  sendLabel: string;
}) {
  const sending = useIntentPending(intent);
  return (
    <div className={`${spacing} space-y-3`} id={id}>
      <h3 className="text-lg">{heading}</h3>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[6rem_1fr]">
        <dt className="font-semibold">To</dt>
        <dd className="break-all">{to}</dd>
        <dt className="font-semibold">Subject</dt>
        <dd className="break-words">{subject}</dd>
      </dl>
      <pre className="rounded-xl bg-chalk p-3 font-sans text-sm break-words whitespace-pre-wrap ring-1 ring-ink/10">{text}</pre>
      {note}
      <HiddenForm fields={{ intent, ...fields }} className="flex flex-wrap items-center gap-3">
        <BusyButton busy={sending} busyText="Sending…" className="button button-primary">{sendLabel}</BusyButton>
      </HiddenForm>
      <p className="text-sm">It waits a few seconds before it leaves, so you can take it back.</p>
    </div>
  );
}

/**
 * Emails still held: each says when it leaves, with an Undo (posted with `intent`, by default the replies' own).
 * The page refreshes itself once the first has left, unless it is showing a preview: a refresh forgets what the
 * page's last post answered (React Router's revalidation clears the action data), and the preview a manager is
 * reading would vanish under their finger. The next post refreshes the list instead.
 */
export function HeldEmails({ held, firstName, intent = "undo-email" }: { held: HeldEmailView[]; firstName: string; intent?: string }) {
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const answered: unknown = useActionData();
  const previewing = typeof answered === "object" && answered !== null && "preview" in answered;
  const next = held.map((h) => new Date(h.heldUntil).getTime()).sort((a, b) => a - b)[0];
  useEffect(() => {
    if (next === undefined || previewing) return;
    // Without signal the refresh waits for it: one that failed would take the page, and anything typed on it, with it.
    const stop = new AbortController();
    const refresh = () => void revalidator.revalidate();
    const timer = setTimeout(() => (navigator.onLine ? refresh() : window.addEventListener("online", refresh, { once: true, signal: stop.signal })), Math.max(0, next - Date.now()) + 1500);
    return () => {
      clearTimeout(timer);
      stop.abort();
    };
  }, [next, previewing, revalidator]);
  return (
    <div className="empty:hidden">
      {held.map((h) => {
        const undoing = navigation.state !== "idle" && navigation.formData?.get("message_id") === h.id;
        return (
          <div key={h.id} className="mt-3 flex flex-wrap items-center gap-3 rounded-xl bg-blush/50 p-3">
            <p className="font-semibold">{`'${h.label}' to ${firstName} leaves at ${h.leavesAt}.`}</p>
            <HiddenForm fields={{ intent, message_id: h.id }}>
              <BusyButton busy={undoing} busyText="Taking it back…" className="button button-outline min-h-10 py-1">Undo</BusyButton>
            </HiddenForm>
          </div>
        );
      })}
    </div>
  );
}

/** Every email to this applicant, newest first, each with its text. */
export function EmailRecord({ emails }: { emails: { id: string; subject: string; text: string; state: string }[] }) {
  return (
    <RecordList id="emails" title="Emails" empty="No emails yet." items={emails} keyOf={(email) => email.id}>
      {(email) => (
        <details>
          <summary className="cursor-pointer">
            <span className="font-semibold break-words">{email.subject}</span> <span className="text-sm">{email.state}</span>
          </summary>
          <pre className="mt-2 font-sans text-sm break-words whitespace-pre-wrap">{email.text}</pre>
        </details>
      )}
    </RecordList>
  );
}
