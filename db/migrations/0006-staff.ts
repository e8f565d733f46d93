import type { Kysely } from "kysely";
import { autoId } from "./helpers";

// The staff area: accounts with PIN hashes, server-side sessions, devices that
// have signed in before, sign-in failures, applicants' notes and the audit trail.
// Dialect-neutral types only; timestamps ISO text (decision 0002). Session and
// device ids are stored as SHA-256 hashes: the database alone opens nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("staff_accounts")
    .addColumn("id", "integer", autoId(db))
    .addColumn("name", "text", (c) => c.notNull())
    // The name in lower case: "Sam" and "sam" are one account.
    .addColumn("name_key", "text", (c) => c.notNull().unique())
    .addColumn("pin_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("staff_sessions")
    .addColumn("id_hash", "text", (c) => c.primaryKey())
    .addColumn("staff_id", "integer", (c) => c.notNull().references("staff_accounts.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("staff_sessions_staff").on("staff_sessions").column("staff_id").execute();
  await db.schema.createIndex("staff_sessions_expires").on("staff_sessions").column("expires_at").execute();

  await db.schema
    .createTable("staff_devices")
    .addColumn("id_hash", "text", (c) => c.notNull())
    // One row per person who signed in on the device: removing or resetting one account forgets only theirs.
    .addColumn("staff_id", "integer", (c) => c.notNull().references("staff_accounts.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("staff_devices_pk", ["id_hash", "staff_id"])
    .execute();
  await db.schema.createIndex("staff_devices_staff").on("staff_devices").column("staff_id").execute();

  // Wrong PINs in a row per client address, and the lock they lead to.
  await db.schema
    .createTable("staff_sign_in_addresses")
    .addColumn("address", "text", (c) => c.primaryKey())
    .addColumn("failures", "integer", (c) => c.notNull())
    .addColumn("locked_until", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  // Every wrong PIN, site-wide, for the hourly count.
  await db.schema
    .createTable("staff_sign_in_failures")
    .addColumn("id", "integer", autoId(db))
    .addColumn("at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("staff_sign_in_failures_at").on("staff_sign_in_failures").column("at").execute();

  // Notes are rows of their own, only ever added: two staff writing at once both keep theirs.
  await db.schema
    .createTable("applicant_notes")
    .addColumn("id", "integer", autoId(db))
    .addColumn("applicant_id", "integer", (c) => c.notNull().references("job_applicants.id").onDelete("cascade"))
    .addColumn("author", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("applicant_notes_applicant").on("applicant_notes").columns(["applicant_id", "created_at"]).execute();

  // Who looked at or changed what, and when. No personal data: staff names, ids and what was done.
  await db.schema
    .createTable("audit_events")
    .addColumn("id", "integer", autoId(db))
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("subject_type", "text", (c) => c.notNull())
    .addColumn("subject_id", "text")
    .addColumn("detail", "text")
    .execute();
  await db.schema.createIndex("audit_events_subject").on("audit_events").columns(["subject_type", "subject_id", "at"]).execute();
  await db.schema.createIndex("audit_events_at").on("audit_events").column("at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "audit_events",
    "applicant_notes",
    "staff_sign_in_failures",
    "staff_sign_in_addresses",
    "staff_devices",
    "staff_sessions",
    "staff_accounts",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
