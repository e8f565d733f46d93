/**
 * Job applicants as the staff work with them: the list, one applicant with
 * their notes, and every change (note, follow-up, canned reply, role, archive,
 * erase), each recorded in the audit trail with who did it.
 */
import type { Db, JobApplicantTable } from "~/.server/db/schema";
import { formatSalonDate, salonToday } from "~/utils/dates";
import type { EmailBrand } from "~/.server/email/layout";
import { cancelUnsent } from "~/.server/outbox/outbox.server";
import type { RenderedEmail } from "~/.server/email/render.server";
import { audit, AUDIT_SUBJECT, loadTemplate, placeholderValues, queueApplicantEmail, renderTemplateEmail, sendHeld, type StaffEmailServices } from "./applicant-emails.server";
import { emailTemplateLabels, isEmailTemplateName, type EmailTemplateName, type Placeholder } from "./email-templates";
import { recordAudit, recordLook, replaceTrailWithErasure, type Actor } from "~/modules/audit/audit.server";
import { applicantView, followUpLabels, followUps, isArchived, type ApplicantFilter, type FollowUp } from "./applicant-views";
import { emailResponseLabels, isEmailResponse, roleLabel, type EmailResponse } from "./format";
import { formatNoteLine, type NoteRow } from "./notes";
import { withdrawInvitation } from "./invitations.server";
import { isInvitationEmail } from "./invitations";


export type { Actor } from "~/modules/audit/audit.server";

export type ApplicantRow = Omit<JobApplicantTable, "id"> & { id: number };

export interface Applicant extends ApplicantRow {
  /** Newest first. */
  notes: NoteRow[];
}

export type ChangeResult =
  | { kind: "done" }
  | { kind: "not-found" }
  /** The change does not apply to this applicant as they are now (409). */
  | { kind: "conflict"; message: string }
  | { kind: "nothing-to-change" };

export const ARCHIVED_MESSAGE = "This applicant is archived, so they can't be changed.";

/** The applicants of one of the spec's views, in its order. */
export async function listApplicants(db: Db, filter: ApplicantFilter): Promise<ApplicantRow[]> {
  let query = db.selectFrom("job_applicants").selectAll();
  if (filter === "archived") query = query.where((eb) => eb.or([eb("deleted_at", "is not", null), eb("follow_up", "=", "archived")]));
  else if (filter !== "everyone") query = query.where("deleted_at", "is", null);
  return applicantView(await query.execute(), filter);
}

/** Applicants whose "remind me on" date is today or past (in the salon's time), oldest first; archived ones are not due. */
export async function dueApplicants(db: Db, now = new Date()): Promise<ApplicantRow[]> {
  return db
    .selectFrom("job_applicants")
    .selectAll()
    .where("remind_on", "is not", null)
    .where("remind_on", "<=", salonToday(now))
    .where("deleted_at", "is", null)
    .where("follow_up", "!=", "archived")
    .orderBy("remind_on")
    .orderBy("id")
    .execute();
}

/** Every note of these applicants, newest first. */
export async function notesOf(db: Db, ids: readonly number[]): Promise<Map<number, NoteRow[]>> {
  const notes = new Map<number, NoteRow[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return notes;
  const rows = await db
    .selectFrom("applicant_notes")
    .select(["applicant_id", "author", "text", "created_at"])
    .where("applicant_id", "in", [...ids])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  for (const { applicant_id, ...note } of rows) notes.get(applicant_id)?.push(note);
  return notes;
}

export async function getApplicant(db: Db, id: number): Promise<Applicant | null> {
  const row = await db.selectFrom("job_applicants").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  return { ...row, notes: (await notesOf(db, [id])).get(id) ?? [] };
}

/** The API's shape (api-contract.md): notes as lines, newest first. */
export function applicantJson(applicant: Applicant) {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- kept for restore and undo, not part of the contract's shape
  const { possible_duplicate, notes, follow_up_before_archive, email_response_before, ...fields } = applicant;
  return { ...fields, possible_duplicate: possible_duplicate === 1, notes: notes.map(formatNoteLine) };
}

async function exists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom("job_applicants").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
}

/** A look at one applicant (their page, or GET /api/joinus-applicant/{id}). */
export function recordApplicantLook(db: Db, actor: Actor, id: number, now = new Date()) {
  return recordLook(db, audit(actor, id, "viewed"), now);
}

