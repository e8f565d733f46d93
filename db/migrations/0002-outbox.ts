import type { Kysely } from "kysely";

// Every message the site sends, written in the same transaction as the record
// that causes it and delivered by the outbox worker.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("outbox_messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("channel", "text", (c) => c.notNull()) // email | sms
    .addColumn("template", "text", (c) => c.notNull())
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("subject", "text")
    .addColumn("body_text", "text", (c) => c.notNull())
    .addColumn("body_html", "text")
    .addColumn("reply_to", "text")
    // pending → sending → sent; or failed after the last attempt; or suppressed (never sent, e.g. a flood of texts to one number)
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("locked_until", "text")
    .addColumn("locked_by", "text")
    .addColumn("last_error", "text")
    .addColumn("provider_id", "text")
    .addColumn("related_type", "text")
    .addColumn("related_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .execute();
  await db.schema.createIndex("outbox_due").on("outbox_messages").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("outbox_recipient").on("outbox_messages").columns(["channel", "recipient", "created_at"]).execute();
  await db.schema.createIndex("outbox_related").on("outbox_messages").columns(["related_type", "related_id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("outbox_messages").execute();
}
