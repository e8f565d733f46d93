/**
 * Interviews and trial days on an applicant's page. A manager or reception
 * fills in the day, the time, the length and the place, reads exactly what the
 * email will say (and is asked first when one of the same kind is still to
 * come), sends it with a button that names it, moves it or calls it off, and
 * may take any of those emails back while it is held: each says when it
 * leaves. Works without JavaScript.
 */
import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, type ComponentProps } from "react";
import {
  Field,
  RadioGroupField,
  TextareaField,
} from "~/components/forms/field-kit";
import {
  invitationFormSchema,
  invitationKindLabels,
  invitationKinds,
  invitationStateLabels,
  invitationSubjectLabels,
  MINUTES_MAX,
  MINUTES_MIN,
  moveFormSchema,
  type InvitationKind,
  type InvitationListed,
} from "~/modules/applicants/invitations";
import {
  HeldEmails,
  MessagePreview,
  type HeldEmailView,
} from "./applicant-email";
import { Fold } from "./fold";
import { BusyButton, HiddenForm, StudioForm, useCheckedForm, useIntentPending } from "./intent-form";
import { RecordList } from "./record-list";

interface InvitationRecordView extends InvitationListed {
  /** The salon's day and time it starts: the move form starts from them. */
  date: string;
  time: string;
}

interface InvitationPreview {
  kind: InvitationKind;
  subject: string;
  text: string;
  fields: Record<string, string>;
  /** One of the same kind is still to come: the page says so, and the button sends another on purpose. */
  already: string | null;
}

/** What the page's action answered to the invitation forms. */
type InvitationOutcome =
  | { result: SubmissionResult<string[]> }
  | { moveResult: SubmissionResult<string[]>; invitationId: number }
  | { preview: InvitationPreview }
  | { sent: string; reminderAt: string | null; sendAt: string }
  | { moved: string; sendAt: string }
  | { cancelled: true; sendAt: string }
  | { takenBack: true }
  | { error: string };

/** "10:32:05": when a held email leaves, in the salon's time. */
export const leavesAtText = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/London",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hour12: false,
  }).format(new Date(iso));

/** Every invitation this applicant was sent, the latest first, each with its state; one still to come can be moved or called off. */
export function InvitationRecord({
  invitations,
  outcome,
}: {
  invitations: InvitationRecordView[];
  outcome?: InvitationOutcome | undefined;
}) {
  return (
    <RecordList
      id="invitations"
      title="Interviews and trial days"
      empty="No invitations yet."
      items={invitations}
      keyOf={(i) => i.id}
    >
      {(i) => (
        <>
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-semibold">{i.label}</span>
            <span className="text-sm">
              {i.withdrawn
                ? "(taken back: not sent)"
                : `(${invitationStateLabels[i.state]})`}
            </span>
          </p>
          <p className={i.state === "cancelled" ? "line-through" : undefined}>
            {i.when}
          </p>
          <p className="break-words">{i.place}</p>
          {i.note ? (
            <p className="mt-1 text-sm break-words whitespace-pre-line">
              {i.note}
            </p>
          ) : null}
          {i.open ? (
            <ChangeInvitation
              invitation={i}
              lastResult={
                outcome &&
                "moveResult" in outcome &&
                outcome.invitationId === i.id
                  ? outcome.moveResult
                  : undefined
              }
            />
          ) : null}
        </>
      )}
    </RecordList>
  );
}

