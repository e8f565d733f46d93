/**
 * The applicant page's own two small forms. The first: a note and the follow-up, saved together. With JavaScript
 * the Update button appears only once there is something to save (a note, or a different follow-up); without it
 * the button is always there and the server refuses an empty change with a message. Until then it is invisible, not
 * left out: the form always has its submit button (HTML_CodeSniffer's H32.2, decision 0067), and it keeps its room,
 * so nothing under it moves when the app starts or when it appears (a tap on a phone landed on the wrong thing).
 * The second: a "remind me on" date, on which day the applicant shows at the top of the staff desk; an empty date
 * clears it.
 */
import type { SubmissionResult } from "@conform-to/react";
import { followUpLabels } from "~/modules/applicants/applicant-views";
import { NOTE_MAX_LENGTH } from "~/modules/applicants/notes";
import { followUpChoices, followUpFromChoice, remindFormSchema, updateFormSchema } from "~/modules/applicants/staff-schemas";
import { Field, RadioGroupField, TextareaField } from "~/components/forms/field-kit";
import { useHydrated } from "~/components/client-state";
import { formatDayMonthYear } from "~/utils/dates";
import { BusyButton, StudioForm, useCheckedForm, useIntentPending } from "./intent-form";

const followUpOptions = followUpChoices.map((choice) => ({ value: choice, label: followUpLabels[followUpFromChoice(choice)] }));

export function UpdateForm({ followUp, lastResult }: { followUp: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const saving = useIntentPending("update");
  const interactive = useHydrated();
  const [form, fields] = useCheckedForm(updateFormSchema, { id: "applicant-update", lastResult, defaultValue: { note: "", follow_up: followUp } });
  const note = typeof fields.note.value === "string" ? fields.note.value : "";
  const chosen = typeof fields.follow_up.value === "string" ? fields.follow_up.value : followUp;
  const changed = note.trim() !== "" || chosen !== followUp;

  return (
    <StudioForm form={form} intent="update" className="space-y-4">
      <TextareaField
        meta={fields.note}
        label="New note"
        hint="Saved with your name and today's date. Notes are never changed afterwards."
        rows={3}
        maxLength={NOTE_MAX_LENGTH}
      />
      <RadioGroupField meta={fields.follow_up} label="Follow-up" options={followUpOptions} />
      <BusyButton busy={saving} busyText="Updating…" className={`button button-primary min-w-32 ${interactive && !changed ? "invisible" : ""}`}>Update</BusyButton>
    </StudioForm>
  );
}

/** `digest`: who gets the morning email of what is due (the staff desk says it too). */
export function RemindForm({ remindOn, lastResult, saved, digest }: { remindOn: string | null; lastResult: SubmissionResult<string[]> | undefined; saved: boolean; digest: string }) {
  const busy = useIntentPending("remind");
  const [form, fields] = useCheckedForm(remindFormSchema, { id: "applicant-remind", lastResult, defaultValue: { remind_on: remindOn ?? "" }, shouldRevalidate: "onSubmit" });
  return (
    <StudioForm form={form} intent="remind" className="mt-3 space-y-3">
      <Field
        meta={fields.remind_on}
        type="date"
        label="Remind me on"
        hint={`${remindOn ? `Set for ${formatDayMonthYear(remindOn)}. Clear the date to remove it.` : "On that day this applicant shows under Due today on the staff desk."} ${digest}`}
      />
      <div className="flex flex-wrap items-center gap-3">
        <BusyButton busy={busy} busyText="Saving…" className="button button-outline">Save the date</BusyButton>
        <p role="status" className="empty:hidden font-semibold text-emerald-800">
          {saved ? (remindOn ? "Reminder saved." : "Reminder cleared.") : ""}
        </p>
      </div>
    </StudioForm>
  );
}
