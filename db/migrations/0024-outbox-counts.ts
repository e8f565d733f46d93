import { sql, type Kysely } from "kysely";

// The outbox's caps without scanning the last hour (issue 21):
// - outbox_counts: a running count of the messages queued (not held back) in
//   each minute, in a few shards so that concurrent transactions on
//   PostgreSQL rarely wait on one row; the site-wide cap sums the last hour's
//   sixty-odd rows of its primary key.
// - outbox_recipient_sent: the per-recipient caps' index, of only the messages
//   not held back (at most a handful per recipient a day), so a flood held back
//   for one address costs nothing to count.
// - held_reason: why a message was held back ('recipient' or 'site-wide'), a
//   column rather than words in last_error.
// - render_on_send: 1 for a message whose bodies the worker renders from its
//   record when it sends it (a quote's email, from the stored quote).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("outbox_counts")
    .addColumn("minute", "text", (c) => c.notNull()) // YYYY-MM-DDTHH:MM, UTC
    .addColumn("shard", "integer", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("outbox_counts_pk", ["minute", "shard"])
    .execute();
  await db.schema.alterTable("outbox_messages").addColumn("held_reason", "text").execute();
  await db.schema.alterTable("outbox_messages").addColumn("render_on_send", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema
    .createIndex("outbox_recipient_sent")
    .on("outbox_messages")
    .columns(["channel", "recipient", "created_at"])
    .where(sql.ref("status"), "!=", "suppressed")
    .execute();

  // What was held back before: the reason was only in the words.
  await sql`update outbox_messages set held_reason = case when last_error like '%site-wide%' then 'site-wide' else 'recipient' end where status = 'suppressed'`.execute(db);
  // The last hour's messages, counted once, so the cap holds across the upgrade.
  const since = new Date(Date.now() - 3_600_000).toISOString();
  await sql`insert into outbox_counts (minute, shard, count)
    select substr(created_at, 1, 16), 0, count(*) from outbox_messages
    where status <> 'suppressed' and created_at > ${since}
    group by substr(created_at, 1, 16)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("outbox_recipient_sent").execute();
  await db.schema.alterTable("outbox_messages").dropColumn("render_on_send").execute();
  await db.schema.alterTable("outbox_messages").dropColumn("held_reason").execute();
  await db.schema.dropTable("outbox_counts").execute();
}
