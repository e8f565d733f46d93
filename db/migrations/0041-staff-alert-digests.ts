import { sql, type Kysely } from "kysely";

// Staff alerts are never silenced (issue 31, decision record 0050):
// - outbox_messages.digest_id: a staff alert past its hourly budget is stored
//   with status 'digest' and goes out inside one digest email; this names that
//   email's row once it is queued (null while it waits for the next digest).
// - outbox_digest_waiting: the alerts waiting for the next digest, so the
//   digest's look for them reads only those.
// - staff_notices: one row per notice the site sends staff about itself (a
//   digest period's, a spent visitor budget's), keyed by kind and window: the
//   row is the claim, so two servers sharing a database never send one twice.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("outbox_messages").addColumn("digest_id", "text").execute();
  await db.schema
    .createIndex("outbox_digest_waiting")
    .on("outbox_messages")
    .column("created_at")
    .where((eb) => eb.and([eb(sql.ref("status"), "=", sql.lit("digest")), eb(sql.ref("digest_id"), "is", null)]))
    .execute();
  await db.schema
    .createTable("staff_notices")
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("window_start", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("outbox_id", "text")
    .addPrimaryKeyConstraint("staff_notices_pk", ["kind", "window_start"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("staff_notices").execute();
  await db.schema.dropIndex("outbox_digest_waiting").execute();
  await db.schema.alterTable("outbox_messages").dropColumn("digest_id").execute();
}
