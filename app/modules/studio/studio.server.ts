/**
 * Every change to the site's content goes through here (decision record
 * 0040): the price list, the team, an import, an undo. In one transaction,
 * under the content's lock: the files as they are now, the change planned on
 * them, the whole content checked with the content loader's own schemas (a
 * change that would break any page is refused, nothing saved), the files and
 * the reference tables written, and one entry of the history with what was
 * altered before and after. Other instances see it on their next request
 * (the content's revision moves with the history). Photos put on the site or
 * taken off it are entries of the same history (decision record 0042): they
 * change no content file, and their undo takes the photo off or brings it back.
 * So are the shop's news items (kept by the site's settings, not the files):
 * their undo puts the item back as it was.
 */
import type { Kysely, Transaction } from "kysely";
import type { Database, Db } from "~/.server/db/schema";
import type { Engine } from "~/.server/db/database.server";
import { recordAudit, type Actor } from "~/modules/audit/audit.server";
import { listStylists } from "~/modules/catalogue/catalogue.server";
import { ContentError } from "~/modules/fields/content-fields";
import { joinsOthers, parseTarget } from "~/modules/photos/photo-rules";
import type { PhotoRecorder } from "~/modules/photos/photos.server";
import { listBlogPosts } from "~/modules/site/blog.server";
import { findNewsInForce, restoreNewsItem, sameNewsItem, type NewsEvent, type NewsRecorder } from "~/modules/site-switches/news.server";
import type { NewsItemRecord } from "~/modules/site-switches/site-switches";
import { formatReceived, formatSalonDate, formatWhen } from "~/utils/dates";
import { loadContent, type SiteContent } from "~/modules/site/load-content.server";
import { lockContent, readContentFiles } from "~/modules/site/content-store.server";
import { syncTables } from "~/modules/site/seed-content.server";
import { applyChanges, overlaps, sameValue, valueAt, type Change, type Files, type Planned, type Refusal } from "./changes";
import { staleWords, type ChangedBy, type RecordPlace, type RecordPlaces, type Stale } from "./versions.server";

export type { Planned, Refusal };

/** One line of the history, as GET /api/staff/history answers it. */
export interface HistoryEntry {
  id: number;
  at: string;
  staff: string;
  what: string;
  summary: string;
}

/** A save refused because its record changed since its editor opened it (decision record 0069): who changed it, when the history knows, in words. */
export type Conflict = Stale & { by: ChangedBy | undefined; message: string };

export type ChangeOutcome<T> = { kind: "done"; entry: HistoryEntry; result: T } | { kind: "unchanged"; result: T } | Refusal | Conflict;

/** What a change's plan returns: the change and what to answer with once it is stored, or a refusal. */
export type Planning<T> = { planned: Planned; result?: (content: SiteContent, files: ReadonlyMap<string, string>) => T } | Refusal | Stale;

export interface ContentDb {
  db: Kysely<Database>;
  engine: Engine;
}

/**
 * Plans a change on the files as they are now and stores it, or refuses it.
 * `plan` returns the change and what to answer with once it is stored (the
 * content and the files after it are passed in; without `result`, nothing,
 * as a plan function answers); or a refusal, among them a
 * save whose record changed since its editor opened it (versions.server.ts),
 * decided here under the content's lock, so no other save comes between.
 */
export async function changeContent<T>(
  { db, engine }: ContentDb,
  actor: Actor,
  plan: (files: Files) => Planning<T>,
  now = new Date(),
): Promise<ChangeOutcome<T>> {
  return db.transaction().execute(async (trx): Promise<ChangeOutcome<T>> => {
    await lockContent(trx, engine);
    const files = await readContentFiles(trx);
    const planning = plan(files);
    if ("kind" in planning) {
      if (planning.kind !== "conflict") return planning;
      const by = planning.place ? await lastChangeAt(trx, planning.place) : undefined;
      return { ...planning, by, message: staleWords(planning.what, by, formatWhen) };
    }
    const changes = planning.planned.changes.filter((c) => !sameValue(c.before, c.after));
    const stored = await store(trx, files, changes, now);
    if (stored.kind === "invalid") return stored;
    if (changes.length === 0) return { kind: "unchanged", result: planning.result?.(stored.content, stored.files) as T };
    const entry = await recordEntry(trx, actor, { ...planning.planned, changes }, null, now);
    return { kind: "done", entry, result: planning.result?.(stored.content, stored.files) as T };
  });
}

