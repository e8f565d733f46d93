import type { Kysely } from "kysely";

// Visits for the owner (decision 0031): page views per day and page, and the
// quote funnel's steps per day. Counters only: no address, user agent, cookie
// or any other identifier is ever stored. `kind` is "page" (key: the page's
// path) or "funnel" (key: the step's name); `day` is the salon's date.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("visit_counts")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("visit_counts_pk", ["day", "kind", "key"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("visit_counts").execute();
}
