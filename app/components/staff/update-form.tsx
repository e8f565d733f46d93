/**
 * A note and the follow-up, saved together. With JavaScript the Update button
 * appears only once there is something to save (a note, or a different
 * follow-up); without it the button is always there and the server refuses an
 * empty change with a message. Until then it is `hidden`, not left out: the form
 * always has its submit button (HTML_CodeSniffer's H32.2, decision 0067).
 */
import type { SubmissionResult } from "@conform-to/react";
import { followUpLabels } from "~/modules/applicants/applicant-views";
import { NOTE_MAX_LENGTH } from "~/modules/applicants/notes";
import { followUpChoices, followUpFromChoice, updateFormSchema } from "~/modules/applicants/staff-schemas";
import { RadioGroupField, TextareaField } from "~/components/forms/field-kit";
import { useHydrated } from "~/components/client-state";
import { IntentForm, useCheckedForm, useIntentPending } from "./intent-form";

const followUpOptions = followUpChoices.map((choice) => ({ value: choice, label: followUpLabels[followUpFromChoice(choice)] }));

export function UpdateForm({ followUp, lastResult }: { followUp: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const saving = useIntentPending("update");
  const interactive = useHydrated();
  const [form, fields] = useCheckedForm(updateFormSchema, { id: "applicant-update", lastResult, defaultValue: { note: "", follow_up: followUp } });
  const note = typeof fields.note.value === "string" ? fields.note.value : "";
  const chosen = typeof fields.follow_up.value === "string" ? fields.follow_up.value : followUp;
  const changed = note.trim() !== "" || chosen !== followUp;

  return (
    <IntentForm form={form} intent="update" className="space-y-4">
      <TextareaField
        meta={fields.note}
        label="New note"
        hint="Saved with your name and today's date. Notes are never changed afterwards."
        rows={3}
        maxLength={NOTE_MAX_LENGTH}
      />
      <RadioGroupField meta={fields.follow_up} label="Follow-up" options={followUpOptions} />
      <button type="submit" className="button button-primary min-w-32" disabled={saving} hidden={interactive && !changed}>
        {saving ? "Updating…" : "Update"}
      </button>
    </IntentForm>
  );
}
