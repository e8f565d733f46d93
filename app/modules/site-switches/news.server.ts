/**
 * The shop news. content/news.yaml is seeded into news_items (the file's
 * list); the first time a staff member adds, edits or removes an item, the
 * file's list is copied into site_news_items and the "news" switch is set, and
 * from then on the staff's list is the one shown, until someone puts the
 * files' values back. Every change is audited with the item before and after,
 * and told to the caller's recorder in the same transaction (the studio's
 * history, where it can be undone: modules/studio/studio.server.ts).
 */
import type { Kysely, Transaction } from "kysely";
import type { Database, Db } from "~/.server/db/schema";
import type { Engine } from "~/.server/db/database.server";
import { lockContent } from "~/modules/site/content-store.server";
import { recordAudit, type Actor } from "~/modules/audit/audit.server";
import { newestNewsFirst, ownDrawing, slugify, uniqueSlug, type NewsCreate, type NewsItemRecord, type NewsUpdate } from "./site-switches";
import { siteAudit, storeSwitch } from "./site-switches.server";
import { publicAt } from "~/modules/site/publish-at";
import { salonToday } from "~/utils/dates";

const fields = ["title", "slug", "date", "image", "text", "publish_at"] as const;

/** The news in force, newest first: the staff's list once they have changed it (the "news" switch is set), else the file's. Scheduled items included (staff see them). */
export async function listNews(db: Db): Promise<NewsItemRecord[]> {
  const staffList = (await db.selectFrom("site_settings").select("key").where("key", "=", "news").executeTakeFirst()) !== undefined;
  return (await db.selectFrom(staffList ? "site_news_items" : "news_items").select(fields).execute()).sort(newestNewsFirst);
}

/** A news item as visitors get it (the shop page, GET /api/news-items): no publish moment. */
export type PublicNewsItem = Omit<NewsItemRecord, "publish_at">;

/**
 * The news public at `now`, newest first: an item waiting for its publish
 * moment is left out until it (decision 0059), on every instance, with no write.
 */
export async function listPublicNews(db: Db, now = new Date()): Promise<PublicNewsItem[]> {
  return publicAt(await listNews(db), now).map(({ publish_at: _, ...item }) => item);
}

/** The publish moments of the news in force (the page caches' key counts those passed: SiteSnapshot.pageRevision). */
export async function newsMoments(db: Db): Promise<string[]> {
  return (await listNews(db)).flatMap((item) => (item.publish_at ? [item.publish_at] : []));
}

/** The pictures a news item may have: every picture the file's news and the staff's news use, and its own drawing. */
export async function newsPictures(db: Db): Promise<string[]> {
  const [file, staff] = await Promise.all([
    db.selectFrom("news_items").select("image").execute(),
    db.selectFrom("site_news_items").select("image").execute(),
  ]);
  return [...new Set([...file, ...staff].map((r) => r.image))].sort();
}

async function allowedPicture(db: Db, image: string, slug: string): Promise<boolean> {
  return image === ownDrawing(slug) || (await newsPictures(db)).includes(image);
}

/**
 * Makes the staff's list the one in force (copying the file's items the
 * first time), stamped with who changed it last. Safe when two people start
 * at once: only the one whose switch row goes in copies the items.
 */
async function adoptStaffList(trx: Transaction<Database>, actor: Actor, now: Date): Promise<void> {
  const at = now.toISOString();
  const inserted = await trx
    .insertInto("site_settings")
    .values({ key: "news", value: "true", updated_at: at, updated_by: actor.name })
    .onConflict((oc) => oc.column("key").doNothing())
    .returning("key")
    .executeTakeFirst();
  if (!inserted) return storeSwitch(trx, "news", true, actor, now);
  const fileItems = await trx.selectFrom("news_items").select(fields).execute();
  if (fileItems.length > 0) {
    await trx
      .insertInto("site_news_items")
      .values(fileItems.map((item) => ({ ...item, created_at: at, updated_at: at })))
      .execute();
  }
}

export type NewsChange = { kind: "done"; item: NewsItemRecord } | { kind: "not-found" } | { kind: "bad-picture" };
/** An edit refused because the item changed since its editor opened it: the item as it stands. */
export type NewsConflict = { kind: "conflict"; item: NewsItemRecord };

/**
 * An edit that names the item as its editor opened it (the studio's versions,
 * decision record 0069): read under the content's lock, and refused, nothing
 * saved, when `stillAsOpened` says the item changed since.
 */
export interface NewsOpened {
  engine: Engine;
  stillAsOpened: (item: NewsItemRecord) => boolean;
}

/** One news item's change: added (no before), edited, or removed (no after). */
export interface NewsEvent {
  staff: string;
  slug: string;
  before: NewsItemRecord | null;
  after: NewsItemRecord | null;
}

/** Told of every news change, in its transaction (the studio's history). */
export type NewsRecorder = (trx: Transaction<Database>, event: NewsEvent, now: Date) => Promise<void>;