export function recordExport(db: Db, actor: Actor, ids: readonly number[], now = new Date()) {
  return recordAudit(db, ids.map((id) => audit(actor, id, "exported")), now);
}

/** A download of the applicant's CV: a copy of their details leaving the site, so always a line in their history. */
export function recordCvDownload(db: Db, actor: Actor, id: number, now = new Date()) {
  return recordAudit(db, [audit(actor, id, "cv-downloaded")], now);
}

/**
 * Adds a note and/or sets the follow-up. A note is a new row, written by the
 * server with the signed-in name and the time: notes are never rewritten, so
 * two people writing at once both keep theirs.
 */
export async function updateApplicant(
  db: Db,
  actor: Actor,
  id: number,
  change: { note?: string | undefined; follow_up?: FollowUp | undefined; remind_on?: string | null | undefined },
  now = new Date(),
): Promise<ChangeResult> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx): Promise<ChangeResult> => {
    const current = await trx.selectFrom("job_applicants").select(["follow_up", "deleted_at", "remind_on"]).where("id", "=", id).executeTakeFirst();
    if (!current) return { kind: "not-found" };
    if (isArchived(current)) return { kind: "conflict", message: ARCHIVED_MESSAGE };
    const note = change.note?.trim() ?? "";
    const followUp = change.follow_up !== undefined && change.follow_up !== current.follow_up ? change.follow_up : undefined;
    const remindOn = change.remind_on !== undefined && change.remind_on !== current.remind_on ? change.remind_on : undefined;
    if (note === "" && followUp === undefined && remindOn === undefined) return { kind: "nothing-to-change" };
    const events = [];
    if (note !== "") {
      await trx.insertInto("applicant_notes").values({ applicant_id: id, author: actor.name, text: note, created_at: at }).execute();
      events.push(audit(actor, id, "note-added"));
    }
    if (followUp !== undefined) events.push(audit(actor, id, "follow-up-changed", `${followUpLabels[current.follow_up as FollowUp] ?? current.follow_up} → ${followUpLabels[followUp]}`));
    if (remindOn !== undefined) events.push(audit(actor, id, "reminder-set", remindOn === null ? "none" : formatSalonDate(remindOn)));
    // An undefined value is left out of the update (Kysely's set): only what changed is written.
    await trx.updateTable("job_applicants").set({ follow_up: followUp, remind_on: remindOn, updated_at: at }).where("id", "=", id).execute();
    await recordAudit(trx, events, now);
    return { kind: "done" };
  });
}

/** An email queued for an applicant: held until `sendAt`, and until then `takeBackEmail` may stop it. */
export type SendResult = Exclude<ChangeResult, { kind: "done" }> | { kind: "done"; messageId: string; sendAt: string };

/** What an applicant's email would be, exactly: the preview, and what the send queues. */
export async function previewApplicantEmail(
  services: Pick<StaffEmailServices, "db" | "brand">,
  id: number,
  name: EmailTemplateName,
  extra: Partial<Record<Placeholder, string>> = {},
): Promise<RenderedEmail | null> {
  const applicant = await services.db.selectFrom("job_applicants").select(["name", "role", "salon"]).where("id", "=", id).executeTakeFirst();
  if (!applicant) return null;
  const template = await loadTemplate(services.db, name);
  return renderTemplateEmail(services.brand, template, await placeholderValues(services.db, services.brand, applicant, extra));
}

/**
 * Sends a canned reply ('unsuccessful' or 'maybe') through the outbox and
 * records it on the applicant. 'Maybe' may be followed by 'unsuccessful',
 * never the other way round, and neither twice. The email is held for
 * STAFF_EMAIL_HOLD_SECONDS, so it can be taken back.
 */
