import { parseWithZod } from "@conform-to/zod/v4";
import { HeadedSection } from "~/components/page";
import type { ReactNode } from "react";
import { data, href, Link, redirect } from "react-router";
import { BusyButton, HiddenForm, useIntentPending } from "~/components/staff/intent-form";
import { StaffFrame, useMayAct } from "~/components/staff/staff-frame";
import type { StaffHandle } from "~/components/staff/staff-refusal";
import { DuplicateBadge, StatusBadge } from "~/components/staff/status-badge";
import { RemindForm, UpdateForm } from "~/components/staff/update-form";
import { digestRecipientLine } from "~/modules/applicants/due-digest";
import { HistoryList, RecordList } from "~/components/staff/record-list";
import { Fold } from "~/components/staff/fold";
import { filterLabels, isApplicantFilter, statusLabel, statusOf, type FollowUp } from "~/modules/applicants/applicant-views";
import {
  archiveApplicant,
  listApplicants,
  changeRoleToSaturday,
  getApplicant,
  previewApplicantEmail,
  recordApplicantLook,
  restoreApplicant,
  sendCannedReply,
  takeBackEmail,
  updateApplicant,
  type ChangeResult,
} from "~/modules/applicants/applicants.server";
import { emailSentLabel, formatApplicationDate, positionLabel, roleLabel, salonLabel } from "~/modules/applicants/format";
import { describeEvent } from "~/modules/applicants/history";
import { auditTrail } from "~/modules/audit/audit.server";
import { AUDIT_SUBJECT, emailsOf } from "~/modules/applicants/applicant-emails.server";
import { emailTemplateLabels, isEmailTemplateName } from "~/modules/applicants/email-templates";
import { EmailChooser, EmailRecord, HeldEmails, MessagePreview } from "~/components/staff/applicant-email";
import { cvSummaryOf } from "~/modules/applicants/cv.server";
import { sizeText } from "~/modules/uploads/file-kinds";
import { choiceFromFollowUp, emailChoiceSchema, emailFormSchema, remindFormSchema, followUpFromChoice, NOTHING_TO_UPDATE, updateFormSchema } from "~/modules/applicants/staff-schemas";
import { formatReceived, formatShortDate, formatWhen, salonDateAndTime } from "~/utils/dates";
import { firstName } from "~/utils/text";
import { readableMobile } from "~/utils/phone";
import { servicesContext } from "~/web/context";
import { staffMeta } from "~/web/staff-page";
import { applicantIdParam, requireRole, staffContext, staffPost } from "~/web/staff-route.server";
import type { Route } from "./+types/applicant.$id";
import { ErrorList } from "~/components/forms/field-kit";
import { InvitationDesk, InvitationRecord, leavesAtText } from "~/components/staff/invitation-section";
import { isInvitationEmail } from "~/modules/applicants/invitations";
import { invitationsOf } from "~/modules/applicants/invitations.server";
import { invitationAction } from "~/web/invitation-action.server";
import { useUnsavedChangesGuard } from "~/components/forms/unsaved-changes";

