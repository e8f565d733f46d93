/**
 * The shell of a staff page's form: one page often carries several forms,
 * each posted to the page's action with its own `intent` (the action's
 * switch), with Conform's props and the form's own errors above its fields.
 * Works without JavaScript; with it, `useIntentPending` says when this form
 * is on its way, so its button (`BusyButton`) can say so. `ItemButton` is the
 * one-button form of a list item; `StudioForm`, a form of boxes, with its
 * intent or the hidden fields that say which record it is of. `useCheckedForm`
 * checks a form with its schema as it is sent and typed in.
 */
import { getFormProps, useForm, type DefaultValue, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { FormEventHandler, ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { ErrorList } from "~/components/forms/field-kit";

/**
 * A form checked with its schema when it is sent (or as each box is left: `shouldValidate: "onBlur"`), and again
 * as it is typed in once refused (or only when sent again: `shouldRevalidate: "onSubmit"`) (Conform's `useForm`).
 */
export function useCheckedForm<Schema extends z.ZodType<unknown, Record<string, unknown>>>(
  schema: Schema,
  options: { id: string; lastResult: SubmissionResult<string[]> | undefined; defaultValue?: DefaultValue<z.input<Schema>>; shouldValidate?: "onBlur"; shouldRevalidate?: "onSubmit" },
) {
  return useForm<z.input<Schema>, z.output<Schema>>({ shouldValidate: "onSubmit", shouldRevalidate: "onInput", ...options, onValidate: ({ formData }) => parseWithZod(formData, { schema }) });
}

/** True while a form posted with this `intent` (and, given `record`, these fields: which item it is of) is being sent or answered. */
export function useIntentPending(intent: string, record: Record<string, string | number> = {}): boolean {
  const navigation = useNavigation();
  const sent = navigation.state === "idle" ? undefined : navigation.formData;
  return sent?.get("intent") === intent && Object.entries(record).every(([name, value]) => sent.get(name) === String(value));
}

/**
 * A staff page's form: its `intent` (given so, it comes first), its own errors, then the hidden fields that say
 * which form it is and of which record (`hidden`, in order: on a studio page the intent, the record's key, the
 * version it was opened at; one left undefined is not sent), then its boxes.
 */
export function StudioForm<Schema extends Record<string, unknown>>({
  form,
  intent,
  hidden = {},
  className,
  encType,
  onInput,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  intent?: string;
  hidden?: Record<string, string | number | undefined>;
  className: string;
  encType?: "multipart/form-data";
  onInput?: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <Form method="post" encType={encType} {...getFormProps(form)} className={className} onInput={onInput}>
      {intent === undefined ? null : <input type="hidden" name="intent" value={intent} />}
      <ErrorList errors={form.errors} id={form.errorId} />
      {Object.entries(hidden).map(([name, value]) => (value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />))}
      {children}
    </Form>
  );
}

/**
 * A form's submit button: while its form is on its way it is disabled and says so (`busyText`, "Saving…").
 * `who` names the item for a screen reader, where its shown word is the same on every item ("Save"); `name` and
 * `value`, what it sends when a form has more than one button.
 */
export function BusyButton({ busy, busyText, className, who, name, value, children }: { busy: boolean; busyText: string; className: string; who?: ReactNode; name?: string; value?: string; children: ReactNode }) {
  return (
    <button type="submit" name={name} value={value} className={className} disabled={busy}>
      {busy ? busyText : children}
      {who === undefined ? null : <span className="sr-only"> {who}</span>}
    </button>
  );
}

/**
 * A list item's one button (remove this passkey, sign out that device): posts
 * `intent` with the `fields` that say which item, and is named in full by
 * `name` for a screen reader, as its shown word is the same on every item.
 */
export function ItemButton({ intent, fields, name, busy, children }: { intent: string; fields: Record<string, string | number>; name: string; busy: boolean; children: ReactNode }) {
  return (
    <HiddenForm fields={{ intent, ...fields }}>
      <button type="submit" className="button button-outline min-h-11" disabled={busy} aria-label={name}>
        {children}
      </button>
    </HiddenForm>
  );
}

/** A form of hidden fields and its button (`children`): which item, and what to do with it (move this stylist up, remove that photo). */
export function HiddenForm({ fields, className, encType, children }: { fields: Record<string, string | number>; className?: string; encType?: "multipart/form-data"; children: ReactNode }) {
  return (
    <Form method="post" encType={encType} className={className}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  );
}