/** The newest entry of the history that altered a record's place (its last save, or an undo of one); undefined when the history has none. */
async function lastChangeAt(db: Db, place: RecordPlaces): Promise<ChangedBy | undefined> {
  const places: readonly RecordPlace[] = Array.isArray(place) ? place : [place as RecordPlace];
  return newestTouching<Change>(db, "not in", [PHOTO_WHAT, NEWS_WHAT], (c) => places.some((p) => altersRecord(c, p)));
}

/** The newest of the history's last 200 entries whose kind is (or is not) `in` the kinds given, with a change that `touches`: who made it, when, in words. */
async function newestTouching<C>(db: Db, is: "in" | "not in", kinds: string[], touches: (change: C) => boolean): Promise<ChangedBy | undefined> {
  const rows = await db.selectFrom("studio_history").select([...entryColumns, "changes"]).where("what", is, kinds).orderBy("id", "desc").limit(200).execute();
  const row = rows.find((r) => (JSON.parse(r.changes) as C[]).some(touches));
  return row && { staff: row.staff, at: row.at, summary: row.summary };
}

/** Whether a change altered the record at `place`: a change of a whole file (a stylist moved up the team page) only when the record differs in it. */
function altersRecord(change: Change, place: RecordPlace): boolean {
  if (!overlaps(change, place)) return false;
  if (change.item || change.path || (!place.item && !place.path)) return true;
  const side = (text: unknown) => (typeof text === "string" ? valueAt(new Map([[change.file, text]]), place) : undefined);
  try {
    return !sameValue(side(change.before), side(change.after));
  } catch {
    return true;
  }
}

/** The newest entry of the history for a news item, as lastChangeAt for the files' records. */
export async function lastNewsChange(db: Db, slug: string): Promise<ChangedBy | undefined> {
  return newestTouching<NewsHistoryChange>(db, "in", [NEWS_WHAT], (c) => c.slug === slug);
}

/** Writes the files the changes alter, after checking the whole content; and the reference tables. */
async function store(
  trx: Transaction<Database>,
  files: Map<string, string>,
  changes: Change[],
  now: Date,
): Promise<{ kind: "stored"; content: SiteContent; files: Files } | { kind: "invalid"; message: string }> {
  const next = applyChanges(files, changes);
  let content: SiteContent;
  try {
    content = loadContent(next);
  } catch (error) {
    // The content loader names the file and field; a manager reads what would go wrong.
    if (error instanceof ContentError) return { kind: "invalid", message: `That change would break the site's content, so nothing was saved: ${error.message}` };
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
  return { kind: "stored", content, files: next };
}

async function recordEntry(
  db: Db,
  actor: Actor,
  planned: { what: string; summary: string; changes: readonly (Change | PhotoChange | NewsHistoryChange)[] },
  undoes: number | null,
  now: Date,
): Promise<HistoryEntry> {
  const row = { at: now.toISOString(), staff: actor.name, what: planned.what, summary: planned.summary, changes: JSON.stringify(planned.changes), undoes, undone_by: null };
  const { id } = await db.insertInto("studio_history").values(row).returning("id").executeTakeFirstOrThrow();
  return { id: Number(id), at: row.at, staff: row.staff, what: row.what, summary: row.summary };
}

const entryColumns = ["id", "at", "staff", "what", "summary"] as const;

/** The refusal of an undo while `row`, a later change to the same place, stands. */
function standsInTheWay(row: { id: number; at: string; staff: string; what: string; summary: string }): Extract<UndoOutcome, { kind: "conflict" }> {
  const later = toEntry(row);
  return { kind: "conflict", later, message: `A later change stands in the way: “${later.summary}” by ${later.staff} (history entry ${later.id}). Undo that one first.` };
}

/** The newest entry of kind `what` after `entry` that has not been undone (nor, with `changesOnly`, is an undo) and `touches` the same place. */
async function laterStanding<C>(trx: Transaction<Database>, entry: { id: number }, what: string, touches: (change: C) => boolean, { changesOnly = false } = {}) {
  let query = trx.selectFrom("studio_history").select([...entryColumns, "changes"]).where("id", ">", entry.id).where("what", "=", what).where("undone_by", "is", null);
  if (changesOnly) query = query.where("undoes", "is", null);
  const rows = await query.orderBy("id", "desc").execute();
  return rows.find((r) => touches((JSON.parse(r.changes) as C[])[0]!));
}
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
    const entry = { ...toEntry(row), undoes: row.undoes === null ? null : Number(row.undoes) };
    if (row.undone_by !== null) {
      const by = await trx.selectFrom("studio_history").select(entryColumns).where("id", "=", Number(row.undone_by)).executeTakeFirstOrThrow();
      const later = toEntry(by);
      return { kind: "conflict", later, message: `That change was undone already, by ${later.staff} (history entry ${later.id}: “${later.summary}”).` };
    }
    const photo = changeOf<PhotoChange>(row, PHOTO_WHAT);
    if (photo) return undoPhotoChange(trx, actor, entry, photo, now);
    const news = changeOf<NewsHistoryChange>(row, NEWS_WHAT);
    if (news) return undoNewsChange(trx, actor, entry, news, now);
    const changes = JSON.parse(row.changes) as Change[];
    const files = await readContentFiles(trx);
    const moved = changes.filter((c) => !sameValue(valueAt(files, c), c.after));
    if (moved.length > 0) {
      const laterRows = await trx.selectFrom("studio_history").select([...entryColumns, "changes"]).where("id", ">", id).where("what", "not in", [PHOTO_WHAT, NEWS_WHAT]).orderBy("id", "desc").execute();
      const standing = laterRows.find((r) => (JSON.parse(r.changes) as Change[]).some((c) => moved.some((m) => overlaps(c, m))));
      if (standing) return standsInTheWay(standing);
      return { kind: "invalid", message: "What that change altered has changed since, so it cannot be undone." };
    }
    const backwards = changes.map((c) => ({ ...c, before: c.after, after: c.before }));
    const stored = await store(trx, files, backwards, now);
    if (stored.kind === "invalid") return stored;
    return recordUndo(trx, actor, entry, backwards, now);
  });
}

