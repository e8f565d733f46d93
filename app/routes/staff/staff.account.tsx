/**
 * Your PIN and sessions (/staff/account), for every role: change your own
 * PIN (the PIN you have now is counted as a guess before it is checked, by
 * this device as at sign-in; a new one must pass the PIN rules; every other
 * session ends), and see where you are signed in, ending any session but
 * this one. Works without JavaScript; every change goes to the audit trail.
 * Decision 0039.
 */
import type { SubmissionResult } from "@conform-to/react";
import { HeadedSection } from "~/components/page";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, useNavigation } from "react-router";
import { z } from "zod";
import { actionHeaders } from "~/components/forms/form-route";
import { Field } from "~/components/forms/field-kit";
import { BusyButton, HiddenForm, StudioForm, ItemButton, useCheckedForm, useIntentPending } from "~/components/staff/intent-form";
import { StaffFrame } from "~/components/staff/staff-frame";
import type { StaffHandle } from "~/components/staff/staff-refusal";
import { changeOwnPin } from "~/modules/staff/own-pin.server";
import { ownPinSchema } from "~/modules/staff/own-pin-schema";
import { endOwnOtherSessions, endOwnSession } from "~/modules/staff/own-sessions.server";
import { PIN_MIN_DIGITS } from "~/modules/staff/pin-rules";
import { listStaffSessions, sessionCount } from "~/modules/staff/sessions.server";
import { formatReceived } from "~/utils/dates";
import { servicesContext } from "~/web/context";
import { staffMeta } from "~/web/staff-page";
import { staffContext, staffPost } from "~/web/staff-route.server";
import { currentSessionId } from "~/web/staff-session.server";
import type { Route } from "./+types/staff.account";

const TITLE = "Your PIN and sessions";
export const handle: StaffHandle = { staffTitle: TITLE };
export const meta = () => staffMeta(TITLE);
export const headers = actionHeaders;

export async function loader({ context, request }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const staff = context.get(staffContext);
  const current = await currentSessionId(services.config, request.headers.get("cookie"));
  const sessions = await listStaffSessions(services.db, staff.staffId, current);
  return { sessions: sessions.map((s) => ({ ...s, signedIn: formatReceived(s.createdAt), lastActive: formatReceived(s.lastSeenAt) })) };
}

const pinFormSchema = ownPinSchema.and(z.object({ intent: z.literal("change-pin") }));
const PIN_FIELDS = ["currentPin", "newPin", "confirmPin"];

