import type { Kysely } from "kysely";

// A send the process may not have finished (decision 0021, issue 31): when a worker
// takes over a message whose claim ran out, the earlier claim's time is kept here,
// so the worker can ask the text provider whether that claim already sent it
// before sending it again. Null for a message never interrupted.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("outbox_messages").addColumn("interrupted_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("outbox_messages").dropColumn("interrupted_at").execute();
}
