/**
 * Interview and trial-day invitations: a manager's invitation is an email
 * (held, so it can be taken back, like every email to an applicant) that
 * carries a calendar file made as it is sent, and a text the day before. Both
 * are outbox messages written in the same transaction as the invitation.
 */
import type { Db } from "~/.server/db/schema";
import type { EmailBrand } from "~/.server/email/layout";
import type { RenderedEmail } from "~/.server/email/render.server";
import { cancelUnsent, enqueue, type MessageCaps, type OutboxMessage } from "~/.server/outbox/outbox.server";
import { recordAudit, type Actor } from "~/modules/audit/audit.server";
import { submissionKinds } from "~/modules/submissions/kinds";
import { firstName } from "~/utils/text";
import { loadTemplate, placeholderValues, renderTemplateEmail } from "./applicant-emails.server";
import { isArchived } from "./applicant-views";
import { invitationCalendar } from "./invitation-calendar";
import { formatInvitationWhen, invitationEmailTemplates, invitationKindLabels, invitationUid, reminderSendAt, reminderText, withNote, type Invitation, type InvitationKind } from "./invitations";

/** The applicants' audit subject and their messages' related type (the join-us kind's name). */
const SUBJECT = submissionKinds.joinus.name;

export const REMINDER_TEMPLATE = "applicant-invitation-reminder";

export interface InvitationServices {
  db: Db;
  brand: EmailBrand;
  outbox: { wake(): void };
  config: MessageCaps & { staffEmailHoldSeconds: number };
}

export type InvitationResult =
  | { kind: "done"; messageId: string; invitationId: number; reminderAt: string | null }
  | { kind: "not-found" }
  | { kind: "conflict"; message: string };

export const ARCHIVED_INVITATION = "This applicant is archived, so they can't be invited.";

async function applicantFor(db: Db, id: number) {
  return db.selectFrom("job_applicants").select(["id", "name", "email", "mobile", "role", "salon", "deleted_at", "follow_up"]).where("id", "=", id).executeTakeFirst();
}

async function render(services: Pick<InvitationServices, "db" | "brand">, applicant: { name: string; role: string; salon: number }, invitation: Invitation) {
  const template = await loadTemplate(services.db, invitation.kind);
  const values = await placeholderValues(services.db, services.brand, applicant, {
    when: formatInvitationWhen(new Date(invitation.starts_at), invitation.minutes),
    place: invitation.place,
  });
  const rendered = await renderTemplateEmail(services.brand, { subject: template.subject, body: withNote(template.body, invitation.note) }, values);
  return { rendered, salon: values.salon ?? services.brand.name };
}

/** Exactly what the invitation's email will say: the page's preview, and what the send queues. */
export async function previewInvitation(services: Pick<InvitationServices, "db" | "brand">, id: number, invitation: Invitation): Promise<RenderedEmail | null> {
  const applicant = await applicantFor(services.db, id);
  return applicant ? (await render(services, applicant, invitation)).rendered : null;
}

/**
 * Invites an applicant: the email (held for STAFF_EMAIL_HOLD_SECONDS), the text
 * the day before at 10:00 when that is still to come, the invitation row and
 * its line in the applicant's history, all in one transaction.
 */
