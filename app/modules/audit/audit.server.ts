/**
 * The audit trail: who looked at or changed which record, and when. It holds
 * staff names, record ids and what was done, never the personal data itself,
 * so it can outlive the records it describes.
 */
import type { Db } from "~/.server/db/schema";

/** Whoever is signed in: their display name goes on notes and in the audit trail. */
export interface Actor {
  name: string;
}

export interface AuditEntry {
  actor: string;
  action: string;
  subjectType: string;
  subjectId?: string | number | null;
  /** What changed, in words; never personal data. */
  detail?: string | null;
}

/** A look at the same thing by the same person within this time is one look (reloads, the page refreshing after a change). */
export const REPEAT_LOOK_MS = 15 * 60 * 1000;
/** The trail itself is kept this long. */
export const AUDIT_RETENTION_DAYS = 730;

export async function recordAudit(db: Db, entries: AuditEntry | AuditEntry[], now = new Date()): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) return;
  const at = now.toISOString();
  await db
    .insertInto("audit_events")
    .values(
      list.map((e) => ({
        at,
        actor: e.actor,
        action: e.action,
        subject_type: e.subjectType,
        subject_id: e.subjectId === undefined || e.subjectId === null ? null : String(e.subjectId),
        detail: e.detail ?? null,
      })),
    )
    .execute();
}

/**
 * Records a look, unless the same person did anything to the same subject a
 * moment ago: the trail says who saw what, without a line per page refresh.
 */
export async function recordLook(db: Db, entry: AuditEntry, now = new Date()): Promise<void> {
  let recent = db
    .selectFrom("audit_events")
    .select("id")
    .where("actor", "=", entry.actor)
    .where("subject_type", "=", entry.subjectType)
    .where("at", ">", new Date(now.getTime() - REPEAT_LOOK_MS).toISOString());
  recent =
    entry.subjectId === undefined || entry.subjectId === null
      ? recent.where("subject_id", "is", null).where("action", "=", entry.action)
      : recent.where("subject_id", "=", String(entry.subjectId));
  recent = entry.detail ? recent.where("detail", "=", entry.detail) : recent;
  if (await recent.limit(1).executeTakeFirst()) return;
  await recordAudit(db, entry, now);
}

/** A look at a list (the applicants, an inbox, the sent messages): one line per person, list and filter, however often the page reloads. */
export function recordListLook(db: Db, actor: Actor, list: string, filter: string, now = new Date()): Promise<void> {
  return recordLook(db, { actor: actor.name, action: "listed", subjectType: list, detail: filter }, now);
}

/** One subject's trail, newest first. */
export async function auditTrail(db: Db, subjectType: string, subjectId: string | number) {
  return db
    .selectFrom("audit_events")
    .selectAll()
    .where("subject_type", "=", subjectType)
    .where("subject_id", "=", String(subjectId))
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** When a record is erased its trail shrinks to one line: erased, by whom, when. */
export async function replaceTrailWithErasure(db: Db, actor: string, subjectType: string, subjectId: string | number, now = new Date()) {
  await db.deleteFrom("audit_events").where("subject_type", "=", subjectType).where("subject_id", "=", String(subjectId)).execute();
  await recordAudit(db, { actor, action: "erased", subjectType, subjectId }, now);
}

export async function purgeOldAuditEvents(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - AUDIT_RETENTION_DAYS * 86_400_000).toISOString();
  const result = await db.deleteFrom("audit_events").where("at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