export async function sendCannedReply(
  services: StaffEmailServices,
  actor: Actor,
  id: number,
  response: EmailResponse,
  now = new Date(),
): Promise<SendResult> {
  const { db } = services;
  const applicant = await db.selectFrom("job_applicants").selectAll().where("id", "=", id).executeTakeFirst();
  if (!applicant) return { kind: "not-found" };
  if (isArchived(applicant)) return { kind: "conflict", message: ARCHIVED_MESSAGE };
  const refusal = replyRefusal(applicant.email_response, response);
  if (refusal) return { kind: "conflict", message: refusal };
  const rendered = await previewApplicantEmail(services, id, response);
  if (!rendered) return { kind: "not-found" };
  const at = now.toISOString();
  return sendHeld(services, now, async (trx, { holdUntil, sendAt }): Promise<SendResult> => {
    // The condition is checked again as the row is written: two people pressing at once send one email.
    const updated = await trx
      .updateTable("job_applicants")
      .set({ email_response: response, email_response_before: applicant.email_response, updated_at: at })
      .where("id", "=", id)
      .where("deleted_at", "is", null)
      .where((eb) =>
        response === "unsuccessful"
          ? eb.or([eb("email_response", "is", null), eb("email_response", "=", "maybe")])
          : eb("email_response", "is", null),
      )
      .returning("id")
      .executeTakeFirst();
    if (!updated) return { kind: "conflict", message: "That email has just been sent by someone else." };
    const queued = await queueApplicantEmail(trx, services.config, applicant.email, `applicant-${response}`, id, rendered, holdUntil, now);
    await recordAudit(trx, audit(actor, id, "emailed", `the ${emailResponseLabels[response]} email`), now);
    return { kind: "done", messageId: queued.id, sendAt };
  });
}

export type TakeBackResult = { kind: "taken-back"; applicantId: number | null } | { kind: "not-found" } | { kind: "gone"; message: string } | { kind: "refused" };

/**
 * Takes back an email staff sent while it is held: it never leaves, and a
 * canned reply's `email_response` is as it was before. An id not shaped like
 * a message's (a UUID) is not found.
 */
export async function takeBackEmail(
  services: { db: Db; brand: Pick<EmailBrand, "name"> },
  actor: Actor,
  messageId: string,
  /** Only an invitation's emails (the first, a move, a cancellation): what reception may take back, as it may send them. */
  { invitationsOnly = false }: { invitationsOnly?: boolean } = {},
  now = new Date(),
): Promise<TakeBackResult> {
  if (!/^[0-9a-f-]{36}$/.test(messageId)) return { kind: "not-found" };
  return services.db.transaction().execute(async (trx): Promise<TakeBackResult> => {
    const row = await trx.selectFrom("outbox_messages").select(["id", "held_until", "template", "related_type", "related_id"]).where("id", "=", messageId).executeTakeFirst();
    if (!row) return { kind: "not-found" };
    if (invitationsOnly && !isInvitationEmail(row.template)) return { kind: "refused" };
    if (row.held_until === null) return { kind: "gone", message: "That message was never held, so it can't be taken back." };
    const cancelled = await cancelUnsent(trx, messageId);
    if (!cancelled) return { kind: "gone", message: "That email has already left, so it can't be taken back." };
    const applicantId = row.related_type === AUDIT_SUBJECT ? Number(row.related_id) : null;
    // An invitation's email taken back withdraws the invitation, and its text reminder with it.
    await withdrawInvitation(trx, services.brand, messageId, now);
    if (applicantId !== null) {
      const response = row.template.replace(/^applicant-/, "");
      if (isEmailResponse(response)) {
        await trx
          .updateTable("job_applicants")
          .set((eb) => ({ email_response: eb.ref("email_response_before"), email_response_before: null, updated_at: now.toISOString() }))
          .where("id", "=", applicantId)
          .where("email_response", "=", response)
          .execute();
      }
      const label = isEmailTemplateName(response) ? `'${emailTemplateLabels[response]}'` : row.template;
      await recordAudit(trx, audit(actor, applicantId, "email-taken-back", label), now);
    }
    return { kind: "taken-back", applicantId };
  });
}

/** Why this reply can't be sent now, or null (the spec's visibility rules for the email box). */
export function replyRefusal(sent: string | null, response: EmailResponse): string | null {
  if (sent === "unsuccessful") return "The Unsuccessful email has already been sent to this applicant.";
  if (sent === response) return `The ${emailResponseLabels[response]} email has already been sent to this applicant.`;
  return null;
}

