/**
 * What a public page shows from the database beyond the request itself, as
 * one short string that changes whenever any of it changes: the site switches
 * staff set (each row's value and time, so a reset that deletes rows changes
 * it too), the staff's news list (how many items, and the latest change),
 * each content table's hash (written by seedContent when an instance starts
 * with changed content files, or a studio change rewrites), the newest
 * studio change (each one is an entry of the history), and the photos managers
 * uploaded (the newest, which show, how many were removed). One small query, a dozen rows; the HTML cache
 * (app/web/html-cache.server.ts) reads it for every request (requests arriving
 * together share one read begun after they arrived: decision record 0048), so
 * a change made through any server sharing the database is seen on the next
 * request to every server (decision record 0020).
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "~/.server/db/schema";

export async function readSiteRevision(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ part: string }>`
    select 's:' || key || '=' || updated_at || '=' || value as part from site_settings
    union all
    select 'n:' || cast(count(*) as text) || '=' || coalesce(max(updated_at), '') from site_news_items
    union all
    select 'c:' || dataset || '=' || hash from content_versions
    union all
    select 'p:' || cast(coalesce(max(id), 0) as text) || '=' || cast(coalesce(sum(case when removed_at is null then id else 0 end), 0) as text) || '=' || cast(count(removed_at) as text) from photos
    union all
    select 'h:' || cast(coalesce(max(id), 0) as text) from studio_history
  `.execute(db);
  return rows
    .map((r) => r.part)
    .sort()
    .join("\n");
}
