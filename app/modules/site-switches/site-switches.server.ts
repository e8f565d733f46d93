/**
 * The site switches in the database. One row per switch a staff member has
 * set; without a row the content file's value holds, so "back to the files"
 * is deleting the rows. Every public request reads the rows afresh (one small
 * query), so a change shows on every page of every server at once. Each change
 * is written with its audit line (who, when, before and after) in one
 * transaction.
 */
import type { Kysely } from "kysely";
import type { Database, Db } from "~/.server/db/schema";
import { recordAudit, type AuditEntry, type Actor } from "~/modules/audit/audit.server";
import { formatSalonDate, parseSalonDate } from "~/utils/dates";
import { switchKeys, type FileSwitches, type SettingsPatch, type SiteSwitches, type SwitchKey } from "./site-switches";

/** The audit trail's subject for every site switch. */
export const SITE_SUBJECT = "site";

type SwitchRows = Map<SwitchKey, { value: unknown; by: string; at: string }>;

const isSwitchKey = (key: string): key is SwitchKey => (switchKeys as readonly string[]).includes(key);

/** The switches staff have set: one query, a handful of rows. */
export async function readSwitchRows(db: Db): Promise<SwitchRows> {
  const rows = await db.selectFrom("site_settings").select(["key", "value", "updated_at", "updated_by"]).execute();
  const found: SwitchRows = new Map();
  for (const row of rows) {
    if (isSwitchKey(row.key)) found.set(row.key, { value: JSON.parse(row.value) as unknown, by: row.updated_by, at: row.updated_at });
  }
  return found;
}

/** The values in force: each staff-set one, else the file's. */
export function resolveSwitches(rows: SwitchRows, file: FileSwitches): SiteSwitches {
  const hide = rows.get("hideOffers");
  const end = rows.get("endDate");
  const staffEnd = typeof end?.value === "string" ? parseSalonDate(end.value) : null;
  const setBy = Object.fromEntries(switchKeys.map((key) => [key, rows.has(key) ? { by: rows.get(key)!.by, at: rows.get(key)!.at } : null])) as SiteSwitches["setBy"];
  return {
    hideOffers: typeof hide?.value === "boolean" ? hide.value : file.hideOffers,
    endDate: staffEnd ?? parseSalonDate(file.endDate) ?? file.endDate,
    endDateText: staffEnd ? formatSalonDate(staffEnd) : file.endDate,
    setBy,
  };
}

export async function currentSwitches(db: Db, file: FileSwitches): Promise<SiteSwitches> {
  return resolveSwitches(await readSwitchRows(db), file);
}

/** Stores one switch (insert or replace), stamped with who and when. */
export async function storeSwitch(db: Db, key: SwitchKey, value: unknown, actor: Actor, now: Date): Promise<void> {
  const row = { value: JSON.stringify(value), updated_at: now.toISOString(), updated_by: actor.name };
  await db
    .insertInto("site_settings")
    .values({ key, ...row })
    .onConflict((oc) => oc.column("key").doUpdateSet(row))
    .execute();
}

/** An audit line for a site change: what was there before and what is there after, as JSON. */
export function siteAudit(actor: Actor, action: string, subjectId: string, change: { before?: unknown; after?: unknown }): AuditEntry {
  return { actor: actor.name, action, subjectType: SITE_SUBJECT, subjectId, detail: JSON.stringify(change) };
}

/**
 * Applies a settings change (PATCH /api/staff/settings, the site page's
 * forms). Only values that differ from what is in force are written and
 * audited. Returns the switches as they now are.
 */
export async function updateSwitches(db: Kysely<Database>, actor: Actor, file: FileSwitches, patch: SettingsPatch, now = new Date()): Promise<SiteSwitches> {
  return db.transaction().execute(async (trx) => {
    const before = await currentSwitches(trx, file);
    const events: AuditEntry[] = [];
    if (patch.hideOffers !== undefined && patch.hideOffers !== before.hideOffers) {
      await storeSwitch(trx, "hideOffers", patch.hideOffers, actor, now);
      events.push(siteAudit(actor, patch.hideOffers ? "offers-hidden" : "offers-shown", "hideOffers", { before: before.hideOffers, after: patch.hideOffers }));
    }
    if (patch.endDate !== undefined && patch.endDate !== before.endDate) {
      await storeSwitch(trx, "endDate", patch.endDate, actor, now);
      events.push(siteAudit(actor, "end-date-changed", "endDate", { before: before.endDate, after: patch.endDate }));
    }
    await recordAudit(trx, events, now);
    return currentSwitches(trx, file);
  });
}

/**
 * Back to the content files' values: every staff-set switch and the staff's
 * news list go. The audit line keeps what they were. False when nothing was set.
 */
export async function resetToFiles(db: Kysely<Database>, actor: Actor, file: FileSwitches, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const rows = await readSwitchRows(trx);
    if (rows.size === 0) return false;
    const before = resolveSwitches(rows, file);
    const after = resolveSwitches(new Map(), file);
    const titles = async (table: "site_news_items" | "news_items") => (await trx.selectFrom(table).select("title").orderBy("date", "desc").execute()).map((r) => r.title);
    const [news, fileNews] = rows.has("news") ? [await titles("site_news_items"), await titles("news_items")] : [];
    await trx.deleteFrom("site_news_items").execute();
    await trx.deleteFrom("site_settings").execute();
    await recordAudit(
      trx,
      siteAudit(actor, "reset-to-files", "all", {
        before: { hideOffers: before.hideOffers, endDate: before.endDate, ...(news ? { news } : {}) },
        after: { hideOffers: after.hideOffers, endDate: after.endDate, ...(fileNews ? { news: fileNews } : {}) },
      }),
      now,
    );
    return true;
  });
}

/** The latest site changes, newest first, for the site page. */
export async function siteHistory(db: Db, limit = 15) {
  return db
    .selectFrom("audit_events")
    .select(["id", "at", "actor", "action", "subject_id", "detail"])
    .where("subject_type", "=", SITE_SUBJECT)
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}
