/**
 * Interview and trial-day invitations: a manager's invitation is an email
 * (held, so it can be taken back, like every email to an applicant) that
 * carries a calendar file made as it is sent, and a text the day before. Both
 * are outbox messages written in the same transaction as the invitation.
 */
import type { Db } from "~/.server/db/schema";
import type { EmailBrand } from "~/.server/email/layout";
import type { RenderedEmail } from "~/.server/email/render.server";
import { cancelUnsent, enqueue, MESSAGE_CAPS_DEFAULT, type MessageCaps, type OutboxMessage } from "~/.server/outbox/outbox.server";
import { recordAudit, type Actor } from "~/modules/audit/audit.server";
import { firstName } from "~/utils/text";
import { audit, AUDIT_SUBJECT as SUBJECT, loadTemplate, placeholderValues, queueApplicantEmail, renderTemplateEmail, sendHeld, type StaffEmailServices } from "./applicant-emails.server";
import { isArchived } from "./applicant-views";
import { invitationCalendar } from "./invitation-calendar";
import {
  alreadyInvitedMessage,
  applyChange,
  cancelledEmail,
  formatInvitationWhen,
  invitationEmailTemplates,
  invitationKindLabels,
  invitationState,
  invitationUid,
  movedEmail,
  reminderSendAt,
  reminderText,
  withNote,
  type Invitation,
  type InvitationChange,
  type InvitationKind,
} from "./invitations";

export const REMINDER_TEMPLATE = "applicant-invitation-reminder";

export type InvitationResult =
  | { kind: "done"; messageId: string; reminderAt: string | null; sendAt: string }
  | { kind: "not-found" }
  | { kind: "conflict"; message: string }
  /** One of the same kind is still to come: sent only with `again`. */
  | { kind: "already"; message: string; invitation: InvitationJson };

export const ARCHIVED_INVITATION = "This applicant is archived, so they can't be invited.";

async function applicantFor(db: Db, id: number) {
  return db.selectFrom("job_applicants").select(["id", "name", "email", "mobile", "role", "salon", "deleted_at", "follow_up"]).where("id", "=", id).executeTakeFirst();
}

async function render(
  services: Pick<StaffEmailServices, "db" | "brand">,
  applicant: { name: string; role: string; salon: number },
  invitation: Invitation,
  wording: "invite" | "move" | "cancel" = "invite",
) {
  const stored = await loadTemplate(services.db, invitation.kind);
  const template = wording === "cancel" ? cancelledEmail(invitation.kind) : wording === "move" ? movedEmail(stored, invitation.kind) : stored;
  const values = await placeholderValues(services.db, services.brand, applicant, {
    when: formatInvitationWhen(new Date(invitation.starts_at), invitation.minutes),
    place: invitation.place,
  });
  const body = wording === "cancel" ? template.body : withNote(template.body, invitation.note);
  const rendered = await renderTemplateEmail(services.brand, { subject: template.subject, body }, values);
  return { rendered, salon: values.salon ?? services.brand.name };
}

/** Exactly what the invitation's email will say: the page's preview, and what the send queues. */
export async function previewInvitation(services: Pick<StaffEmailServices, "db" | "brand">, id: number, invitation: Invitation): Promise<RenderedEmail | null> {
  const applicant = await applicantFor(services.db, id);
  return applicant ? (await render(services, applicant, invitation)).rendered : null;
}

/**
 * Invites an applicant: the email (held for STAFF_EMAIL_HOLD_SECONDS), the text
 * the day before at 10:00 when that is still to come, the invitation row and
 * its line in the applicant's history, all in one transaction.
 */