/** Move (a new day, time, length, place or note) or call off one invitation; each email is held with an Undo. */
function ChangeInvitation({
  invitation,
  lastResult,
}: {
  invitation: InvitationRecordView;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const moving = useIntentPending("invite-move");
  const cancelling = useIntentPending("invite-cancel");
  const what = invitationKindLabels[invitation.kind].toLowerCase();
  const [form, fields] = useCheckedForm(moveFormSchema, {
    id: `move-${invitation.id}`,
    lastResult,
    defaultValue: {
      invitation_id: String(invitation.id),
      date: invitation.date,
      time: invitation.time,
      minutes: String(invitation.minutes),
      place: invitation.place,
      note: invitation.note ?? "",
    },
    shouldRevalidate: "onSubmit",
  });
  return (
    // Keyed by what it says: once moved it folds shut, showing the new time.
    <details key={`${invitation.date}T${invitation.time}/${invitation.minutes}/${invitation.place}`} className="mt-2" open={lastResult !== undefined}>
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brass-dark underline">{`Move or cancel the ${what}`}</summary>
      <StudioForm form={form} intent="invite-move" hidden={{ invitation_id: invitation.id }} className="mt-2 space-y-4">
        <InvitationFields fields={fields} dayLabel="New day" />
        <p className="text-sm">{`${invitation.label} emails an updated calendar entry; the text the day before moves with it.`}</p>
        <BusyButton busy={moving} busyText="Moving…" className="button button-primary">{`Move the ${what}`}</BusyButton>
      </StudioForm>
      <HiddenForm fields={{ intent: "invite-cancel", invitation_id: invitation.id }} className="mt-4 space-y-2">
        <p className="text-sm">
          Calling it off emails a cancellation that removes it from their
          calendar, and withdraws the text the day before.
        </p>
        <BusyButton busy={cancelling} busyText="Cancelling…" className="button button-outline">{`Cancel the ${what}`}</BusyButton>
      </HiddenForm>
    </details>
  );
}

/** The invitation form, its preview and send, what was just done (saying when its email leaves), and the Undo while each email is held. */
export function InvitationDesk({
  firstName,
  to,
  held,
  outcome,
}: {
  firstName: string;
  to: string;
  held: HeldEmailView[];
  outcome: InvitationOutcome | undefined;
}) {
  const preview = outcome && "preview" in outcome ? outcome.preview : undefined;
  // What was just sent, moved, cancelled or taken back, with its Undo: brought into view where the eye is (the
  // move and cancel forms sit above it and fold shut once done, so on a phone it could land below the screen).
  const news = useRef<HTMLDivElement>(null);
  const said = !outcome
    ? undefined
    : "sent" in outcome
      ? `The ${outcome.sent} to ${firstName} leaves at ${leavesAtText(outcome.sendAt)}: until then you can take it back. ${outcome.reminderAt ? "A text reminds them the day before." : "It is too soon for a text the day before."}`
      : "moved" in outcome
        ? `Moved to ${outcome.moved}. The email saying so leaves at ${leavesAtText(outcome.sendAt)}: until then you can take it back.`
        : "cancelled" in outcome
          ? `Cancelled. The email saying so leaves at ${leavesAtText(outcome.sendAt)}: until then you can take it back.`
          : "takenBack" in outcome
            ? "Taken back: that email will not be sent, and the invitation is as it was."
            : undefined;
  const done = said ? outcome : undefined;
  const heldCount = held.length;
  useEffect(() => {
    if (!done) return;
    // After the page has laid out what the answer changed (the move form folds shut above).
    const frame = requestAnimationFrame(() => news.current?.scrollIntoView({ block: "center" }));
    return () => cancelAnimationFrame(frame);
  }, [done, heldCount]);
  return (
    <section
      aria-labelledby="invite-heading"
      className="rounded-2xl bg-white p-5 ring-1 ring-ink/10"
    >
      <h2 id="invite-heading" className="text-2xl">
        Invite to an interview or trial day
      </h2>
      <div ref={news}>
        <div role="status" className="empty:hidden">
          {said ? <p className="mt-3 font-semibold text-emerald-800">{said}</p> : null}
        </div>
        <HeldEmails
          held={held}
          firstName={firstName}
          intent="undo-invitation"
        />
      </div>
      {/* Eight boxes: shut on a phone until wanted, open with its answer or preview (decision 0071). */}
      <Fold className="mt-3 border-t border-ink/10 pt-2" summary={<h3 className="text-lg">Write an invitation</h3>} open={Boolean(preview) || (outcome !== undefined && "result" in outcome)}>
        <InvitationForm
          key={preview ? JSON.stringify(preview.fields) : "new"}
          defaults={preview?.fields}
          lastResult={outcome && "result" in outcome ? outcome.result : undefined}
        />
      </Fold>
      {preview ? (
        <MessagePreview
          id="invitation-preview"
          spacing="mt-6"
          heading={`Preview: ${invitationSubjectLabels[preview.kind]} to ${firstName}`}
          to={to}
          subject={preview.subject}
          text={preview.text}
          note={
            <>
              {preview.already ? <p className="notice font-semibold">{preview.already}</p> : null}
              <p className="text-sm">A calendar entry goes with it, and a text reminder at 10:00 the day before.</p>
            </>
          }
          intent="invite"
          fields={preview.fields}
          sendLabel={`Send ${preview.already ? "another " : ""}${invitationSubjectLabels[preview.kind]} to ${firstName}`}
        />
      ) : null}
    </section>
  );
}

function InvitationForm({
  defaults,
  lastResult,
}: {
  defaults: Record<string, string> | undefined;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const busy = useIntentPending("invite-preview");
  const [form, fields] = useCheckedForm(invitationFormSchema, { id: "invitation", lastResult, defaultValue: defaults ?? { kind: "interview", minutes: "60" }, shouldRevalidate: "onSubmit" });
  return (
    <StudioForm form={form} intent="invite-preview" className="mt-3 space-y-4">
      <RadioGroupField
        meta={fields.kind}
        label="What for?"
        options={invitationKinds.map((k) => ({
          value: k,
          label: invitationKindLabels[k],
        }))}
      />
      <InvitationFields fields={fields} dayLabel="Day" hints />
      <BusyButton busy={busy} busyText="Preparing…" className="button button-outline">Preview the invitation</BusyButton>
    </StudioForm>
  );
}

type FieldMeta = ComponentProps<typeof Field>["meta"];

/** The day, the time it starts, its length, the place and a note, as the invite form (with `hints`) and the move form ask for them. */
function InvitationFields({ fields, dayLabel, hints = false }: { fields: Record<"date" | "time" | "minutes" | "place" | "note", FieldMeta>; dayLabel: string; hints?: boolean }) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field meta={fields.date} type="date" label={dayLabel} />
        <Field meta={fields.time} type="time" label="Starts at" hint="UK time" />
      </div>
      <Field meta={fields.minutes} type="number" inputMode="numeric" min={MINUTES_MIN} max={MINUTES_MAX} step={5} label="Length in minutes" hint={hints ? `From ${MINUTES_MIN} minutes to ${MINUTES_MAX / 60} hours (${MINUTES_MAX}).` : undefined} />
      <Field meta={fields.place} label="Place" hint={hints ? "Where to come: the salon and its address, or a room." : undefined} autoComplete="off" />
      <TextareaField meta={fields.note} label="A note (optional)" hint={hints ? "Added at the end of the email and in the calendar entry." : undefined} rows={hints ? 3 : 2} />
    </>
  );
}
