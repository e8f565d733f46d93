import type { Kysely } from "kysely";
import { autoId } from "./helpers";

// Marketing consent (API contract: the quote and join-us forms' marketing_email
// and marketing_sms): who agreed to offers by email or by text, when, on which
// form, and the exact words they were shown for each box. A row only when at
// least one box was ticked; 0/1 for each channel.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("marketing_consents")
    .addColumn("id", "integer", autoId(db))
    .addColumn("given_at", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text")
    .addColumn("mobile", "text")
    .addColumn("email_agreed", "integer", (c) => c.notNull())
    .addColumn("sms_agreed", "integer", (c) => c.notNull())
    .addColumn("email_words", "text")
    .addColumn("sms_words", "text")
    .execute();
  await db.schema.createIndex("marketing_consents_given_at").on("marketing_consents").column("given_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("marketing_consents").execute();
}