export async function createInvitation(
  services: StaffEmailServices,
  actor: Actor,
  id: number,
  invitation: Invitation,
  { again = false }: { again?: boolean } = {},
  now = new Date(),
): Promise<InvitationResult> {
  const { db } = services;
  const applicant = await applicantFor(db, id);
  if (!applicant) return { kind: "not-found" };
  if (isArchived(applicant)) return { kind: "conflict", message: ARCHIVED_INVITATION };

  const { rendered, salon } = await render(services, applicant, invitation);
  const startsAt = new Date(invitation.starts_at);
  return sendHeld(services, now, async (trx, { holdUntil, sendAt }): Promise<InvitationResult> => {
    // The applicant's row first: on PostgreSQL its lock makes two sends at once (a double tap, two people) take
    // turns, so the second sees the first's invitation and asks; SQLite runs one transaction at a time anyway.
    await trx.updateTable("job_applicants").set({ updated_at: now.toISOString() }).where("id", "=", id).execute();
    if (!again) {
      const already = await alreadyInvited(trx, id, invitation.kind, now);
      if (already) return { kind: "already", ...already };
    }
    const email = await queueApplicantEmail(trx, services.config, applicant.email, invitationEmailTemplates[invitation.kind], id, rendered, holdUntil, now);
    const reminder = await queueReminder(trx, services.config, { ...applicant, kind: invitation.kind, applicant_id: id }, invitation, holdUntil, salon, now);
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
        reminder_message_id: reminder,
        created_by: actor.name,
        created_at: now.toISOString(),
        cancelled_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx.updateTable("applicant_invitations").set({ uid: invitationUid(row.id, new URL(services.brand.publicUrl).host) }).where("id", "=", row.id).execute();
    await recordEmail(trx, row.id, 0, "request", { ...invitation, starts_at: startsAt.toISOString() }, email.id, actor, now);
    await recordAudit(trx, audit(actor, id, "invited", `${invitationKindLabels[invitation.kind]}, ${formatInvitationWhen(startsAt, invitation.minutes)}`), now);
    return { kind: "done", messageId: email.id, reminderAt: reminderSendAt(startsAt, holdUntil)?.toISOString() ?? null, sendAt };
  });
}

/** The applicant's upcoming invitation of this kind, if one is still to come, and the words that ask before another. */
export async function alreadyInvited(db: Db, applicantId: number, kind: InvitationKind, now = new Date()): Promise<{ message: string; invitation: InvitationJson } | null> {
  // The soonest (the list is the latest first).
  const upcoming = (await invitationsJson(db, applicantId, now)).findLast((i) => i.kind === kind && i.state !== "cancelled" && new Date(i.starts_at) > now);
  if (!upcoming) return null;
  const applicant = await db.selectFrom("job_applicants").select("name").where("id", "=", applicantId).executeTakeFirst();
  return { message: alreadyInvitedMessage(kind, firstName(applicant?.name ?? ""), formatInvitationWhen(new Date(upcoming.starts_at), upcoming.minutes)), invitation: upcoming };
}

/** The line of an email about an invitation: what its calendar file will say. */
async function recordEmail(
  trx: Db,
  invitationId: number,
  sequence: number,
  method: "request" | "cancel",
  values: { starts_at: string; minutes: number; place: string; note?: string | null | undefined },
  emailMessageId: string,
  actor: Actor,
  now: Date,
) {
  await trx
    .insertInto("applicant_invitation_emails")
    .values({
      invitation_id: invitationId,
      sequence,
      method,
      starts_at: values.starts_at,
      minutes: values.minutes,
      place: values.place,
      note: values.note ? values.note : null,
      email_message_id: emailMessageId,
      created_by: actor.name,
      created_at: now.toISOString(),
    })
    .execute();
}

/** A move or a cancellation: done (its email held until `sendAt`), or why not. */
export type InvitationChangeResult =
  | { kind: "done"; messageId: string; sendAt: string; invitation: InvitationJson }
  | { kind: "not-found" }
  | { kind: "conflict"; message: string }
  | { kind: "nothing-to-change"; message: string };

