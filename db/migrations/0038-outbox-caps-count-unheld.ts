import { sql, type Kysely } from "kysely";

// The outbox's caps count only the messages not held back (issue 21). Their
// indexes on client and recipient (0022) held every message, so counting one
// address's hour read every message its flood had caused, held back or not:
// the cap that stops a flood cost more with each message it stopped (a quote
// saved 50 at a time from one address slowed to 340/s, p99 1.5 s). These hold
// only what was not held back, which the caps themselves keep to a handful per
// client, recipient and hour. 0024's partial index was on `recipient`, which
// the caps no longer read (they read `recipient_key`): dropped.
export async function up(db: Kysely<unknown>): Promise<void> {
  const unheld = (name: string, columns: string[]) =>
    db.schema.createIndex(name).on("outbox_messages").columns(columns).where(sql.ref("status"), "!=", "suppressed").execute();
  await db.schema.dropIndex("outbox_recipient_sent").execute();
  await db.schema.dropIndex("outbox_client_key").execute();
  await db.schema.dropIndex("outbox_recipient_key").execute();
  await unheld("outbox_client_unheld", ["client_key", "created_at"]);
  await unheld("outbox_recipient_unheld", ["channel", "recipient_key", "created_at"]);
  await unheld("outbox_trigger_unheld", ["trigger", "created_at"]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("outbox_trigger_unheld").execute();
  await db.schema.dropIndex("outbox_recipient_unheld").execute();
  await db.schema.dropIndex("outbox_client_unheld").execute();
  await db.schema.createIndex("outbox_client_key").on("outbox_messages").columns(["client_key", "created_at"]).execute();
  await db.schema.createIndex("outbox_recipient_key").on("outbox_messages").columns(["channel", "recipient_key", "created_at"]).execute();
  await db.schema
    .createIndex("outbox_recipient_sent")
    .on("outbox_messages")
    .columns(["channel", "recipient", "created_at"])
    .where(sql.ref("status"), "!=", "suppressed")
    .execute();
}