/** The undo's own entry, and the entries it marks: the one undone, and (undoing an undo) the change it puts back. */
async function recordUndo(
  trx: Transaction<Database>,
  actor: Actor,
  undoing: HistoryEntry & { undoes: number | null },
  backwards: readonly (Change | PhotoChange | NewsHistoryChange)[],
  now: Date,
): Promise<UndoOutcome> {
  const undone = await recordEntry(trx, actor, { what: undoing.what, summary: `Undid “${undoing.summary}”`, changes: backwards }, undoing.id, now);
  await trx.updateTable("studio_history").set({ undone_by: undone.id }).where("id", "=", undoing.id).execute();
  // Undoing an undo puts the change back: that change may be undone again.
  if (undoing.undoes !== null) await trx.updateTable("studio_history").set({ undone_by: null }).where("id", "=", undoing.undoes).execute();
  return { kind: "done", entry: undone };
}

/** What a photo's entry keeps: the photo, what it is of, and whether it went on the site (or came back) or off it. */
export interface PhotoChange {
  photo: number;
  target: string;
  action: "added" | "removed";
}

const PHOTO_WHAT = "photos";

/** The change an entry of kind `what` keeps (a photo's, a news item's); undefined for an entry of any other kind. */
function changeOf<C>(row: { what: string; changes: string }, what: string): C | undefined {
  return row.what === what ? (JSON.parse(row.changes) as C[])[0] : undefined;
}

/** How a history line names what a photo is of: "Rosa Quinn", "Rosa Quinn's work", "the post “…”", "the map of …", "the home page". */
async function photoPlace(db: Db, offers: readonly { slug: string; title: string }[], target: string): Promise<string> {
  const parsed = parseTarget(target);
  if (!parsed?.slug) return "the home page";
  const slug = parsed.slug;
  switch (parsed.kind) {
    case "stylist":
    case "work": {
      const stylist = (await listStylists(db)).find((s) => s.slug === slug);
      const name = stylist ? `${stylist.first_name} ${stylist.last_name}` : slug;
      return parsed.kind === "stylist" ? name : `${name}'s work`;
    }
    case "post":
      return `the post “${(await listBlogPosts(db)).find((p) => p.slug === slug)?.title ?? slug}”`;
    case "map":
      return `the map of ${(await db.selectFrom("salons").select("name").where("id", "=", Number(slug)).executeTakeFirst())?.name ?? `salon ${slug}`}`;
    default:
      return `the offer “${offers.find((o) => o.slug === slug)?.title ?? slug}”`;
  }
}

/**
 * What the photos module calls as it puts a photo on the site or takes one
 * off: one entry of the history, in the same transaction, under the content's
 * lock (so an undo deciding what stands in its way sees it whole).
 */
export function photoHistory({ engine }: { engine: Engine }, offers: readonly { slug: string; title: string }[]): PhotoRecorder {
  return async (trx, event, now) => {
    await lockContent(trx, engine);
    const place = await photoPlace(trx, offers, event.target);
    const summary = event.action === "added" ? `Photo added for ${place}: “${event.alt}”` : `Photo removed from ${place}`;
    await recordEntry(trx, { name: event.staff }, { what: PHOTO_WHAT, summary, changes: [{ photo: event.id, target: event.target, action: event.action }] }, null, now);
  };
}

