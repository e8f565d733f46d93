import type { Kysely } from "kysely";

// Publishing on time for the shop news (issue 33, decision 0059): a news item
// may wait for its publish moment (an ISO 8601 UTC instant; null: shown as
// soon as it is there), in the file's list (news_items, from news.yaml) and in
// the staff's (site_news_items). The shop page and /api/news-items leave out
// the items whose moment has not come, so one appears at its time on every
// instance with no write. Offers keep theirs in offers.yaml: no column.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("news_items").addColumn("publish_at", "text").execute();
  await db.schema.alterTable("site_news_items").addColumn("publish_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("site_news_items").dropColumn("publish_at").execute();
  await db.schema.alterTable("news_items").dropColumn("publish_at").execute();
}
