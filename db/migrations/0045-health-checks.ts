import type { Kysely } from "kysely";

// GET /healthz proves the database takes writes (issue 31: "/healthz says ok
// with a read-only database"): each check writes the time into this one row.
// A read-only database (a PostgreSQL role or database set read only, a SQLite
// file on a filesystem mounted read-only) refuses it, and the check says so.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("health_checks")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("checked_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("health_checks").execute();
}
