import type { Kysely } from "kysely";

// What each staff session was made with (issue 18, ASVS 7.4.5 and 7.5.2): the
// device cookie's hash and the passkey, so removing either ends the sessions
// it made; and a coarse summary of the browser ("Chrome on an Android phone"),
// so a person can tell their sessions apart and end the ones they do not know.
// Sessions begun before this migration have none of them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("staff_sessions").addColumn("device_hash", "text").execute();
  await db.schema.alterTable("staff_sessions").addColumn("passkey_id", "text").execute();
  await db.schema.alterTable("staff_sessions").addColumn("device_kind", "text").execute();
  await db.schema.createIndex("staff_sessions_device").on("staff_sessions").column("device_hash").execute();
  await db.schema.createIndex("staff_sessions_passkey").on("staff_sessions").column("passkey_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("staff_sessions_passkey").execute();
  await db.schema.dropIndex("staff_sessions_device").execute();
  await db.schema.alterTable("staff_sessions").dropColumn("device_kind").execute();
  await db.schema.alterTable("staff_sessions").dropColumn("passkey_id").execute();
  await db.schema.alterTable("staff_sessions").dropColumn("device_hash").execute();
}
