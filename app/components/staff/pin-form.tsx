/**
 * The sign-in form the staff pages show to anyone not signed in: name and PIN.
 * It posts to the page's own action, so signing in lands on the page that was
 * asked for; it works without JavaScript. On a device that has signed in
 * before, the name is filled in (the guard's refusal carries `rememberedName`),
 * so staff type only their PIN. Both are checked only on the server, which also
 * says what is missing: the form is shown by the root's error boundary, so it
 * carries no schema code into every public page's scripts. With JavaScript, a
 * passkey signs in without the PIN, and a new device can ask a manager to let
 * it in (passkeys.tsx).
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useLocation } from "react-router";
import { PageHeader } from "~/components/page";
import { ErrorList, Field } from "~/components/forms/field-kit";
import { SIGNED_OUT_FLAG } from "~/modules/staff/refusals";
import { AskManager, PasskeySignInButton } from "./passkeys";
import { BusyButton, useIntentPending } from "./intent-form";

export function StaffSignIn({
  title,
  lastResult,
  noAccounts,
  rememberedName,
}: {
  title: string;
  lastResult?: SubmissionResult<string[]> | undefined;
  noAccounts: boolean;
  rememberedName?: string | undefined;
}) {
  return (
    <>
      <PageHeader kicker="Staff" heading={title}>
        <p>This area is for the salon's staff. Sign in with your name and PIN to carry on.</p>
      </PageHeader>
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-12">
        <SignedOutNotice />
        {noAccounts ? (
          // A fresh install: no PIN can work yet, so say so and say how to make the first account.
          <div className="notice notice-warning max-w-2xl">
            <p className="font-semibold">No staff account exists yet, so no PIN will work.</p>
            <p className="mt-2">
              Whoever runs the website adds one on the server, in the site's folder: <code className="whitespace-nowrap">npm run staff -- add NAME</code>{" "}
              (it asks for the PIN), or sets <code>STAFF_ACCOUNTS</code> before starting it. The README's "Sign in as staff" says more.
            </p>
          </div>
        ) : null}
        <PinForm lastResult={lastResult} rememberedName={rememberedName} />
        {noAccounts ? null : (
          <>
            <PasskeySignInButton />
            <AskManager />
          </>
        )}
      </div>
    </>
  );
}

/** Straight after "Sign out": it says so, where the form is (the address carries only a flag, no name). */
function SignedOutNotice() {
  const { search } = useLocation();
  const signedOut = new URLSearchParams(search).get(SIGNED_OUT_FLAG) === "1";
  return (
    <div role="status" className="empty:hidden">
      {signedOut ? <p className="notice max-w-2xl font-semibold">You have signed out. Nobody can use the staff pages on this device until someone signs in again.</p> : null}
    </div>
  );
}

function PinForm({ lastResult, rememberedName }: { lastResult?: SubmissionResult<string[]> | undefined; rememberedName: string | undefined }) {
  // Shown by the root's error boundary, so the page's own address is named: signing in lands back on it.
  const { pathname, search } = useLocation();
  const sending = useIntentPending("sign-in");
  const [form, fields] = useForm<{ name: string; pin: string }>({
    id: "staff-sign-in",
    lastResult,
    defaultValue: { name: rememberedName ?? "" },
  });
  return (
    <Form method="post" action={`${pathname}${search}`} {...getFormProps(form)} className="max-w-sm space-y-4 rounded-2xl bg-white p-6 ring-1 ring-ink/10">
      <input type="hidden" name="intent" value="sign-in" />
      <ErrorList errors={form.errors} id={form.errorId} />
      <Field meta={fields.name} label="Name" autoComplete="username" autoCapitalize="words" />
      {/* Masked so nobody reads it over a shoulder; numeric keypad on phones. */}
      <Field meta={fields.pin} label="PIN" type="password" inputMode="numeric" autoComplete="current-password" autoFocus={rememberedName !== undefined} />
      <BusyButton busy={sending} busyText="Checking…" className="button button-primary min-w-32">Log In</BusyButton>
    </Form>
  );
}
