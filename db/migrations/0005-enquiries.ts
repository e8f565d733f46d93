import type { Kysely } from "kysely";
import { autoId } from "./helpers";

// What visitors send through the public forms. Mobiles are E.164; timestamps ISO text.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("job_applicants")
    .addColumn("id", "integer", autoId(db))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("mobile", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("position", "text", (c) => c.notNull())
    .addColumn("about", "text", (c) => c.notNull())
    .addColumn("why_hair", "text", (c) => c.notNull())
    .addColumn("why_us", "text", (c) => c.notNull())
    .addColumn("salon", "integer", (c) => c.notNull().defaultTo(3))
    .addColumn("follow_up", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("email_response", "text")
    .addColumn("possible_duplicate", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("deleted_at", "text")
    .execute();
  await db.schema.createIndex("job_applicants_email").on("job_applicants").columns(["email", "created_at"]).execute();
  await db.schema.createIndex("job_applicants_mobile").on("job_applicants").columns(["mobile", "created_at"]).execute();

  await db.schema
    .createTable("model_applicants")
    .addColumn("id", "integer", autoId(db))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("mobile", "text", (c) => c.notNull())
    .addColumn("info", "text", (c) => c.notNull())
    .addColumn("health", "text")
    .addColumn("health_consent_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("contact_messages")
    .addColumn("id", "integer", autoId(db))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("interest_registrations")
    .addColumn("id", "integer", autoId(db))
    .addColumn("kind", "text", (c) => c.notNull()) // open-evening | feedback
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("mobile", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["interest_registrations", "contact_messages", "model_applicants", "job_applicants"]) {
    await db.schema.dropTable(table).execute();
  }
}
