import { sql, type Kysely } from "kysely";

// Sign-in that holds under attack (issue 18). Every PIN attempt is counted
// before it is checked, in one row per thing counted: a device (by its
// cookie's hash), an address (a device that never signed in), an account (by
// its name key) and the site (one row per hour). One upsert that returns the
// new count is atomic on both engines, so concurrent guesses cannot slip past.
// Removed accounts leave a tombstone so STAFF_ACCOUNTS never brings them back.
// Messages get a recipient key (an email without its +tag, in lower case) so
// the per-recipient cap counts name+1@ and name+2@ as one inbox, and what
// caused them (visitor, staff-alert, staff), so each budget counts its own.
// Replaces the per-address table and the list of failures, which counted after
// the check.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("staff_sign_in_counts")
    .addColumn("key", "text", (c) => c.primaryKey())
    // Attempts in a row not yet proven right.
    .addColumn("attempts", "integer", (c) => c.notNull())
    // The account key every attempt of the run named, or "*" when they named several:
    // a person's own sign-in ends only a run of their own typos.
    .addColumn("run_account", "text", (c) => c.notNull())
    .addColumn("locked_until", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("staff_sign_in_counts_updated").on("staff_sign_in_counts").column("updated_at").execute();

  await db.schema
    .createTable("staff_account_tombstones")
    .addColumn("name_key", "text", (c) => c.primaryKey())
    .addColumn("removed_at", "text", (c) => c.notNull())
    .execute();

  await db.schema.alterTable("outbox_messages").addColumn("recipient_key", "text").execute();
  // Earlier messages: their recipient as it was (the cap's windows are a day at most).
  await db.updateTable("outbox_messages" as never).set({ recipient_key: sql`lower(recipient)` } as never).execute();
  await db.schema.alterTable("outbox_messages").addColumn("trigger", "text").execute();
  // A SHA-256 of the client address whose submission caused it: one address may use a tenth of the hour's budget.
  await db.schema.alterTable("outbox_messages").addColumn("client_key", "text").execute();
  await db.schema.createIndex("outbox_client_key").on("outbox_messages").columns(["client_key", "created_at"]).execute();
  await db.schema.createIndex("outbox_recipient_key").on("outbox_messages").columns(["channel", "recipient_key", "created_at"]).execute();

  await db.schema.dropTable("staff_sign_in_addresses").execute();
  await db.schema.dropTable("staff_sign_in_failures").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("outbox_recipient_key").execute();
  await db.schema.alterTable("outbox_messages").dropColumn("recipient_key").execute();
  await db.schema.alterTable("outbox_messages").dropColumn("trigger").execute();
  await db.schema.dropIndex("outbox_client_key").execute();
  await db.schema.alterTable("outbox_messages").dropColumn("client_key").execute();
  await db.schema.dropTable("staff_account_tombstones").execute();
  await db.schema.dropTable("staff_sign_in_counts").execute();
}