export async function addNews(db: Kysely<Database>, actor: Actor, input: NewsCreate, record: NewsRecorder, now = new Date()): Promise<NewsChange> {
  return db.transaction().execute(async (trx): Promise<NewsChange> => {
    await adoptStaffList(trx, actor, now);
    const taken = new Set((await trx.selectFrom("site_news_items").select("slug").execute()).map((r) => r.slug));
    const slug = uniqueSlug(slugify(input.title), taken);
    const image = input.image ?? ownDrawing(slug);
    if (!(await allowedPicture(trx, image, slug))) return { kind: "bad-picture" };
    const item: NewsItemRecord = { title: input.title, slug, date: input.date ?? salonToday(now), image, text: input.text, publish_at: input.publish_at ?? null };
    const at = now.toISOString();
    await trx.insertInto("site_news_items").values({ ...item, created_at: at, updated_at: at }).execute();
    await recordAudit(trx, siteAudit(actor, "news-added", `news/${slug}`, { after: item }), now);
    await record(trx, { staff: actor.name, slug, before: null, after: item }, now);
    return { kind: "done", item };
  });
}

/** An item of the list in force; the file's items are changed by their slugs too (the first change copies the list). */
export async function findNewsInForce(trx: Transaction<Database>, slug: string): Promise<NewsItemRecord | undefined> {
  return (await listNews(trx)).find((item) => item.slug === slug);
}

export async function editNews(db: Kysely<Database>, actor: Actor, slug: string, change: NewsUpdate, record: NewsRecorder, now = new Date(), opened?: NewsOpened): Promise<NewsChange | NewsConflict> {
  return db.transaction().execute(async (trx): Promise<NewsChange | NewsConflict> => {
    if (opened) await lockContent(trx, opened.engine);
    const before = await findNewsInForce(trx, slug);
    if (!before) return { kind: "not-found" };
    if (opened && !opened.stillAsOpened(before)) return { kind: "conflict", item: before };
    if (change.image !== undefined && change.image !== before.image && !(await allowedPicture(trx, change.image, slug))) return { kind: "bad-picture" };
    const after: NewsItemRecord = {
      slug,
      title: change.title ?? before.title,
      date: change.date ?? before.date,
      image: change.image ?? before.image,
      text: change.text ?? before.text,
      publish_at: change.publish_at !== undefined ? change.publish_at : before.publish_at,
    };
    if (fields.every((f) => after[f] === before[f])) return { kind: "done", item: before };
    await adoptStaffList(trx, actor, now);
    await trx
      .updateTable("site_news_items")
      .set({ title: after.title, date: after.date, image: after.image, text: after.text, publish_at: after.publish_at, updated_at: now.toISOString() })
      .where("slug", "=", slug)
      .execute();
    await recordAudit(trx, siteAudit(actor, "news-edited", `news/${slug}`, { before, after }), now);
    await record(trx, { staff: actor.name, slug, before, after }, now);
    return { kind: "done", item: after };
  });
}

export async function removeNews(db: Kysely<Database>, actor: Actor, slug: string, record: NewsRecorder, now = new Date()): Promise<NewsChange> {
  return db.transaction().execute(async (trx): Promise<NewsChange> => {
    const before = await findNewsInForce(trx, slug);
    if (!before) return { kind: "not-found" };
    await adoptStaffList(trx, actor, now);
    await trx.deleteFrom("site_news_items").where("slug", "=", slug).execute();
    await recordAudit(trx, siteAudit(actor, "news-removed", `news/${slug}`, { before }), now);
    await record(trx, { staff: actor.name, slug, before, after: null }, now);
    return { kind: "done", item: before };
  });
}

/**
 * Puts one item of the staff's list back as it was (`to`), or takes it off
 * (null): the studio's undo of a news change, inside its transaction, which
 * has read the item in force (`from`).
 */
export async function restoreNewsItem(
  trx: Transaction<Database>,
  actor: Actor,
  slug: string,
  { from, to }: { from: NewsItemRecord | undefined; to: NewsItemRecord | null },
  now: Date,
): Promise<void> {
  await adoptStaffList(trx, actor, now);
  const at = now.toISOString();
  await trx.deleteFrom("site_news_items").where("slug", "=", slug).execute();
  // An entry written before news had publish moments has none: null.
  if (to) await trx.insertInto("site_news_items").values({ ...to, publish_at: to.publish_at ?? null, created_at: at, updated_at: at }).execute();
  await recordAudit(trx, siteAudit(actor, to ? "news-restored" : "news-removed", `news/${slug}`, { before: from ?? null, after: to }), now);
}

/** Whether two items say the same (an undo checks that nothing changed the item since). */
export function sameNewsItem(a: NewsItemRecord | null | undefined, b: NewsItemRecord | null | undefined): boolean {
  if (!a || !b) return !a && !b;
  return fields.every((f) => (a[f] ?? null) === (b[f] ?? null));
}
