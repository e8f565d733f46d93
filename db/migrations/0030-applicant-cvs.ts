import { PostgresAdapter, sql, type Kysely } from "kysely";

// The CV an applicant may send with the join-us form (decision record 0037):
// kept in the database beside the application (BLOB on SQLite, bytea on
// PostgreSQL), so it is stored in the same transaction, copied by every
// backup and erased with the applicant (the foreign key's cascade, and the
// erasure's own delete). One CV per applicant.
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("applicant_cvs")
    .addColumn("applicant_id", "integer", (c) => c.primaryKey().references("job_applicants.id").onDelete("cascade"))
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("bytes", postgres ? sql`bytea` : "blob", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("applicant_cvs").execute();
}
