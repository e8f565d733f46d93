/**
 * The PIN form the staff pages show to anyone not signed in. It posts to the
 * page's own action, so signing in lands on the page that was asked for; it
 * works without JavaScript. The PIN is checked only on the server.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { PageHeader } from "~/components/page";
import { pinFormSchema } from "~/modules/staff/sign-in-schema";
import { FormErrors } from "./form-errors";

export function StaffSignIn({ title, lastResult }: { title: string; lastResult?: SubmissionResult<string[]> | undefined }) {
  return (
    <>
      <PageHeader kicker="Staff" heading={title}>
        <p>This area is for the salon's staff. Sign in with your PIN to carry on.</p>
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 py-12">
        <PinForm lastResult={lastResult} />
      </div>
    </>
  );
}

function PinForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "sign-in";
  const [form, fields] = useForm({
    id: "staff-sign-in",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: pinFormSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="max-w-sm space-y-4 rounded-2xl bg-white p-6 ring-1 ring-ink/10">
      <input type="hidden" name="intent" value="sign-in" />
      <FormErrors errors={form.errors} id={form.errorId} />
      <div>
        <label htmlFor={fields.pin.id} className="block font-semibold">
          PIN
        </label>
        {/* Masked so nobody reads it over a shoulder; numeric keypad on phones. */}
        <input
          {...getInputProps(fields.pin, { type: "password" })}
          key={fields.pin.key}
          inputMode="numeric"
          autoComplete="current-password"
          className="field"
        />
        <p id={fields.pin.errorId} className="field-error empty:hidden">
          {fields.pin.errors?.[0]}
        </p>
      </div>
      <button type="submit" className="button button-primary min-w-32" disabled={sending}>
        {sending ? "Checking…" : "Log In"}
      </button>
    </Form>
  );
}