export const INVITATION_OVER = "This invitation has already taken place, so it can't be changed.";
export const INVITATION_CANCELLED = "This invitation was cancelled, so it can't be changed.";
export const INVITATION_CHANGED_MEANWHILE = "Someone else changed this invitation just now. Look at it again before changing it.";
export const INVITATION_UNCHANGED = "That is what the invitation already says: change the day, time, length, place or note.";

async function invitationFor(db: Db, invitationId: number) {
  return db
    .selectFrom("applicant_invitations as i")
    .innerJoin("job_applicants as a", "a.id", "i.applicant_id")
    .select(["i.id", "i.applicant_id", "i.kind", "i.starts_at", "i.minutes", "i.place", "i.note", "i.cancelled_at", "i.sequence", "i.reminder_message_id"])
    .select(["a.name", "a.email", "a.mobile", "a.role", "a.salon", "a.deleted_at", "a.follow_up"])
    .where("i.id", "=", invitationId)
    .executeTakeFirst();
}
type LoadedInvitation = NonNullable<Awaited<ReturnType<typeof invitationFor>>>;

const kindOf = (kind: string): InvitationKind => (kind === "trial" ? "trial" : "interview");

/**
 * The text the day before for these values, held until then (the worker leaves it until then, and taking the
 * invitation back removes it); null when that is not after `notBefore`.
 */
async function queueReminder(
  trx: Db,
  caps: MessageCaps,
  to: Pick<LoadedInvitation, "mobile" | "name" | "kind" | "applicant_id">,
  values: { starts_at: string; place: string },
  notBefore: Date,
  salon: string,
  now: Date,
) {
  const startsAt = new Date(values.starts_at);
  const at = reminderSendAt(startsAt, notBefore);
  if (!at) return null;
  const queued = await enqueue(
    trx,
    {
      channel: "sms",
      to: to.mobile,
      text: reminderText(kindOf(to.kind), firstName(to.name), salon, startsAt, values.place),
      template: REMINDER_TEMPLATE,
      related: { type: SUBJECT, id: String(to.applicant_id) },
      trigger: "staff",
      holdUntil: at,
    },
    caps,
    now,
  );
  return queued.id;
}

/**
 * Moves an invitation (`change`: a new start, length, place or note) or calls it off ("cancel"). The row says so
 * at once, the next SEQUENCE with it, but only if nobody changed or cancelled it since it was read (two people at
 * once send one email); an email with a calendar file of the same UID (METHOD:CANCEL for a cancellation) is held
 * like every applicant email; the text the day before is taken back and, for a move, queued again for the new day.
 * Taking that email back puts all of it as it was (withdrawInvitation).
 */
