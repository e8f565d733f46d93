import { PostgresAdapter, type Kysely } from "kysely";
import { autoId } from "./helpers";

// Photos from a phone (issue 19, the studio): each upload's normalised bytes
// (re-encoded by sharp, every piece of metadata gone), what it is of (`target`:
// "stylist:freya", "work:freya", "post:…", "offer:…" or "hero"), its size, the
// words that describe it, the point that crops keep in the frame, and who said
// the people shown agreed to it being on the site, and when. The picture a
// target shows is its newest photo not removed; removing one sets
// `removed_at`, so the earlier photo (or the sample file) is back.
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("photos")
    .addColumn("id", "integer", autoId(db))
    .addColumn("target", "text", (c) => c.notNull())
    .addColumn("bytes", postgres ? "bytea" : "blob", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("placeholder", "text", (c) => c.notNull())
    .addColumn("alt", "text", (c) => c.notNull())
    .addColumn("focus_x", "double precision", (c) => c.notNull())
    .addColumn("focus_y", "double precision", (c) => c.notNull())
    .addColumn("consent_by", "text", (c) => c.notNull())
    .addColumn("consent_at", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("removed_by", "text")
    .addColumn("removed_at", "text")
    .execute();
  await db.schema.createIndex("photos_target").on("photos").columns(["target", "removed_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("photos").execute();
}