export const handle: StaffHandle = { staffTitle: "Applicant" };
export const meta = () => staffMeta("Applicant");

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const { db, settings } = context.get(servicesContext);
  const staff = context.get(staffContext);
  const id = applicantIdParam(params.id);
  const applicant = await getApplicant(db, id);
  if (!applicant) throw data("No applicant has that id", { status: 404 });
  await recordApplicantLook(db, staff, id);
  const salons = await db.selectFrom("salons").select(["id", "name"]).execute();
  const history = await auditTrail(db, AUDIT_SUBJECT, id);
  // Next and previous in the order of the list this page was opened from (?list=, a list's name; never search words).
  const asked = url.searchParams.get("list");
  const list = isApplicantFilter(asked) ? asked : "all";
  const order = (await listApplicants(db, list)).map((r) => r.id);
  const at = order.indexOf(id);
  const near = (other: number | undefined) => (other === undefined ? null : list === "all" ? `/applicant/${other}` : `/applicant/${other}?list=${list}`);
  const neighbours = { list, previous: at > 0 ? near(order[at - 1]) : null, next: at >= 0 ? near(order[at + 1]) : null };
  const emails = await emailsOf(db, id);
  const invitations = await invitationsOf(db, id);
  const cv = await cvSummaryOf(db, id);
  const templateLabel = (template: string) => {
    const name = template.replace(/^applicant-/, "");
    return isEmailTemplateName(name) ? emailTemplateLabels[name] : "Email";
  };
  return {
    digest: digestRecipientLine(settings.mail.staffNotify),
    neighbours,
    cv: cv ? { name: cv.name, size: sizeText(cv.size) } : null,
    held: emails
      .filter((e) => e.heldUntil !== null)
      // An invitation's emails (the first, a move, a cancellation) are told apart by their subject.
      .map((e) => ({ id: e.id, label: isInvitationEmail(e.template) ? e.subject : templateLabel(e.template), heldUntil: e.heldUntil!, leavesAt: leavesAtText(e.heldUntil!), invitation: isInvitationEmail(e.template) })),
    invitations: invitations.map(({ startsAt, ...i }) => ({ ...i, ...salonDateAndTime(new Date(startsAt)) })),
    invitationsSent: invitations.filter((i) => !i.withdrawn).length,
    emails: emails.map((e) => ({ id: e.id, subject: e.subject, text: e.text, state: emailState(e) })),
    applicant: {
      id,
      name: applicant.name,
      firstName: firstName(applicant.name),
      applied: formatApplicationDate(applicant.created_at),
      salon: salonLabel(applicant.salon, salons),
      mobile: readableMobile(applicant.mobile),
      mobileE164: applicant.mobile,
      email: applicant.email,
      role: roleLabel(applicant.role),
      isApprentice: applicant.role === "Apprentice",
      position: positionLabel(applicant.position),
      about: applicant.about,
      whyHair: applicant.why_hair,
      whyUs: applicant.why_us,
      followUp: choiceFromFollowUp(applicant.follow_up),
      status: statusOf(applicant),
      statusLabel: statusLabel(applicant),
      emailResponse: applicant.email_response,
      possibleDuplicate: applicant.possible_duplicate === 1,
      remindOn: applicant.remind_on,
    },
    notes: applicant.notes.map((n) => ({ author: n.author, date: formatShortDate(n.created_at), text: n.text })),
    history: history.map((event) => ({ id: event.id, when: formatWhen(event.at), text: describeEvent(event) })),
  };
}

function emailState(e: { status: string; sentAt: string | null; heldUntil: string | null; createdAt: string }): string {
  if (e.heldUntil) return `held until ${leavesAtText(e.heldUntil)}: it can still be taken back`;
  if (e.status === "sent" && e.sentAt) return `sent ${formatReceived(e.sentAt)}`;
  if (e.status === "failed") return "could not be delivered";
  if (e.status === "suppressed") return "not sent";
  return `waiting to go since ${formatReceived(e.createdAt)}`;
}

const refusal = (result: Exclude<ChangeResult, { kind: "done" }>) => {
  if (result.kind === "not-found") throw data("No applicant has that id", { status: 404 });
  return result.kind === "conflict" ? { status: 409, message: result.message } : { status: 400, message: NOTHING_TO_UPDATE };
};