export async function changeInvitation(
  services: StaffEmailServices,
  actor: Actor,
  invitationId: number,
  change: InvitationChange | "cancel",
  now = new Date(),
): Promise<InvitationChangeResult> {
  const { db } = services;
  const row = await invitationFor(db, invitationId);
  if (!row) return { kind: "not-found" };
  if (row.cancelled_at !== null) return { kind: "conflict", message: INVITATION_CANCELLED };
  if (new Date(row.starts_at) <= now) return { kind: "conflict", message: INVITATION_OVER };
  if (isArchived(row)) return { kind: "conflict", message: ARCHIVED_INVITATION };
  const kind = kindOf(row.kind);
  const current = { starts_at: row.starts_at, minutes: row.minutes, place: row.place, note: row.note ?? undefined };
  const cancel = change === "cancel";
  const { next, changed } = cancel ? { next: current, changed: true } : applyChange(current, change);
  if (!changed) return { kind: "nothing-to-change", message: INVITATION_UNCHANGED };
  const { rendered, salon } = await render(services, row, { kind, ...next }, cancel ? "cancel" : "move");
  const sequence = row.sequence + 1;
  return sendHeld(services, now, async (trx, { holdUntil, sendAt }): Promise<InvitationChangeResult> => {
    const set = cancel ? { cancelled_at: now.toISOString(), reminder_message_id: null } : { starts_at: next.starts_at, minutes: next.minutes, place: next.place, note: next.note ?? null };
    const updated = await trx
      .updateTable("applicant_invitations")
      .set({ ...set, sequence })
      .where("id", "=", row.id)
      .where("sequence", "=", row.sequence)
      .where("cancelled_at", "is", null)
      .returning("id")
      .executeTakeFirst();
    if (!updated) return { kind: "conflict", message: INVITATION_CHANGED_MEANWHILE };
    const email = await queueApplicantEmail(trx, services.config, row.email, invitationEmailTemplates[kind], row.applicant_id, rendered, holdUntil, now);
    if (row.reminder_message_id) await cancelUnsent(trx, row.reminder_message_id);
    if (!cancel) {
      const reminder = await queueReminder(trx, services.config, row, next, holdUntil, salon, now);
      await trx.updateTable("applicant_invitations").set({ reminder_message_id: reminder }).where("id", "=", invitationId).execute();
    }
    await recordEmail(trx, invitationId, sequence, cancel ? "cancel" : "request", next, email.id, actor, now);
    const when = formatInvitationWhen(new Date(next.starts_at), next.minutes);
    const detail = `${invitationKindLabels[kind]}, ${cancel ? when : `now ${when}, ${next.place}`}`;
    await recordAudit(trx, audit(actor, row.applicant_id, cancel ? "invitation-cancelled" : "invitation-moved", detail), now);
    const invitation = (await invitationsJson(trx, row.applicant_id, now)).find((i) => i.id === invitationId)!;
    return { kind: "done", messageId: email.id, sendAt, invitation };
  });
}

/**
 * Puts an invitation back as it was before the email just taken back (call
 * inside the transaction that took it back). The first invitation's email:
 * the invitation is withdrawn, with its text and any later email about it
 * still held. A move's or a cancellation's: its line goes, the invitation says
 * again what the latest email left standing says, and the text the day before
 * is queued again for that day. So the row never says what no email will.
 */
export async function withdrawInvitation(trx: Db, brand: Pick<EmailBrand, "name">, emailMessageId: string, now = new Date()): Promise<boolean> {
  const email = await trx.selectFrom("applicant_invitation_emails").select(["id", "invitation_id", "sequence"]).where("email_message_id", "=", emailMessageId).executeTakeFirst();
  if (!email) return false;
  const invitation = await trx.selectFrom("applicant_invitations").select(["id", "reminder_message_id"]).where("id", "=", email.invitation_id).executeTakeFirstOrThrow();
  if (invitation.reminder_message_id) await cancelUnsent(trx, invitation.reminder_message_id);
  if (email.sequence === 0) {
    const later = await trx.selectFrom("applicant_invitation_emails").select(["id", "email_message_id"]).where("invitation_id", "=", email.invitation_id).where("sequence", ">", 0).execute();
    for (const l of later) if (await cancelUnsent(trx, l.email_message_id)) await trx.deleteFrom("applicant_invitation_emails").where("id", "=", l.id).execute();
    await trx.updateTable("applicant_invitations").set({ cancelled_at: now.toISOString(), reminder_message_id: null }).where("id", "=", invitation.id).execute();
    return true;
  }
  await trx.deleteFrom("applicant_invitation_emails").where("id", "=", email.id).execute();
  const standing = await trx
    .selectFrom("applicant_invitation_emails")
    .selectAll()
    .where("invitation_id", "=", email.invitation_id)
    .orderBy("sequence", "desc")
    .execute();
  const latest = standing[0];
  const lastRequest = standing.find((e) => e.method === "request");
  if (!latest || !lastRequest) return true;
  const cancelled = latest.method === "cancel";
  await trx
    .updateTable("applicant_invitations")
    .set({ starts_at: lastRequest.starts_at, minutes: lastRequest.minutes, place: lastRequest.place, note: lastRequest.note, cancelled_at: cancelled ? latest.created_at : null, reminder_message_id: null })
    .where("id", "=", invitation.id)
    .execute();
  if (!cancelled) {
    const row = await invitationFor(trx, invitation.id);
    const salon = row ? await trx.selectFrom("salons").select("name").where("id", "=", row.salon).executeTakeFirst() : undefined;
    // A staff message is never capped: the caps are only passed on.
    const reminder = row ? await queueReminder(trx, MESSAGE_CAPS_DEFAULT, row, lastRequest, now, salon?.name ?? brand.name, now) : null;
    await trx.updateTable("applicant_invitations").set({ reminder_message_id: reminder }).where("id", "=", invitation.id).execute();
  }
  return true;
}