export async function action({ context, request }: Route.ActionArgs) {
  const { services, staff, form } = await staffPost(context, request);
  const current = await currentSessionId(services.config, request.headers.get("cookie"));
  // The guard let this request in on its session cookie, so it has one.
  if (!current) return data({ intent: "unknown" as const, error: "Please sign in again." }, { status: 401 });
  const intent = form.get("intent");
  if (intent === "change-pin") {
    const submission = parseWithZod(form, { schema: pinFormSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply({ hideFields: PIN_FIELDS }) }, { status: 400 });
    const changed = await changeOwnPin(services.db, services.logger, staff, submission.value, current);
    switch (changed.kind) {
      case "changed": {
        const elsewhere = changed.sessionsEnded > 0 ? ` ${sessionCount(changed.sessionsEnded)} elsewhere ${changed.sessionsEnded === 1 ? "was" : "were"} signed out.` : "";
        return { intent, result: submission.reply({ resetForm: true }), done: `Your PIN is changed: use the new one next time you sign in.${elsewhere}` };
      }
      case "wrong-pin": {
        const message =
          changed.lockedFor === null
            ? "That isn't the PIN you have now. Please try again."
            : `That isn't the PIN you have now, and that was too many tries in a row: changing your PIN (and signing in) on this device is paused for ${Math.ceil(changed.lockedFor / 60)} minutes.`;
        return data({ intent, result: submission.reply({ fieldErrors: { currentPin: [message] }, hideFields: PIN_FIELDS }) }, { status: 400 });
      }
      case "breached-pin":
        return data({ intent, result: submission.reply({ fieldErrors: { newPin: [changed.message] }, hideFields: PIN_FIELDS }) }, { status: 400 });
      case "locked": {
        const minutes = Math.max(1, Math.ceil(changed.retryAfter / 60));
        const message = `Too many wrong PINs in a row on this device. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
        return data(
          { intent, result: submission.reply({ formErrors: [message], hideFields: PIN_FIELDS }) },
          { status: 429, headers: { "Retry-After": String(changed.retryAfter) } },
        );
      }
    }
  }
  if (intent === "end-session") {
    const ended = await endOwnSession(services.db, staff, String(form.get("ref") ?? ""), current);
    if (!ended) return data({ intent, error: "That session has already ended." }, { status: 404 });
    return { intent, done: "Signed out there." };
  }
  if (intent === "end-other-sessions") {
    const ended = await endOwnOtherSessions(services.db, staff, current);
    return { intent, done: ended > 0 ? `Signed out everywhere else (${sessionCount(ended)}).` : "You weren't signed in anywhere else." };
  }
  return data({ intent: "unknown" as const, error: "That action isn't one this page knows." }, { status: 400 });
}

export default function StaffAccount({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const { sessions } = loaderData;
  const others = sessions.filter((s) => !s.current);
  const sessionOutcome = actionData && actionData.intent !== "change-pin" ? ("error" in actionData ? actionData.error : "done" in actionData ? actionData.done : null) : null;
  return (
    <StaffFrame title={TITLE} lead={<p>Change the PIN you sign in with, and see where you are signed in.</p>}>
      <div className="grid gap-10 lg:grid-cols-2">
        <ChangePin actionData={actionData} />
        <HeadedSection id="sessions" className="space-y-3" title={"Where you're signed in"}>
          <p role="status" className="empty:hidden rounded-lg bg-white p-3 font-semibold ring-1 ring-ink/10">
            {sessionOutcome}
          </p>
          <ul className="divide-y divide-ink/10 rounded-2xl bg-white ring-1 ring-ink/10">
            {sessions.map((s) => (
              <li key={s.ref} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div>
                  <p className="font-semibold break-words">
                    {s.deviceKind}
                    {s.current ? <span className="ml-2 inline-block rounded-full bg-emerald-100 px-2 py-0.5 text-sm whitespace-nowrap text-emerald-900">This device</span> : null}
                  </p>
                  <p className="text-sm">
                    Signed in {s.signedIn}
                    {s.passkey ? ` with the passkey “${s.passkey}”` : ""}, last active {s.lastActive}
                  </p>
                </div>
                {s.current ? null : (
                  <ItemButton intent="end-session" fields={{ ref: s.ref }} name={`Sign out ${s.deviceKind}, last active ${s.lastActive}`} busy={busy}>
                    Sign out
                  </ItemButton>
                )}
              </li>
            ))}
          </ul>
          {others.length > 0 ? (
            <HiddenForm fields={{ intent: "end-other-sessions" }}>
              <button type="submit" className="button button-primary" disabled={busy}>
                Sign out everywhere else
              </button>
            </HiddenForm>
          ) : (
            <p>You&apos;re signed in only here.</p>
          )}
        </HeadedSection>
      </div>
    </StaffFrame>
  );
}

function ChangePin({ actionData }: Pick<Route.ComponentProps, "actionData">) {
  const busy = useIntentPending("change-pin");
  const pinAnswer = actionData?.intent === "change-pin" ? actionData : undefined;
  const lastResult = pinAnswer && "result" in pinAnswer ? (pinAnswer.result as SubmissionResult<string[]>) : undefined;
  const done = pinAnswer && "done" in pinAnswer ? pinAnswer.done : null;
  const [form, fields] = useCheckedForm(pinFormSchema, { id: "change-pin", lastResult, shouldValidate: "onBlur" });
  const pinInput = { inputMode: "numeric", maxLength: 24, spellCheck: false } as const;
  return (
    <HeadedSection id="change-pin-heading" className="space-y-3" title="Change your PIN">
      <p>Every other place you&apos;re signed in is signed out when you change it.</p>
      <StudioForm form={form} intent="change-pin" className="space-y-4 rounded-2xl bg-white p-5 ring-1 ring-ink/10">
        <Field meta={fields.currentPin} type="password" label="Your PIN now" autoComplete="current-password" {...pinInput} />
        <Field
          meta={fields.newPin}
          type="password"
          label="New PIN"
          hint={`At least ${PIN_MIN_DIGITS} digits. Not a date, a year, one digit repeated or a run like 123456: PINs like those are the first anyone tries.`}
          autoComplete="new-password"
          {...pinInput}
        />
        <Field meta={fields.confirmPin} type="password" label="New PIN again" autoComplete="new-password" {...pinInput} />
        <div className="flex flex-wrap items-center gap-3">
          <BusyButton busy={busy} busyText="Changing…" className="button button-primary">Change my PIN</BusyButton>
          <p role="status" className="empty:hidden font-semibold text-emerald-800">
            {done}
          </p>
        </div>
      </StudioForm>
    </HeadedSection>
  );
}