export async function action({ context, params, request }: Route.ActionArgs) {
  const { services, staff, form } = await staffPost(context, request);
  const id = applicantIdParam(params.id);
  const { db } = services;
  switch (form.get("intent")) {
    case "update": {
      const submission = parseWithZod(form, { schema: updateFormSchema });
      if (submission.status !== "success") return data({ intent: "update" as const, result: submission.reply() }, { status: 400 });
      const { note, follow_up } = submission.value;
      const result = await updateApplicant(db, staff, id, { note, follow_up: followUpFromChoice(follow_up) as FollowUp });
      if (result.kind !== "done") {
        const { status, message } = refusal(result);
        return data({ intent: "update" as const, result: submission.reply({ formErrors: [message] }) }, { status });
      }
      return { intent: "update" as const, result: submission.reply({ resetForm: true }), savedAt: Date.now() };
    }
    case "preview": {
      requireRole(context, "manager");
      const submission = parseWithZod(form, { schema: emailChoiceSchema });
      if (submission.status !== "success") return data({ intent: "preview" as const, result: submission.reply() }, { status: 400 });
      const rendered = await previewApplicantEmail(services, id, submission.value.response);
      if (!rendered) throw data("No applicant has that id", { status: 404 });
      return { intent: "preview" as const, preview: { template: submission.value.response, subject: rendered.subject, text: rendered.text } };
    }
    case "email": {
      // Emails to applicants are a manager's to send (api-contract.md, "Roles").
      requireRole(context, "manager");
      const submission = parseWithZod(form, { schema: emailFormSchema });
      if (submission.status !== "success") return data({ intent: "email" as const, error: "Choose which email to send." }, { status: 400 });
      const result = await sendCannedReply(services, staff, id, submission.value.response);
      if (result.kind !== "done") return data({ intent: "email" as const, error: refusal(result).message }, { status: refusal(result).status });
      return { intent: "email" as const, sent: submission.value.response, messageId: result.messageId, sendAt: result.sendAt };
    }
    case "undo-email": {
      requireRole(context, "manager");
      const result = await takeBackEmail(services, staff, String(form.get("message_id") ?? ""));
      if (result.kind === "not-found") return data({ intent: "undo-email" as const, error: "That email is no longer here." }, { status: 404 });
      if (result.kind !== "taken-back") return data({ intent: "undo-email" as const, error: "message" in result ? result.message : "That email is no longer here." }, { status: 409 });
      return { intent: "undo-email" as const, takenBack: true };
    }
    case "invite-preview":
    case "invite":
    case "invite-move":
    case "invite-cancel":
    case "undo-invitation":
      return invitationAction(context, id, form);
    case "remind": {
      const submission = parseWithZod(form, { schema: remindFormSchema });
      if (submission.status !== "success") return data({ intent: "remind" as const, result: submission.reply() }, { status: 400 });
      const result = await updateApplicant(db, staff, id, { remind_on: submission.value.remind_on ?? null });
      if (result.kind !== "done" && result.kind !== "nothing-to-change") {
        const { status, message } = refusal(result);
        return data({ intent: "remind" as const, result: submission.reply({ formErrors: [message] }) }, { status });
      }
      return { intent: "remind" as const, result: submission.reply(), remindOn: submission.value.remind_on ?? null };
    }
    case "role": {
      const result = await changeRoleToSaturday(db, staff, id);
      if (result.kind !== "done") return data({ intent: "role" as const, error: refusal(result).message }, { status: refusal(result).status });
      return { intent: "role" as const, changed: true };
    }
    case "archive": {
      const result = await archiveApplicant(db, staff, id);
      if (result.kind !== "done") refusal(result);
      throw redirect(`${href("/applicants")}?archived=${id}`, 303);
    }
    case "restore": {
      const result = await restoreApplicant(db, staff, id);
      if (result.kind !== "done") return data({ intent: "restore" as const, error: refusal(result).message }, { status: refusal(result).status });
      return { intent: "restore" as const, restored: true };
    }
    default:
      return data({ intent: "unknown" as const, error: "That action isn't one this page knows." }, { status: 400 });
  }
}

