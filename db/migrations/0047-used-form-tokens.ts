import type { Kysely } from "kysely";

// A page's form token is good once (issue 31): each token a form was stored
// with is kept here until it would have expired anyway (a day), so the same
// post sent again, or copied by a script, is refused. Kept by its hash.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("used_form_tokens")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("used_form_tokens_expires").on("used_form_tokens").column("expires_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("used_form_tokens").execute();
}
