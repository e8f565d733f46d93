/**
 * The shell of a staff page's form: one page often carries several forms,
 * each posted to the page's action with its own `intent` (the action's
 * switch), with Conform's props and the form's own errors above its fields.
 * Works without JavaScript; with it, `useIntentPending` says when this form
 * is on its way, so its button can say so.
 */
import { getFormProps, type FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { ErrorList } from "~/components/forms/field-kit";

/** True while a form posted with this `intent` is being sent or answered. */
export function useIntentPending(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
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
