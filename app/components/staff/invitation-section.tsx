/**
 * Interviews and trial days on an applicant's page. A manager fills in the
 * day, the time, the length and the place, reads exactly what the email will
 * say, sends it with a button that names it, and may take it back while it is
 * held; everyone sees the applicant's invitations. Works without JavaScript.
 */
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { href, Link } from "react-router";
import { Field, RadioGroupField, TextareaField } from "~/components/forms/field-kit";
import { invitationFormSchema, invitationKindLabels, invitationKinds, invitationSubjectLabels, MINUTES_MAX, MINUTES_MIN, type InvitationKind } from "~/modules/applicants/invitations";
import { HeldEmails, MessagePreview, type HeldEmailView } from "./applicant-email";
import { IntentForm, useIntentPending } from "./intent-form";
import { RecordList } from "./record-list";

export interface InvitationRecordView {
  id: number;
  label: string;
  when: string;
  place: string;
  note: string | null;
  withdrawn: boolean;
}

export interface InvitationPreview {
  kind: InvitationKind;
  subject: string;
  text: string;
  fields: Record<"kind" | "date" | "time" | "minutes" | "place" | "note", string>;
}

/** What the page's action answered to the invitation forms. */
export type InvitationOutcome =
  | { result: SubmissionResult<string[]> }
  | { preview: InvitationPreview }
  | { sent: string; reminderAt: string | null }
  | { takenBack: true }
  | { error: string };

/** Every invitation this applicant was sent, the latest first. */
export function InvitationRecord({ invitations }: { invitations: InvitationRecordView[] }) {
  return (
    <RecordList id="invitations" title="Interviews and trial days" empty="No invitations yet." items={invitations} keyOf={(i) => i.id}>
      {(i) => (
        <>
          <p>
            <span className="font-semibold">{i.label}</span>
            {i.withdrawn ? <span className="text-sm"> (taken back: not sent)</span> : null}
          </p>
          <p className={i.withdrawn ? "line-through" : undefined}>{i.when}</p>
          <p className="break-words">{i.place}</p>
          {i.note ? <p className="mt-1 text-sm break-words whitespace-pre-line">{i.note}</p> : null}
        </>
      )}
    </RecordList>
  );
}

/** A manager's invitation form, its preview and send, and the Undo while the email is held. */
export function InvitationDesk({ firstName, to, held, outcome }: { firstName: string; to: string; held: HeldEmailView[]; outcome: InvitationOutcome | undefined }) {
  const preview = outcome && "preview" in outcome ? outcome.preview : undefined;
  return (
    <section aria-labelledby="invite-heading" className="rounded-2xl bg-white p-5 ring-1 ring-ink/10">
      <h2 id="invite-heading" className="text-2xl">
        Invite to an interview or trial day
      </h2>
      <div role="status" className="empty:hidden">
        {outcome && "sent" in outcome ? (
          <p className="mt-3 font-semibold text-emerald-800">
            {`Sent the ${outcome.sent} to ${firstName}. ${outcome.reminderAt ? "A text reminds them the day before." : "It is too soon for a text the day before."}`}
          </p>
        ) : null}
        {outcome && "takenBack" in outcome ? <p className="mt-3 font-semibold text-emerald-800">Taken back: the invitation and its reminder will not be sent.</p> : null}
      </div>
      <HeldEmails held={held} firstName={firstName} intent="undo-invitation" />
      <InvitationForm key={preview ? JSON.stringify(preview.fields) : "new"} defaults={preview?.fields} lastResult={outcome && "result" in outcome ? outcome.result : undefined} />
      {preview ? <Preview preview={preview} firstName={firstName} to={to} /> : null}
    </section>
  );
}

function InvitationForm({ defaults, lastResult }: { defaults: InvitationPreview["fields"] | undefined; lastResult: SubmissionResult<string[]> | undefined }) {
  const busy = useIntentPending("invite-preview");
  const [form, fields] = useForm({
    id: "invitation",
    lastResult,
    defaultValue: defaults ?? { kind: "interview", minutes: "60" },
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: invitationFormSchema }),
  });
  return (
    <IntentForm form={form} intent="invite-preview" className="mt-3 space-y-4">
      <RadioGroupField meta={fields.kind} label="What for?" options={invitationKinds.map((k) => ({ value: k, label: invitationKindLabels[k] }))} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field meta={fields.date} type="date" label="Day" />
        <Field meta={fields.time} type="time" label="Starts at" hint="UK time" />
      </div>
      <Field meta={fields.minutes} type="number" inputMode="numeric" min={MINUTES_MIN} max={MINUTES_MAX} step={5} label="Length in minutes" hint={`From ${MINUTES_MIN} minutes to ${MINUTES_MAX / 60} hours (${MINUTES_MAX}).`} />
      <Field meta={fields.place} label="Place" hint="Where to come: the salon and its address, or a room." autoComplete="off" />
      <TextareaField meta={fields.note} label="A note (optional)" hint="Added at the end of the email and in the calendar entry." rows={3} />
      <button type="submit" className="button button-outline" disabled={busy}>
        {busy ? "Preparing…" : "Preview the invitation"}
      </button>
    </IntentForm>
  );
}

function Preview({ preview, firstName, to }: { preview: InvitationPreview; firstName: string; to: string }) {
  const label = invitationSubjectLabels[preview.kind];
  return (
    <MessagePreview
      id="invitation-preview"
      spacing="mt-6"
      heading={`Preview: ${label} to ${firstName}`}
      to={to}
      subject={preview.subject}
      text={preview.text}
      note={<p className="text-sm">A calendar entry goes with it, and a text reminder at 10:00 the day before.</p>}
      intent="invite"
      fields={preview.fields}
      sendLabel={`Send ${label} to ${firstName}`}
    />
  );
}

export interface ComingUpView {
  id: number;
  applicantId: number;
  name: string;
  label: string;
  when: string;
  place: string;
}

/** The staff desk's list of interviews and trial days still to come, soonest first. */
export function ComingUp({ invitations }: { invitations: ComingUpView[] }) {
  return (
    <section aria-labelledby="coming-up-heading" className="mb-8 rounded-2xl bg-white p-5 ring-1 ring-ink/10">
      <h2 id="coming-up-heading" className="text-2xl">
        Coming up
      </h2>
      {invitations.length === 0 ? (
        <p className="mt-2">No interviews or trial days booked. Invite an applicant from their page.</p>
      ) : (
        <ul className="mt-3 divide-y divide-ink/10">
          {invitations.map((i) => (
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
        </ul>
      )}
    </section>
  );
}
