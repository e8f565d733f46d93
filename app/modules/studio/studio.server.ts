/**
 * Every change to the site's content goes through here (decision record
 * 0040): the price list, the team, an import, an undo. In one transaction,
 * under the content's lock: the files as they are now, the change planned on
 * them, the whole content checked with the content loader's own schemas (a
 * change that would break any page is refused, nothing saved), the files and
 * the reference tables written, and one entry of the history with what was
 * altered before and after. Other instances see it on their next request
 * (the content's revision moves with the history).
 */
import type { Kysely, Transaction } from "kysely";
import type { Database, Db } from "~/.server/db/schema";
import type { Engine } from "~/.server/db/database.server";
import type { Actor } from "~/modules/audit/audit.server";
import { ContentError } from "~/modules/fields/content-fields";
import { loadContent, type SiteContent } from "~/modules/site/load-content.server";
import { lockContent, readContentFiles } from "~/modules/site/content-store.server";
import { syncTables } from "~/modules/site/seed-content.server";
import { applyChanges, overlaps, sameValue, valueAt, type Change, type Files, type Planned, type Refusal } from "./changes";

export type { Planned, Refusal };

/** One line of the history, as GET /api/staff/history answers it. */
export interface HistoryEntry {
  id: number;
  at: string;
  staff: string;
  what: string;
  summary: string;
}

export type ChangeOutcome<T> = { kind: "done"; entry: HistoryEntry; result: T } | { kind: "unchanged"; result: T } | Refusal;

export interface ContentDb {
  db: Kysely<Database>;
  engine: Engine;
}

/**
 * Plans a change on the files as they are now and stores it, or refuses it.
 * `plan` returns the change and what to answer with once it is stored (the
 * content after it is passed in).
 */
export async function changeContent<T>(
  { db, engine }: ContentDb,
  actor: Actor,
  plan: (files: Files) => { planned: Planned; result: (content: SiteContent) => T } | Refusal,
  now = new Date(),
): Promise<ChangeOutcome<T>> {
  return db.transaction().execute(async (trx): Promise<ChangeOutcome<T>> => {
    await lockContent(trx, engine);
    const files = await readContentFiles(trx);
    const planning = plan(files);
    if ("kind" in planning) return planning;
    const changes = planning.planned.changes.filter((c) => !sameValue(c.before, c.after));
    const stored = await store(trx, files, changes, now);
    if (stored.kind === "invalid") return stored;
    if (changes.length === 0) return { kind: "unchanged", result: planning.result(stored.content) };
    const entry = await recordEntry(trx, actor, { ...planning.planned, changes }, null, now);
    return { kind: "done", entry, result: planning.result(stored.content) };
  });
}

/** Writes the files the changes alter, after checking the whole content; and the reference tables. */
async function store(
  trx: Transaction<Database>,
  files: Map<string, string>,
  changes: Change[],
  now: Date,
): Promise<{ kind: "stored"; content: SiteContent } | { kind: "invalid"; message: string }> {
  const next = applyChanges(files, changes);
  let content: SiteContent;
  try {
    content = loadContent(next);
  } catch (error) {
    if (error instanceof ContentError) return { kind: "invalid", message: refusalWords(error.message) };
    throw error;
  }
  const at = now.toISOString();
  for (const file of new Set(changes.map((c) => c.file))) {
    const body = next.get(file);
    if (body === undefined) {
      await trx.deleteFrom("content_files").where("path", "=", file).execute();
    } else {
      await trx
        .insertInto("content_files")
        .values({ path: file, body, updated_at: at })
        .onConflict((oc) => oc.column("path").doUpdateSet({ body, updated_at: at }))
        .execute();
    }
  }
  await syncTables(trx, content, now);
  return { kind: "stored", content };
}

/** The content loader names the file and field; a manager reads what would go wrong. */
function refusalWords(message: string): string {
  return `That change would break the site's content, so nothing was saved: ${message}`;
}

