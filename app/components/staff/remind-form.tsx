/** A "remind me on" date for an applicant: on the day they show at the top of the staff desk. An empty date clears it. */
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Field } from "~/components/forms/field-kit";
import { remindFormSchema } from "~/modules/applicants/staff-schemas";
import { formatDayMonthYear } from "~/utils/dates";
import { BusyButton, IntentForm, useIntentPending } from "./intent-form";

/** `digest`: who gets the morning email of what is due (the staff desk says it too). */
export function RemindForm({ remindOn, lastResult, saved, digest }: { remindOn: string | null; lastResult: SubmissionResult<string[]> | undefined; saved: boolean; digest: string }) {
  const busy = useIntentPending("remind");
  const [form, fields] = useForm({
    id: "applicant-remind",
    lastResult,
    defaultValue: { remind_on: remindOn ?? "" },
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: remindFormSchema }),
  });
  return (
    <IntentForm form={form} intent="remind" className="mt-3 space-y-3">
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
    </IntentForm>
  );
}