export async function createInvitation(services: InvitationServices, actor: Actor, id: number, invitation: Invitation, now = new Date()): Promise<InvitationResult> {
  const { db } = services;
  const applicant = await applicantFor(db, id);
  if (!applicant) return { kind: "not-found" };
  if (isArchived(applicant)) return { kind: "conflict", message: ARCHIVED_INVITATION };
  const { rendered, salon } = await render(services, applicant, invitation);
  const startsAt = new Date(invitation.starts_at);
  const holdUntil = new Date(now.getTime() + services.config.staffEmailHoldSeconds * 1000);
  const reminderAt = reminderSendAt(startsAt, holdUntil);
  const related = { type: SUBJECT, id: String(id) };
  const result = await db.transaction().execute(async (trx) => {
    const email = await enqueue(
      trx,
      { channel: "email", to: applicant.email, template: invitationEmailTemplates[invitation.kind], related, trigger: "staff", holdUntil, ...rendered },
      services.config,
      now,
    );
    const reminder = reminderAt
      ? await enqueue(
          trx,
          {
            channel: "sms",
            to: applicant.mobile,
            text: reminderText(invitation.kind, firstName(applicant.name), salon, startsAt, invitation.place),
            template: REMINDER_TEMPLATE,
            related,
            trigger: "staff",
            // Held until the day before: the worker leaves it until then, and taking the invitation back removes it.
            holdUntil: reminderAt,
          },
          services.config,
          now,
        )
      : null;
    const row = await trx
      .insertInto("applicant_invitations")
      .values({
        applicant_id: id,
        kind: invitation.kind,
        starts_at: startsAt.toISOString(),
        minutes: invitation.minutes,
        place: invitation.place,
        note: invitation.note ? invitation.note : null,
        // Made from the id just below; unique meanwhile.
        uid: `new-${email.id}`,
        email_message_id: email.id,
        reminder_message_id: reminder?.id ?? null,
        created_by: actor.name,
        created_at: now.toISOString(),
        cancelled_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx.updateTable("applicant_invitations").set({ uid: invitationUid(row.id, new URL(services.brand.publicUrl).host) }).where("id", "=", row.id).execute();
    await recordAudit(
      trx,
      { actor: actor.name, action: "invited", subjectType: SUBJECT, subjectId: id, detail: `${invitationKindLabels[invitation.kind]}, ${formatInvitationWhen(startsAt, invitation.minutes)}` },
      now,
    );
    return { kind: "done" as const, messageId: email.id, invitationId: row.id, reminderAt: reminderAt?.toISOString() ?? null };
  });
  services.outbox.wake();
  return result;
}

/**
 * Marks withdrawn the invitation whose email was just taken back, and takes
 * back its text reminder with it. Call inside the transaction that took the email back.
 */
export async function withdrawInvitation(trx: Db, emailMessageId: string, now = new Date()): Promise<boolean> {
  const invitation = await trx
    .updateTable("applicant_invitations")
    .set({ cancelled_at: now.toISOString() })
    .where("email_message_id", "=", emailMessageId)
    .where("cancelled_at", "is", null)
    .returning(["id", "reminder_message_id"])
    .executeTakeFirst();
  if (!invitation) return false;
  if (invitation.reminder_message_id) await cancelUnsent(trx, invitation.reminder_message_id);
  return true;
}

export interface InvitationView {
  id: number;
  kind: InvitationKind;
  label: string;
  when: string;
  place: string;
  note: string | null;
  startsAt: string;
  withdrawn: boolean;
}

const view = (r: { id: number; kind: string; starts_at: string; minutes: number; place: string; note: string | null; cancelled_at: string | null }): InvitationView => {
  const kind: InvitationKind = r.kind === "trial" ? "trial" : "interview";
  return {
    id: r.id,
    kind,
    label: invitationKindLabels[kind],
    when: formatInvitationWhen(new Date(r.starts_at), r.minutes),
    place: r.place,
    note: r.note,
    startsAt: r.starts_at,
    withdrawn: r.cancelled_at !== null,
  };
};

/** An applicant's invitations, the latest start first, withdrawn ones included. */
function invitationRows(db: Db, applicantId: number) {
  return db
    .selectFrom("applicant_invitations")
    .select(["id", "kind", "starts_at", "minutes", "place", "note", "cancelled_at"])
    .where("applicant_id", "=", applicantId)
    .orderBy("starts_at", "desc")
    .execute();
}

/** An applicant's invitations, the latest start first, withdrawn ones included (marked). */
export async function invitationsOf(db: Db, applicantId: number): Promise<InvitationView[]> {
  return (await invitationRows(db, applicantId)).map(view);
}

/** An applicant's invitations as GET /api/joinus-applicant/{id} shows them, the latest start first. */
export async function invitationsJson(db: Db, applicantId: number) {
  const rows = await invitationRows(db, applicantId);
  return rows.map((r) => ({ id: r.id, kind: r.kind, starts_at: r.starts_at, minutes: r.minutes, place: r.place, note: r.note, withdrawn: r.cancelled_at !== null }));
}

/** Interviews and trial days still to come, soonest first, with whom: the staff desk's "Coming up". */
export async function comingUp(db: Db, now = new Date(), limit = 20): Promise<(InvitationView & { applicantId: number; name: string })[]> {
  const rows = await db
    .selectFrom("applicant_invitations as i")
    .innerJoin("job_applicants as a", "a.id", "i.applicant_id")
    .select(["i.id", "i.kind", "i.starts_at", "i.minutes", "i.place", "i.note", "i.cancelled_at", "a.id as applicantId", "a.name"])
    .where("i.cancelled_at", "is", null)
    .where("a.deleted_at", "is", null)
    .where("i.starts_at", ">", now.toISOString())
    .orderBy("i.starts_at")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...view(r), applicantId: r.applicantId, name: r.name }));
}

/** The address in "Name <address>", or the whole when it has no brackets. */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

/**
 * The outbox worker's maker of an invitation email's calendar file, from the
 * stored invitation as it is sent: null when the invitation was withdrawn or
 * its applicant erased, so nothing goes.
 */
export function invitationCalendarMaker(db: Db, brand: EmailBrand, from: string) {
  return async (message: Pick<OutboxMessage, "id">): Promise<string | null> => {
    const row = await db
      .selectFrom("applicant_invitations as i")
      .innerJoin("job_applicants as a", "a.id", "i.applicant_id")
      .leftJoin("salons as s", "s.id", "a.salon")
      .select(["i.uid", "i.kind", "i.starts_at", "i.minutes", "i.place", "i.note", "i.created_at", "a.name", "a.email", "s.name as salon"])
      .where("i.email_message_id", "=", message.id)
      .where("i.cancelled_at", "is", null)
      .executeTakeFirst();
    if (!row) return null;
    return invitationCalendar({
      uid: row.uid,
      kind: row.kind === "trial" ? "trial" : "interview",
      startsAt: new Date(row.starts_at),
      minutes: row.minutes,
      place: row.place,
      note: row.note,
      organizer: { name: row.salon ?? brand.name, email: addressOf(from) },
      attendee: { name: row.name, email: row.email },
      stamp: new Date(row.created_at),
    });
  };
}