async function recordEntry(db: Db, actor: Actor, planned: Planned, undoes: number | null, now: Date): Promise<HistoryEntry> {
  const row = { at: now.toISOString(), staff: actor.name, what: planned.what, summary: planned.summary, changes: JSON.stringify(planned.changes), undoes, undone_by: null };
  const { id } = await db.insertInto("studio_history").values(row).returning("id").executeTakeFirstOrThrow();
  return { id: Number(id), at: row.at, staff: row.staff, what: row.what, summary: row.summary };
}

const entryColumns = ["id", "at", "staff", "what", "summary"] as const;
const toEntry = (row: { id: number; at: string; staff: string; what: string; summary: string }): HistoryEntry => ({ ...row, id: Number(row.id) });

/** The history, newest first, with whether each entry was undone (and by which). */
export async function listHistory(db: Db, limit = 200): Promise<(HistoryEntry & { undoes: number | null; undone_by: number | null })[]> {
  const rows = await db.selectFrom("studio_history").select([...entryColumns, "undoes", "undone_by"]).orderBy("id", "desc").limit(limit).execute();
  return rows.map((r) => ({ ...toEntry(r), undoes: r.undoes === null ? null : Number(r.undoes), undone_by: r.undone_by === null ? null : Number(r.undone_by) }));
}

export type UndoOutcome =
  | { kind: "done"; entry: HistoryEntry }
  | { kind: "not-found" }
  /** A later change altered the same place, or this one was undone already: named, so it can be undone first. */
  | { kind: "conflict"; later: HistoryEntry; message: string }
  | { kind: "invalid"; message: string };

/**
 * Undoes one entry: what it altered goes back to what it was, recorded as a
 * new entry. Refused while a later change to the same place stands (undo
 * that one first), or once it has been undone already.
 */
export async function undoEntry({ db, engine }: ContentDb, actor: Actor, id: number, now = new Date()): Promise<UndoOutcome> {
  return db.transaction().execute(async (trx): Promise<UndoOutcome> => {
    await lockContent(trx, engine);
    const row = await trx.selectFrom("studio_history").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) return { kind: "not-found" };
    const entry = toEntry(row);
    if (row.undone_by !== null) {
      const by = await trx.selectFrom("studio_history").select(entryColumns).where("id", "=", Number(row.undone_by)).executeTakeFirstOrThrow();
      const later = toEntry(by);
      return { kind: "conflict", later, message: `That change was undone already, by ${later.staff} (history entry ${later.id}: “${later.summary}”).` };
    }
    const changes = JSON.parse(row.changes) as Change[];
    const files = await readContentFiles(trx);
    const moved = changes.filter((c) => !sameValue(valueAt(files, c), c.after));
    if (moved.length > 0) {
      const laterRows = await trx.selectFrom("studio_history").select([...entryColumns, "changes"]).where("id", ">", id).orderBy("id", "desc").execute();
      const standing = laterRows.find((r) => (JSON.parse(r.changes) as Change[]).some((c) => moved.some((m) => overlaps(c, m))));
      if (standing) {
        const later = toEntry(standing);
        return {
          kind: "conflict",
          later,
          message: `A later change stands in the way: “${later.summary}” by ${later.staff} (history entry ${later.id}). Undo that one first.`,
        };
      }
      return { kind: "invalid", message: "What that change altered has changed since, so it cannot be undone." };
    }
    const backwards = changes.map((c) => ({ ...c, before: c.after, after: c.before }));
    const stored = await store(trx, files, backwards, now);
    if (stored.kind === "invalid") return stored;
    const undone = await recordEntry(trx, actor, { what: row.what, summary: `Undid “${entry.summary}”`, changes: backwards }, id, now);
    await trx.updateTable("studio_history").set({ undone_by: undone.id }).where("id", "=", id).execute();
    // Undoing an undo puts the change back: that change may be undone again.
    if (row.undoes !== null) await trx.updateTable("studio_history").set({ undone_by: null }).where("id", "=", Number(row.undoes)).execute();
    return { kind: "done", entry: undone };
  });
}
