/**
 * The inboxes in the database: listing what the public forms stored, newest
 * first; ticking a record off as handled (and undoing it); erasing one on
 * request. Every look and change goes in the audit trail with who did it,
 * never with the person's details.
 */
import { sql, type RawBuilder, type SqlBool } from "kysely";
import type { Db } from "~/.server/db/schema";
import { recordAudit, replaceTrailWithErasure, type Actor } from "~/modules/audit/audit.server";
import { submissionKinds, type SubmissionKind } from "~/modules/submissions/kinds";
import { inboxText, matchesInboxSearch, type InboxFilter, type InboxKind, type InboxRecord } from "./inbox-kinds";

const handledCondition: Record<InboxFilter, RawBuilder<SqlBool>> = { open: sql`handled_at is null`, handled: sql`handled_at is not null`, all: sql`1 = 1` };

/**
 * The kind's rows in its table (the descriptor names it, and its own `kind`
 * column where the table is shared): every query here starts from these.
 */
export function rowsOf(kind: InboxKind) {
  const { table, discriminator }: SubmissionKind = submissionKinds[kind];
  const mine = discriminator ? sql<SqlBool>`kind = ${kind}` : sql<SqlBool>`1 = 1`;
  // The descriptor names the table; its columns are the ones every inbox table has (id, name, created_at, handled_at, handled_by).
  return { table: table as "contact_messages", mine };
}

/** The records of one kind, newest first (optionally only one id). */
async function select(db: Db, kind: InboxKind, { id, filter = "all" }: { id?: number; filter?: InboxFilter }): Promise<InboxRecord[]> {
  const { table, mine } = rowsOf(kind);
  const columns = inboxText[kind].columns;
  const rows = (await db
    .selectFrom(table)
    .select(["id", "created_at", "handled_at", "handled_by", "name"])
    .select(columns.map((c) => sql.ref<string | null>(c.column).as(c.column)))
    .where(mine)
    .where(handledCondition[filter])
    .$if(id !== undefined, (qb) => qb.where("id", "=", id!))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute()) as unknown as (Pick<InboxRecord, "id" | "created_at" | "handled_at" | "handled_by" | "name"> & Record<string, string | null>)[];
  return rows.map((row) => {
    const record: InboxRecord = { id: row.id, kind, created_at: row.created_at, handled_at: row.handled_at, handled_by: row.handled_by, name: row.name, mobile: null, email: null, text: null, health: null };
    for (const { column, role } of columns) record[role] = row[column] ?? null;
    return record;
  });
}

/** One inbox as a list shows it: filtered by handling, then by what was typed in the search box. */
export async function listInbox(db: Db, kind: InboxKind, filter: InboxFilter = "all", query = ""): Promise<InboxRecord[]> {
  const rows = await select(db, kind, { filter });
  return query.trim() === "" ? rows : rows.filter((r) => matchesInboxSearch(r, query));
}

export async function getInboxRecord(db: Db, kind: InboxKind, id: number): Promise<InboxRecord | null> {
  return (await select(db, kind, { id }))[0] ?? null;
}

/** Each record in a CSV file gets a line in its trail: who took a copy of it, and when. */
export function recordInboxExport(db: Db, actor: Actor, kind: InboxKind, ids: readonly number[], now = new Date()) {
  return recordAudit(
    db,
    ids.map((id) => ({ actor: actor.name, action: "exported", subjectType: kind, subjectId: id })),
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
    const still = handledCondition[handled ? "open" : "handled"];
    const { table, mine } = rowsOf(kind);
    const updated = await trx.updateTable(table).set(change).where("id", "=", id).where(mine).where(still).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return getInboxRecord(trx, kind, id);
    await recordAudit(
      trx,
      { actor: actor.name, action: handled ? "marked-handled" : "marked-not-handled", subjectType: kind, subjectId: id },
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
    const { table, mine } = rowsOf(kind);
    const deleted = await trx.deleteFrom(table).where("id", "=", id).where(mine).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return false;
    // Any message about it (the contact form's email to the salon) goes with it: the outbox relates it by the kind's name.
    await trx.deleteFrom("outbox_messages").where("related_type", "=", kind).where("related_id", "=", String(id)).execute();
    await replaceTrailWithErasure(trx, actor.name, kind, id, now);
    return true;
  });
}
