/**
 * The PIN form the staff pages show to anyone not signed in. It posts to the
 * page's own action, so signing in lands on the page that was asked for; it
 * works without JavaScript. The PIN is checked only on the server, which also
 * says when none was given: the form is shown by the root's error boundary, so
 * it carries no schema code into every public page's scripts.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useLocation, useNavigation } from "react-router";
import { PageHeader } from "~/components/page";
import { ErrorList, Field } from "~/components/forms/field-kit";

export function StaffSignIn({ title, lastResult, noAccounts }: { title: string; lastResult?: SubmissionResult<string[]> | undefined; noAccounts: boolean }) {
  return (
    <>
      <PageHeader kicker="Staff" heading={title}>
        <p>This area is for the salon's staff. Sign in with your PIN to carry on.</p>
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 py-12">
        {noAccounts ? (
          // A fresh install: no PIN can work yet, so say so and say how to make the first account.
          <div className="notice notice-warning mb-6 max-w-2xl">
            <p className="font-semibold">No staff account exists yet, so no PIN will work.</p>
            <p className="mt-2">
              Whoever runs the website adds one on the server, in the site's folder: <code className="whitespace-nowrap">npm run staff -- add NAME</code>{" "}
              (it asks for the PIN), or sets <code>STAFF_ACCOUNTS</code> before starting it. The README's "Sign in as staff" says more.
            </p>
          </div>
        ) : null}
        <PinForm lastResult={lastResult} />
      </div>
    </>
  );
}

function PinForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  // Shown by the root's error boundary, so the page's own address is named: signing in lands back on it.
  const { pathname, search } = useLocation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "sign-in";
  const [form, fields] = useForm<{ pin: string }>({
    id: "staff-sign-in",
    lastResult,
  });
  return (
    <Form method="post" action={`${pathname}${search}`} {...getFormProps(form)} className="max-w-sm space-y-4 rounded-2xl bg-white p-6 ring-1 ring-ink/10">
      <input type="hidden" name="intent" value="sign-in" />
      <ErrorList errors={form.errors} id={form.errorId} />
      {/* Masked so nobody reads it over a shoulder; numeric keypad on phones. */}
      <Field meta={fields.pin} label="PIN" type="password" inputMode="numeric" autoComplete="current-password" />
      <button type="submit" className="button button-primary min-w-32" disabled={sending}>
        {sending ? "Checking…" : "Log In"}
      </button>
    </Form>
  );
}
