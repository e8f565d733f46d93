/**
 * The inboxes in the database: listing what the public forms stored, newest
 * first; ticking a record off as handled (and undoing it); erasing one on
 * request. Every look and change goes in the audit trail with who did it,
 * never with the person's details.
 */
import { sql, type Kysely, type SqlBool } from "kysely";
import type { Database, Db } from "~/.server/db/schema";
import { recordAudit, recordLook, replaceTrailWithErasure, type Actor } from "~/modules/audit/audit.server";
import { inboxText, matchesInboxSearch, type InboxFilter, type InboxKind, type InboxRecord } from "./inbox-kinds";


/** The outbox's name for messages about a contact message (app/modules/enquiries/enquiries.server.ts). */
const CONTACT_RELATED = "contact";

function handledCondition(filter: InboxFilter) {
  if (filter === "open") return sql<SqlBool>`handled_at is null`;
  if (filter === "handled") return sql<SqlBool>`handled_at is not null`;
  return sql<SqlBool>`1 = 1`;
}

interface Selection {
  id?: number;
  filter?: InboxFilter;
}

/** The records of one kind, newest first (optionally only one id). */
async function select(db: Db, kind: InboxKind, { id, filter = "all" }: Selection): Promise<InboxRecord[]> {
  const common = ["id", "created_at", "handled_at", "handled_by", "name"] as const;
  switch (kind) {
    case "models": {
      const rows = await db
        .selectFrom("model_applicants")
        .select([...common, "mobile", "info", "health"])
        .where(handledCondition(filter))
        .$if(id !== undefined, (qb) => qb.where("id", "=", id!))
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .execute();
      return rows.map(({ info, ...r }) => ({ ...r, kind, email: null, text: info }));
    }
    case "messages": {
      const rows = await db
        .selectFrom("contact_messages")
        .select([...common, "email", "message"])
        .where(handledCondition(filter))
        .$if(id !== undefined, (qb) => qb.where("id", "=", id!))
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .execute();
      return rows.map(({ message, ...r }) => ({ ...r, kind, mobile: null, text: message, health: null }));
    }
    case "open-evening":
    case "feedback": {
      const rows = await db
        .selectFrom("interest_registrations")
        .select([...common, "mobile", "feedback"])
        .where("kind", "=", kind)
        .where(handledCondition(filter))
        .$if(id !== undefined, (qb) => qb.where("id", "=", id!))
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .execute();
      return rows.map(({ feedback, ...r }) => ({ ...r, kind, email: null, text: feedback, health: null }));
    }
  }
}

/** One inbox as a list shows it: filtered by handling, then by what was typed in the search box. */
export async function listInbox(db: Db, kind: InboxKind, filter: InboxFilter = "all", query = ""): Promise<InboxRecord[]> {
  const rows = await select(db, kind, { filter });
  return query.trim() === "" ? rows : rows.filter((r) => matchesInboxSearch(r, query));
}

export async function getInboxRecord(db: Db, kind: InboxKind, id: number): Promise<InboxRecord | null> {
  return (await select(db, kind, { id }))[0] ?? null;
}

const subjectOf = (kind: InboxKind) => inboxText[kind].subject;

/** A look at a list: one line per person, list and filter, however often the page reloads. */
export function recordInboxLook(db: Db, actor: Actor, kind: InboxKind, filter: InboxFilter, now = new Date()) {
  return recordLook(db, { actor: actor.name, action: "listed", subjectType: kind, detail: filter }, now);
}

/** Each record in a CSV file gets a line in its trail: who took a copy of it, and when. */
export function recordInboxExport(db: Db, actor: Actor, kind: InboxKind, ids: readonly number[], now = new Date()) {
  return recordAudit(
    db,
    ids.map((id) => ({ actor: actor.name, action: "exported", subjectType: subjectOf(kind), subjectId: id })),
    now,
  );
}

/**
 * Ticks a record off (or puts it back). Setting what is already so changes
 * nothing and records nothing; otherwise the change and its audit line are
 * written together. Null when there is no such record of this kind.
 */
export async function setHandled(db: Db, actor: Actor, kind: InboxKind, id: number, handled: boolean, now = new Date()): Promise<InboxRecord | null> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const current = await getInboxRecord(trx, kind, id);
    if (!current) return null;
    if ((current.handled_at !== null) === handled) return current;
    const change = { handled_at: handled ? at : null, handled_by: handled ? actor.name : null };
    // Only if it is still as we read it: two people ticking at once make one change.
    const still = handled ? sql<SqlBool>`handled_at is null` : sql<SqlBool>`handled_at is not null`;
    const updated =
      kind === "models"
        ? await trx.updateTable("model_applicants").set(change).where("id", "=", id).where(still).executeTakeFirst()
        : kind === "messages"
          ? await trx.updateTable("contact_messages").set(change).where("id", "=", id).where(still).executeTakeFirst()
          : await trx.updateTable("interest_registrations").set(change).where("id", "=", id).where("kind", "=", kind).where(still).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return getInboxRecord(trx, kind, id);
    await recordAudit(
      trx,
      { actor: actor.name, action: handled ? "marked-handled" : "marked-not-handled", subjectType: subjectOf(kind), subjectId: id },
      now,
    );
    return { ...current, ...change };
  });
}

/**
 * Erases a record on request: the record and any message about it (the
 * contact form's email to the salon) are deleted, and its audit trail shrinks
 * to one line saying who erased it and when. False when there is no such record.
 */
export async function eraseInboxRecord(db: Db, actor: Actor, kind: InboxKind, id: number, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const deleted =
      kind === "models"
        ? await trx.deleteFrom("model_applicants").where("id", "=", id).executeTakeFirst()
        : kind === "messages"
          ? await trx.deleteFrom("contact_messages").where("id", "=", id).executeTakeFirst()
          : await trx.deleteFrom("interest_registrations").where("id", "=", id).where("kind", "=", kind).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return false;
    if (kind === "messages") {
      await trx.deleteFrom("outbox_messages").where("related_type", "=", CONTACT_RELATED).where("related_id", "=", String(id)).execute();
    }
    await replaceTrailWithErasure(trx, actor.name, subjectOf(kind), id, now);
    return true;
  });
}