/** Apprentice → Saturday, the one role change the spec has. */
export async function changeRoleToSaturday(db: Db, actor: Actor, id: number, now = new Date()): Promise<ChangeResult> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx): Promise<ChangeResult> => {
    const updated = await trx
      .updateTable("job_applicants")
      .set({ role: "Saturday", updated_at: at })
      .where("id", "=", id)
      .where("role", "=", "Apprentice")
      .where("deleted_at", "is", null)
      .returning("id")
      .executeTakeFirst();
    if (!updated) {
      const current = await trx.selectFrom("job_applicants").select(["role", "follow_up", "deleted_at"]).where("id", "=", id).executeTakeFirst();
      if (!current) return { kind: "not-found" };
      if (isArchived(current)) return { kind: "conflict", message: ARCHIVED_MESSAGE };
      return { kind: "conflict", message: `Only an Apprentice can be changed to Saturday; this applicant's role is ${roleLabel(current.role)}.` };
    }
    await recordAudit(trx, audit(actor, id, "role-changed", `${roleLabel("Apprentice")} → ${roleLabel("Saturday")}`), now);
    return { kind: "done" };
  });
}

/** A soft delete: the record stays, marked archived. Archiving twice is no change. */
export async function archiveApplicant(db: Db, actor: Actor, id: number, now = new Date()): Promise<ChangeResult> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx): Promise<ChangeResult> => {
    const updated = await trx
      .updateTable("job_applicants")
      .set((eb) => ({ deleted_at: at, follow_up: "archived", follow_up_before_archive: eb.ref("follow_up"), updated_at: at }))
      .where("id", "=", id)
      .where("deleted_at", "is", null)
      .returning("id")
      .executeTakeFirst();
    if (!updated) return (await exists(trx, id)) ? { kind: "done" } : { kind: "not-found" };
    await recordAudit(trx, audit(actor, id, "archived"), now);
    return { kind: "done" };
  });
}

export const NOT_ARCHIVED_MESSAGE = "This applicant isn't archived, so there is nothing to restore.";

/** Brings an applicant back from the archive, with the follow-up they had before. */
export async function restoreApplicant(db: Db, actor: Actor, id: number, now = new Date()): Promise<ChangeResult> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx): Promise<ChangeResult> => {
    const current = await trx.selectFrom("job_applicants").select(["follow_up", "deleted_at", "follow_up_before_archive"]).where("id", "=", id).executeTakeFirst();
    if (!current) return { kind: "not-found" };
    if (!isArchived(current)) return { kind: "conflict", message: NOT_ARCHIVED_MESSAGE };
    const before = (followUps as readonly string[]).includes(current.follow_up_before_archive ?? "") ? (current.follow_up_before_archive as FollowUp) : "";
    const updated = await trx
      .updateTable("job_applicants")
      .set({ deleted_at: null, follow_up: before, follow_up_before_archive: null, updated_at: at })
      .where("id", "=", id)
      .where((eb) => eb.or([eb("deleted_at", "is not", null), eb("follow_up", "=", "archived")]))
      .returning("id")
      .executeTakeFirst();
    if (!updated) return { kind: "conflict", message: NOT_ARCHIVED_MESSAGE };
    await recordAudit(trx, audit(actor, id, "restored", `back to ${followUpLabels[before]}`), now);
    return { kind: "done" };
  });
}

/**
 * Erases an applicant on request: the record, its notes and its messages
 * (sent or waiting) are deleted, and its audit trail shrinks to one line
 * saying who erased it and when.
 */
export async function eraseApplicant(db: Db, actor: Actor, id: number, now = new Date()): Promise<ChangeResult> {
  return db.transaction().execute(async (trx): Promise<ChangeResult> => {
    if (!(await exists(trx, id))) return { kind: "not-found" };
    await eraseRecords(trx, [id]);
    await replaceTrailWithErasure(trx, actor.name, AUDIT_SUBJECT, id, now);
    return { kind: "done" };
  });
}

/** Deletes applicants with everything that holds their personal data. */
export async function eraseRecords(db: Db, ids: readonly number[]): Promise<void> {
  await db.deleteFrom("applicant_notes").where("applicant_id", "in", [...ids]).execute();
  await db
    .deleteFrom("applicant_invitation_emails")
    .where("invitation_id", "in", db.selectFrom("applicant_invitations").select("id").where("applicant_id", "in", [...ids]))
    .execute();
  await db.deleteFrom("applicant_invitations").where("applicant_id", "in", [...ids]).execute();
  await db.deleteFrom("applicant_cvs").where("applicant_id", "in", [...ids]).execute();
  await db
    .deleteFrom("outbox_messages")
    .where("related_type", "=", AUDIT_SUBJECT)
    .where("related_id", "in", ids.map(String))
    .execute();
  await db.deleteFrom("job_applicants").where("id", "in", [...ids]).execute();
}
