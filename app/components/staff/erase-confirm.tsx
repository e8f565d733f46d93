/**
 * The second of two confirmations before something is erased for good: the
 * page says what goes, and the button works only with the word typed. Works
 * without JavaScript.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { ButtonLink } from "~/components/page";
import { Field } from "~/components/forms/field-kit";
import { ERASE_WORD, eraseFormSchema } from "~/modules/applicants/staff-schemas";
import { BusyButton, useIntentPending, useCheckedForm } from "./intent-form";

export function EraseConfirm({
  formId,
  lastResult,
  warning,
  keep,
  children,
}: {
  formId: string;
  lastResult: SubmissionResult<string[]> | undefined;
  /** What is deleted, and what the history keeps. */
  warning: ReactNode;
  /** Where "keep it" goes back to. */
  keep: { to: string; label: string };
  /** When to use it, and what to do instead. */
  children?: ReactNode;
}) {
  const erasing = useIntentPending("erase");
  const [form, fields] = useCheckedForm(eraseFormSchema, { id: formId, lastResult });
  return (
    <div className="max-w-2xl space-y-4">
      <p className="notice notice-warning">{warning}</p>
      {children}
      <Form method="post" {...getFormProps(form)} className="space-y-4 rounded-2xl bg-white p-5 ring-1 ring-ink/10">
        <input type="hidden" name="intent" value="erase" />
        <Field meta={fields.confirm} label={`Type ${ERASE_WORD} to confirm`} autoComplete="off" inputClassName="max-w-xs" />
        <div className="flex flex-wrap gap-3">
          <BusyButton busy={erasing} busyText="Erasing…" className="button bg-alert text-white hover:bg-ink">Erase permanently</BusyButton>
          <ButtonLink to={keep.to} outline>{keep.label}</ButtonLink>
        </div>
      </Form>
    </div>
  );
}
