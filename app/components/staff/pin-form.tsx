/**
 * The sign-in form the staff pages show to anyone not signed in: name and PIN.
 * It posts to the page's own action, so signing in lands on the page that was
 * asked for; it works without JavaScript. On a device that has signed in
 * before, the name is filled in (the page's loader gives `rememberedName`), so
 * staff type only their PIN. Both are checked only on the server.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useLoaderData, useNavigation } from "react-router";
import { PageHeader } from "~/components/page";
import { pinFormSchema } from "~/modules/staff/sign-in-schema";
import { FormErrors } from "./form-errors";
import { AskManager, PasskeySignInButton } from "./passkeys";

export function StaffSignIn({ title, lastResult }: { title: string; lastResult?: SubmissionResult<string[]> | undefined }) {
  return (
    <>
      <PageHeader kicker="Staff" heading={title}>
        <p>This area is for the salon's staff. Sign in with your name and PIN to carry on.</p>
      </PageHeader>
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-12">
        <PinForm lastResult={lastResult} />
        <PasskeySignInButton />
        <AskManager />
      </div>
    </>
  );
}

/** The name this device last signed in with, from the staff page's loader. */
function useRememberedName(): string | undefined {
  const loaded: unknown = useLoaderData();
  const name = loaded && typeof loaded === "object" && "rememberedName" in loaded ? loaded.rememberedName : undefined;
  return typeof name === "string" ? name : undefined;
}

function PinForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const rememberedName = useRememberedName();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "sign-in";
  const [form, fields] = useForm({
    id: "staff-sign-in",
    lastResult,
    defaultValue: { name: rememberedName ?? "" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: pinFormSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="max-w-sm space-y-4 rounded-2xl bg-white p-6 ring-1 ring-ink/10">
      <input type="hidden" name="intent" value="sign-in" />
      <FormErrors errors={form.errors} id={form.errorId} />
      <div>
        <label htmlFor={fields.name.id} className="block font-semibold">
          Name
        </label>
        <input {...getInputProps(fields.name, { type: "text" })} key={fields.name.key} autoComplete="username" autoCapitalize="words" className="field" />
        <p id={fields.name.errorId} className="field-error empty:hidden">
          {fields.name.errors?.[0]}
        </p>
      </div>
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
          autoFocus={rememberedName !== undefined}
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