export default function Applicant({ loaderData, actionData }: Route.ComponentProps) {
  useUnsavedChangesGuard();
  const { applicant, notes, history } = loaderData;
  const manager = useMayAct("manager");
  const archived = applicant.status === "archived";
  const updated = actionData?.intent === "update" && "savedAt" in actionData ? actionData.savedAt : undefined;
  const updateResult = actionData?.intent === "update" && !("savedAt" in actionData) ? actionData.result : undefined;
  const preview = actionData?.intent === "preview" && "preview" in actionData ? actionData.preview : undefined;
  const previewResult = actionData?.intent === "preview" && "result" in actionData ? actionData.result : undefined;
  const takenBack = actionData?.intent === "undo-email" && "takenBack" in actionData;
  const justSent = actionData?.intent === "email" && "sent" in actionData ? { label: emailTemplateLabels[actionData.sent], sendAt: actionData.sendAt } : undefined;
  const held = loaderData.held.filter((h) => !h.invitation);
  const emailBox = manager && (applicant.emailResponse !== "unsuccessful" || held.length > 0 || justSent !== undefined || takenBack);
  const actionError = actionData && "error" in actionData ? actionData.error : undefined;
  const roleOrRestored = actionData && "restored" in actionData ? "Restored from the archive." : actionData && "changed" in actionData ? "Role changed to Saturday/Evening." : undefined;

  return (
    <StaffFrame
      title={applicant.name}
      lead={
        <p className="flex flex-wrap items-center gap-2">
          <StatusBadge status={applicant.status} label={applicant.statusLabel} />
          {applicant.possibleDuplicate ? <DuplicateBadge /> : null}
        </p>
      }
    >
      <nav aria-label="Applicants" className="flex flex-wrap items-center gap-x-6 gap-y-2">
        <Link to={loaderData.neighbours.list === "all" ? href("/applicants") : `${href("/applicants")}?filter=${loaderData.neighbours.list}`} className="inline-flex min-h-11 items-center font-semibold text-brass-dark underline">
          {loaderData.neighbours.list === "all" ? "← All applicants" : `← Back to ${filterLabels[loaderData.neighbours.list]}`}
        </Link>
        {(["previous", "next"] as const).map((way) => {
          const to = loaderData.neighbours[way];
          return to ? (
            <Link key={way} to={to} className="inline-flex min-h-11 items-center font-semibold text-brass-dark underline">
              {way === "next" ? "Next applicant" : "Previous applicant"}
            </Link>
          ) : null;
        })}
      </nav>
      {archived ? null : (
        // On a phone the forms sit below who they are: each is one tap from the top (decision 0071).
        <nav aria-label="Jump to" className="mt-3 lg:hidden">
          <ul className="flex flex-wrap gap-2">
            {[
              { to: "#update-heading", label: "Add a note" },
              { to: "#actions-heading", label: "Archive" },
              { to: "#invite-heading", label: "Invite" },
              ...(emailBox ? [{ to: "#email-heading", label: "Reply by email" }] : []),
              { to: "#remind-heading", label: "Remind me" },
            ].map((jump) => (
              <li key={jump.to}>
                <a href={jump.to} className="button choice-button min-h-10 min-w-0 px-4 py-1 text-sm">
                  {jump.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <ErrorList errors={actionError ? [actionError] : undefined} className="mt-4" />

      {/* On a phone the two columns become one list in the order a person works in: who they are, then what to do
          (note, archive, invite, reply, remind), then the record; long parts fold shut (decision 0071). From 1024 px
          the record sits on the left and the actions on the right. */}
      <div className="mt-6 grid gap-8 lg:grid-cols-[3fr_2fr]">
        <div className="contents lg:block lg:space-y-8">
          <HeadedSection id="details-heading" className="order-1 rounded-2xl bg-white p-5 ring-1 ring-ink/10 lg:order-none" title="Application">
            <dl className="mt-4 grid grid-cols-[6.5rem_1fr] gap-x-4 gap-y-3 sm:grid-cols-[10rem_1fr] sm:gap-x-6">
              <Detail term="Name">{applicant.name}</Detail>
              <Detail term="Applied">{applicant.applied}</Detail>
              <Detail term="Salon">{applicant.salon}</Detail>
              <Detail term="Mobile">
                <a href={`tel:${applicant.mobileE164}`} className="underline">
                  {applicant.mobile}
                </a>
              </Detail>
              <Detail term="Email">
                <a href={`mailto:${applicant.email}`} className="break-all underline">
                  {applicant.email}
                </a>
              </Detail>
              <Detail term="Role">{applicant.role}</Detail>
              <Detail term="Position">{applicant.position}</Detail>
              <Detail term="CV">
                {loaderData.cv ? (
                  <>
                    <span className="[overflow-wrap:anywhere]">{`${loaderData.cv.name} (${loaderData.cv.size})`}</span>
                    {" – "}
                    {/* A file, not a page: the browser downloads it (the answer says attachment). */}
                    <a href={href("/applicant/:id/cv", { id: String(applicant.id) })} download className="inline-flex min-h-11 items-center font-semibold text-brass-dark underline">
                      Download<span className="sr-only">{` ${applicant.firstName}'s CV`}</span>
                    </a>
                  </>
                ) : (
                  "None sent"
                )}
              </Detail>
              <Detail term="Email sent">{emailSentLabel(applicant.emailResponse, loaderData.invitationsSent)}</Detail>
            </dl>
            <Fold className="mt-4 border-t border-ink/10 pt-2" summary={<h3 className="text-lg">What they wrote</h3>}>
              <Answer heading="About">{applicant.about}</Answer>
              <Answer heading="Why hairdressing">{applicant.whyHair}</Answer>
              <Answer heading="Why us">{applicant.whyUs}</Answer>
            </Fold>
          </HeadedSection>

          <div className="order-7 lg:order-none">
          <RecordList id="notes" title="Notes" empty="No notes yet." items={notes} keyOf={(_, i) => `${notes.length - i}`}>
            {(note) => (
              <>
                <span className="font-semibold">{`${note.author} ${note.date}:`}</span> <span className="whitespace-pre-line">{note.text}</span>
              </>
            )}
          </RecordList>
          </div>
          <div className="order-8 lg:order-none">
            <EmailRecord emails={loaderData.emails} />
          </div>
        </div>

        <div className="contents lg:block lg:space-y-8">
          {archived ? (
            <div className="order-4 lg:order-none">
              <InvitationRecord invitations={loaderData.invitations} />
            </div>
          ) : null}
          {archived ? (
            <div className="notice order-2 space-y-3 lg:order-none">
              <p>This applicant is archived. Their details stay until the retention period ends, or until you erase them.</p>
              <IntentButton intent="restore" label="Restore from the archive" busy="Restoring…" />
            </div>
          ) : (
            <>
              <HeadedSection id="update-heading" className="order-2 rounded-2xl bg-white p-5 ring-1 ring-ink/10 lg:order-none" title="Add a note or change the follow-up">
                <div className="mt-3">
                  {/* Drawn anew when the follow-up it starts from changes, not on any change to the applicant: a note being
                      typed stayed no longer than the next email sent or role changed (its own save empties it). */}
                  <UpdateForm key={applicant.followUp} followUp={applicant.followUp} lastResult={updateResult} />
                </div>
                <div role="status" className="mt-2">
                  {updated ? (
                    <p key={updated} className="flash-2s font-semibold text-emerald-800">
                      Updated successfully!
                    </p>
                  ) : null}
                </div>
              </HeadedSection>
              <HeadedSection id="remind-heading" className="order-6 rounded-2xl bg-white p-5 ring-1 ring-ink/10 lg:order-none" title="Remind me">
                <RemindForm
                  key={`${applicant.remindOn ?? ""}`}
                  remindOn={applicant.remindOn}
                  lastResult={actionData?.intent === "remind" ? actionData.result : undefined}
                  saved={actionData?.intent === "remind" && "remindOn" in actionData}
                  digest={loaderData.digest}
                />
              </HeadedSection>
              {/* Reception invites, moves and cancels too (api-contract.md, "Roles"). The record sits just above the desk,
                  so what a move or a cancellation answers (and its Undo) shows right below the form that did it. */}
              <div className="order-4 space-y-8 lg:order-none">
                <InvitationRecord invitations={loaderData.invitations} outcome={actionData?.intent === "invitation" ? actionData : undefined} />
                <InvitationDesk
                  firstName={applicant.firstName}
                  to={applicant.email}
                  held={loaderData.held.filter((h) => h.invitation)}
                  outcome={actionData?.intent === "invitation" ? actionData : undefined}
                />
              </div>
              {emailBox ? (
                <HeadedSection id="email-heading" className="order-5 rounded-2xl bg-white p-5 ring-1 ring-ink/10 lg:order-none" title="Email response">
                  <div role="status" className="empty:hidden">
                    {justSent ? (
                      // Held, not yet sent: it says when it leaves, while its Undo is live.
                      <p className="mt-3 font-semibold text-emerald-800">{`'${justSent.label}' to ${applicant.firstName} leaves at ${leavesAtText(justSent.sendAt)}: until then you can take it back.`}</p>
                    ) : null}
                    {takenBack ? <p className="mt-3 font-semibold text-emerald-800">Taken back: the email will not be sent.</p> : null}
                  </div>
                  <HeldEmails held={held} firstName={applicant.firstName} />
                  {preview ? (
                    <MessagePreview
                      id="email-preview"
                      spacing="mt-4"
                      heading={`Preview: '${emailTemplateLabels[preview.template]}' to ${applicant.firstName}`}
                      to={applicant.email}
                      subject={preview.subject}
                      text={preview.text}
                      intent="email"
                      fields={{ response: preview.template }}
                      sendLabel={`Send '${emailTemplateLabels[preview.template]}' to ${applicant.firstName}`}
                    />
                  ) : (
                    <EmailChooser firstName={applicant.firstName} sent={applicant.emailResponse} lastResult={previewResult} />
                  )}
                </HeadedSection>
              ) : null}
              <HeadedSection id="actions-heading" className="order-3 rounded-2xl bg-white p-5 ring-1 ring-ink/10 lg:order-none" title="Role and archive">
                <div className="mt-3 flex flex-wrap gap-3">
                  {applicant.isApprentice ? <IntentButton intent="role" label="Change to Saturday" busy="Changing…" /> : null}
                  <IntentButton intent="archive" label="Archive" busy="Archiving…" />
                </div>
                {roleOrRestored ? (
                  <p role="status" className="mt-2 font-semibold text-emerald-800">
                    {roleOrRestored}
                  </p>
                ) : null}
              </HeadedSection>
            </>
          )}
          {manager ? (
            <HeadedSection id="erase-heading" className="order-9 rounded-2xl bg-white p-5 ring-1 ring-ink/10 lg:order-none" title="Erase on request">
              <p className="mt-2">If this person asks us to delete their details, erase them completely: the application, notes and emails.</p>
              <p className="mt-3">
                <Link to={href("/applicant/:id/erase", { id: String(applicant.id) })} className="font-semibold text-alert underline">
                  Erase this applicant…
                </Link>
              </p>
            </HeadedSection>
          ) : null}
          <HistoryList title="History" events={history} folded className="order-10 lg:order-none" />
        </div>
      </div>
    </StaffFrame>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-semibold">{term}</dt>
      <dd className="break-words">{children}</dd>
    </>
  );
}

function Answer({ heading, children }: { heading: string; children: string }) {
  return (
    <div className="mt-3">
      <h4 className="font-display text-lg font-semibold">{heading}</h4>
      <p className="mt-1 whitespace-pre-line">{children}</p>
    </div>
  );
}

function IntentButton({ intent, label, busy }: { intent: string; label: string; busy: string }) {
  const pending = useIntentPending(intent);
  return (
    <HiddenForm fields={{ intent }}>
      <BusyButton busy={pending} busyText={busy} className="button button-outline">
        {label}
      </BusyButton>
    </HiddenForm>
  );
}
