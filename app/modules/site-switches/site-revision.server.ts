/**
 * What a public page shows from the database, as one short string that
 * changes whenever any of it changes: the site switches staff set (each row's
 * value and time, so a reset that deletes rows changes it too), the staff's
 * news list (how many items, and the latest change), each content table's
 * hash (written by seedContent when an instance starts with changed content
 * files), how many content files there are and the newest studio change (every
 * change to the files, the news or the photos is one), and the photos
 * managers uploaded (the newest, which show, how many were removed). One small
 * query, a dozen rows; each instance reads it once a second and when staff ask
 * (app/web/site-snapshot.server.ts, decision record 0054), never per page.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "~/.server/db/schema";

/** The query itself (tests tell it from any other by its text). */
export const siteRevisionQuery = sql<{ part: string }>`
    select 's:' || key || '=' || updated_at || '=' || value as part from site_settings
    union all
    select 'n:' || cast(count(*) as text) || '=' || coalesce(max(updated_at), '') from site_news_items
    union all
    select 'c:' || dataset || '=' || hash from content_versions
    union all
    select 'p:' || cast(coalesce(max(id), 0) as text) || '=' || cast(coalesce(sum(case when removed_at is null then id else 0 end), 0) as text) || '=' || cast(count(removed_at) as text) from photos
    union all
    select 'h:' || cast(coalesce(max(id), 0) as text) from studio_history
    union all
    select 'f:' || cast(count(*) as text) from content_files
`;

export async function readSiteRevision(db: Kysely<Database>): Promise<string> {
  const { rows } = await siteRevisionQuery.execute(db);
  return rows.map((r) => r.part).sort().join("\n");
}