/** The latest email of each invitation, whether it is still held (can be taken back), and which were called off by an email. */
async function latestEmails(db: Db, ids: readonly number[]) {
  const latest = new Map<number, { messageId: string; sequence: number; heldUntil: string | null; cancelledByEmail: boolean }>();
  if (ids.length === 0) return latest;
  const rows = await db
    .selectFrom("applicant_invitation_emails as e")
    .leftJoin("outbox_messages as o", "o.id", "e.email_message_id")
    .select(["e.invitation_id", "e.sequence", "e.method", "e.email_message_id", "o.held_until", "o.status", "o.attempts"])
    .where("e.invitation_id", "in", [...ids])
    .orderBy("e.sequence")
    .execute();
  for (const r of rows) {
    // Held while an Undo would still take it back (cancelUnsent's own test).
    const held = r.held_until !== null && r.status === "pending" && r.attempts === 0;
    const before = latest.get(r.invitation_id);
    latest.set(r.invitation_id, {
      messageId: r.email_message_id,
      sequence: r.sequence,
      heldUntil: held ? r.held_until : null,
      cancelledByEmail: (before?.cancelledByEmail ?? false) || r.method === "cancel",
    });
  }
  return latest;
}

/** An applicant's invitations, the latest start first, withdrawn and cancelled ones included (marked). */
export async function invitationsOf(db: Db, applicantId: number, now = new Date()) {
  const rows = await db
    .selectFrom("applicant_invitations")
    .select(["id", "kind", "starts_at", "minutes", "place", "note", "cancelled_at"])
    .where("applicant_id", "=", applicantId)
    .orderBy("starts_at", "desc")
    .orderBy("id", "desc")
    .execute();
  const latestOf = await latestEmails(db, rows.map((r) => r.id));
  return rows.map((r) => {
    const kind = kindOf(r.kind);
    const cancelled = r.cancelled_at !== null;
    const latest = latestOf.get(r.id);
    return {
      id: r.id,
      kind,
      label: invitationKindLabels[kind],
      when: formatInvitationWhen(new Date(r.starts_at), r.minutes),
      place: r.place,
      note: r.note,
      startsAt: r.starts_at,
      minutes: r.minutes,
      state: invitationState({ cancelled, latestHeld: latest?.heldUntil != null, latestSequence: latest?.sequence ?? 0 }),
      withdrawn: cancelled && !(latest?.cancelledByEmail ?? false),
      open: !cancelled && new Date(r.starts_at) > now,
      // Its latest email, and when it leaves while it is held.
      messageId: latest?.messageId ?? null,
      heldUntil: latest?.heldUntil ?? null,
    };
  });
}

export type InvitationJson = Awaited<ReturnType<typeof invitationsJson>>[number];

/**
 * GET /api/staff/applicants/{id}/invitations (and the applicant's own JSON):
 * `{ id, kind, starts_at, minutes, place, note, state }`, the latest start
 * first, with the latest email's `message_id` and, while it is held, `send_at`
 * (DELETE /api/staff/outbox/{message_id} takes it back until then).
 */