/**
 * Undoes a photo's entry: a photo put on the site comes off (the picture
 * before it is back), one taken off comes back. Refused while a later photo
 * entry that stands (not undone) is of the same photo, or of the same place
 * where only the newest photo shows (a stylist's work shows them all).
 */
async function undoPhotoChange(
  trx: Transaction<Database>,
  actor: Actor,
  entry: HistoryEntry & { undoes: number | null },
  change: PhotoChange,
  now: Date,
): Promise<UndoOutcome> {
  const target = parseTarget(change.target);
  const sharesPlace = (other: PhotoChange) => other.photo === change.photo || (other.target === change.target && !(target && joinsOthers(target)));
  const standing = await laterStanding(trx, entry, PHOTO_WHAT, sharesPlace, { changesOnly: true });
  if (standing) return standsInTheWay(standing);
  const photo = await trx.selectFrom("photos").select(["id", "removed_at"]).where("id", "=", change.photo).executeTakeFirst();
  const shown = photo !== undefined && photo.removed_at === null;
  if (!photo || shown !== (change.action === "added")) return { kind: "invalid", message: "What that change altered has changed since, so it cannot be undone." };
  const back: PhotoChange = { ...change, action: change.action === "added" ? "removed" : "added" };
  const at = now.toISOString();
  await trx
    .updateTable("photos")
    .set(back.action === "removed" ? { removed_at: at, removed_by: actor.name } : { removed_at: null, removed_by: null })
    .where("id", "=", change.photo)
    .execute();
  await recordAudit(trx, { actor: actor.name, action: back.action === "removed" ? "photo-removed" : "photo-restored", subjectType: "photos", subjectId: change.photo, detail: `for ${change.target}` }, now);
  return recordUndo(trx, actor, entry, [back], now);
}

/** What a news item's entry keeps: the item before and after (null: not there). */
export interface NewsHistoryChange {
  slug: string;
  before: NewsItemRecord | null;
  after: NewsItemRecord | null;
}

const NEWS_WHAT = "news";

/** "News “Gift sets” added", "News “Gift sets”: title → “Gift boxes”, date 01/11/26 → 05/11/26, words, picture". */
export function newsSummary({ before, after }: Pick<NewsEvent, "before" | "after">): string {
  if (!before) return `News “${after?.title ?? ""}” added`;
  if (!after) return `News “${before.title}” removed`;
  const parts = [
    before.title !== after.title ? `title → “${after.title}”` : "",
    before.date !== after.date ? `date ${formatSalonDate(before.date)} → ${formatSalonDate(after.date)}` : "",
    before.text !== after.text ? "words" : "",
    before.image !== after.image ? "picture" : "",
    (before.publish_at ?? null) !== (after.publish_at ?? null) ? (after.publish_at ? `on the shop page from ${formatReceived(after.publish_at)}` : "on the shop page at once") : "",
  ].filter(Boolean);
  return `News “${before.title}”: ${parts.join(", ")}`;
}

/**
 * What the news module calls as an item is added, edited or removed: one
 * entry of the history, in the same transaction, under the content's lock.
 */
export function newsHistory({ engine }: { engine: Engine }): NewsRecorder {
  return async (trx, event, now) => {
    await lockContent(trx, engine);
    const change: NewsHistoryChange = { slug: event.slug, before: event.before, after: event.after };
    await recordEntry(trx, { name: event.staff }, { what: NEWS_WHAT, summary: newsSummary(event), changes: [change] }, null, now);
  };
}

/**
 * Undoes a news item's entry: the item goes back to what it was before (or
 * off the list, or back on it). Refused while a later change to the same item
 * stands: that one is named, to be undone first.
 */
async function undoNewsChange(
  trx: Transaction<Database>,
  actor: Actor,
  entry: HistoryEntry & { undoes: number | null },
  change: NewsHistoryChange,
  now: Date,
): Promise<UndoOutcome> {
  const current = await findNewsInForce(trx, change.slug);
  if (!sameNewsItem(current, change.after)) {
    const standing = await laterStanding<NewsHistoryChange>(trx, entry, NEWS_WHAT, (later) => later.slug === change.slug);
    if (standing) return standsInTheWay(standing);
    return { kind: "invalid", message: "That news item has changed since (the site's settings were put back to the files' values?), so it cannot be undone." };
  }
  await restoreNewsItem(trx, actor, change.slug, { from: current, to: change.before }, now);
  return recordUndo(trx, actor, entry, [{ slug: change.slug, before: change.after, after: change.before }], now);
}
