import type { Kysely } from "kysely";
import { autoId } from "./helpers";

// The studio (issue 19, decision record 0040): the database holds the site's
// content, as content/'s own files (path → text), seeded from CONTENT_DIR
// when empty; and every change made to it is an entry of the history, with
// what it altered before and after, so it can be undone.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("content_files")
    .addColumn("path", "text", (c) => c.primaryKey())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("studio_history")
    .addColumn("id", "integer", autoId(db))
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("staff", "text", (c) => c.notNull())
    .addColumn("what", "text", (c) => c.notNull())
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("changes", "text", (c) => c.notNull())
    .addColumn("undoes", "integer")
    .addColumn("undone_by", "integer")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("studio_history").execute();
  await db.schema.dropTable("content_files").execute();
}
