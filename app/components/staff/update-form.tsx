/**
 * A note and the follow-up, saved together. With JavaScript the Update button
 * appears only once there is something to save (a note, or a different
 * follow-up); without it the button is always there and the server refuses an
 * empty change with a message.
 */
import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useSyncExternalStore } from "react";
import { Form, useNavigation } from "react-router";
import { followUpLabels } from "~/modules/applicants/applicant-views";
import { NOTE_MAX_LENGTH } from "~/modules/applicants/notes";
import { followUpChoices, followUpFromChoice, updateFormSchema } from "~/modules/applicants/staff-schemas";
import { FormErrors } from "./form-errors";

const noSubscription = () => () => {};

export function UpdateForm({ followUp, lastResult }: { followUp: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "update";
  const interactive = useSyncExternalStore(noSubscription, () => true, () => false);
  const [form, fields] = useForm({
    id: "applicant-update",
    lastResult,
    defaultValue: { note: "", follow_up: followUp },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: updateFormSchema }),
  });
  const note = typeof fields.note.value === "string" ? fields.note.value : "";
  const chosen = typeof fields.follow_up.value === "string" ? fields.follow_up.value : followUp;
  const changed = note.trim() !== "" || chosen !== followUp;

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="update" />
      <FormErrors errors={form.errors} id={form.errorId} />
      <div>
        <label htmlFor={fields.note.id} className="block font-semibold">
          New note
        </label>
        <p id={`${fields.note.id}-hint`} className="text-sm text-ink/80">
          Saved with your name and today's date. Notes are never changed afterwards.
        </p>
        <textarea
          {...getTextareaProps(fields.note, { ariaDescribedBy: `${fields.note.id}-hint` })}
          key={fields.note.key}
          rows={3}
          maxLength={NOTE_MAX_LENGTH}
          className="field"
        />
        <p id={fields.note.errorId} className="field-error empty:hidden">
          {fields.note.errors?.[0]}
        </p>
      </div>
      <fieldset>
        <legend className="font-semibold">Follow-up</legend>
        <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
          {followUpChoices.map((choice) => {
            const { key, ...radio } = getInputProps(fields.follow_up, { type: "radio", value: choice });
            return (
              <label key={key ?? choice} className="flex min-h-11 items-center gap-2">
                <input {...radio} id={`${fields.follow_up.id}-${choice}`} className="size-5 accent-brass-dark" />
                {followUpLabels[followUpFromChoice(choice)]}
              </label>
            );
          })}
        </div>
        <p id={fields.follow_up.errorId} className="field-error empty:hidden">
          {fields.follow_up.errors?.[0]}
        </p>
      </fieldset>
      {!interactive || changed ? (
        <button type="submit" className="button button-primary min-w-32" disabled={saving}>
          {saving ? "Updating…" : "Update"}
        </button>
      ) : null}
    </Form>
  );
}
