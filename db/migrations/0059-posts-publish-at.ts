import type { Kysely } from "kysely";

// Publishing on time (issue 33, decision 0059): a published post may wait for
// its publish moment (an ISO 8601 UTC instant). The public pages read posts from
// this table and leave out the ones whose moment has not come, so a post
// appears at its time on every instance with no write.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("blog_posts").addColumn("publish_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("blog_posts").dropColumn("publish_at").execute();
}
