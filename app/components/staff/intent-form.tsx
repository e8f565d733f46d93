/**
 * The shell of a staff page's form: one page often carries several forms,
 * each posted to the page's action with its own `intent` (the action's
 * switch), with Conform's props and the form's own errors above its fields.
 * Works without JavaScript; with it, `useIntentPending` says when this form
 * is on its way, so its button (`BusyButton`) can say so. `ItemButton` is the
 * one-button form of a list item.
 */
import { getFormProps, type FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { ErrorList } from "~/components/forms/field-kit";

/** True while a form posted with this `intent` (and, given `record`, these fields: which item it is of) is being sent or answered. */
export function useIntentPending(intent: string, record: Record<string, string | number> = {}): boolean {
  const navigation = useNavigation();
  const sent = navigation.state === "idle" ? undefined : navigation.formData;
  return sent?.get("intent") === intent && Object.entries(record).every(([name, value]) => sent.get(name) === String(value));
}

export function IntentForm<Schema extends Record<string, unknown>>({
  form,
  intent,
  className,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  intent: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" {...getFormProps(form)} className={className}>
      <input type="hidden" name="intent" value={intent} />
      <ErrorList errors={form.errors} id={form.errorId} />
      {children}
    </Form>
  );
}

/**
 * A form's submit button: while its form is on its way it is disabled and says so (`busyText`, "Saving…").
 * `who` names the item for a screen reader, where its shown word is the same on every item ("Save").
 */
export function BusyButton({ busy, busyText, className, who, children }: { busy: boolean; busyText: string; className: string; who?: ReactNode; children: ReactNode }) {
  return (
    <button type="submit" className={className} disabled={busy}>
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
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([field, value]) => (
        <input key={field} type="hidden" name={field} value={value} />
      ))}
      <button type="submit" className="button button-outline min-h-11" disabled={busy} aria-label={name}>
        {children}
      </button>
    </Form>
  );
}