export async function invitationsJson(db: Db, applicantId: number, now = new Date()) {
  return (await invitationsOf(db, applicantId, now)).map((i) => ({
    id: i.id,
    kind: i.kind,
    starts_at: i.startsAt,
    minutes: i.minutes,
    place: i.place,
    note: i.note,
    state: i.state,
    message_id: i.messageId,
    send_at: i.heldUntil,
  }));
}

/** The applicant an invitation belongs to, or null. */
export async function applicantOfInvitation(db: Db, invitationId: number): Promise<number | null> {
  const row = await db.selectFrom("applicant_invitations").select("applicant_id").where("id", "=", invitationId).executeTakeFirst();
  return row?.applicant_id ?? null;
}

/** How many invitations each applicant was sent (those taken back before they left not counted): the list's "Email sent". */
export async function invitationCounts(db: Db, applicantIds: readonly number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (applicantIds.length === 0) return counts;
  const rows = await db.selectFrom("applicant_invitations").select(["id", "applicant_id", "cancelled_at"]).where("applicant_id", "in", [...applicantIds]).execute();
  const latest = await latestEmails(db, rows.filter((r) => r.cancelled_at !== null).map((r) => r.id));
  for (const r of rows) {
    if (r.cancelled_at !== null && !latest.get(r.id)?.cancelledByEmail) continue;
    counts.set(r.applicant_id, (counts.get(r.applicant_id) ?? 0) + 1);
  }
  return counts;
}

/** Interviews and trial days still to come, soonest first, with whom: the staff desk's "Coming up". */
export async function comingUp(db: Db, now = new Date()) {
  const rows = await db
    .selectFrom("applicant_invitations as i")
    .innerJoin("job_applicants as a", "a.id", "i.applicant_id")
    .select(["i.id", "a.id as applicantId", "a.name", "i.kind", "i.starts_at", "i.minutes", "i.place"])
    .where("i.cancelled_at", "is", null)
    .where("a.deleted_at", "is", null)
    .where("i.starts_at", ">", now.toISOString())
    .orderBy("i.starts_at")
    .limit(20)
    .execute();
  return rows.map((r) => ({ id: r.id, applicantId: r.applicantId, name: r.name, label: invitationKindLabels[kindOf(r.kind)], when: formatInvitationWhen(new Date(r.starts_at), r.minutes), place: r.place }));
}

/** The address in "Name <address>", or the whole when it has no brackets. */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

/**
 * The outbox worker's maker of an invitation email's calendar file, from the
 * line stored with that email (its SEQUENCE, REQUEST or CANCEL, and the time
 * and place it was queued with): null when the email was taken back or its
 * applicant erased, so nothing goes.
 */
export function invitationCalendarMaker(db: Db, brand: EmailBrand, from: string) {
  return async (message: Pick<OutboxMessage, "id">): Promise<string | null> => {
    const row = await db
      .selectFrom("applicant_invitation_emails as e")
      .innerJoin("applicant_invitations as i", "i.id", "e.invitation_id")
      .innerJoin("job_applicants as a", "a.id", "i.applicant_id")
      .leftJoin("salons as s", "s.id", "a.salon")
      .select(["i.uid", "i.kind", "e.starts_at", "e.minutes", "e.place", "e.note", "e.created_at", "e.sequence", "e.method", "a.name", "a.email", "s.name as salon"])
      .where("e.email_message_id", "=", message.id)
      .executeTakeFirst();
    if (!row) return null;
    return invitationCalendar({
      uid: row.uid,
      kind: kindOf(row.kind),
      startsAt: new Date(row.starts_at),
      minutes: row.minutes,
      place: row.place,
      note: row.note,
      organizer: { name: row.salon ?? brand.name, email: addressOf(from) },
      attendee: { name: row.name, email: row.email },
      stamp: new Date(row.created_at),
      sequence: row.sequence,
      method: row.method === "cancel" ? "cancel" : "request",
    });
  };
}
