import type { Kysely } from "kysely";

// Proof a visitor trusts (issue 34, decision 0066): a review may carry the star
// figure its client gave (1 to 5; null when none was given). The seed writes it
// from reviews.yaml's `stars`, so the reviews page and the landing page's feed
// show the stars beside the words.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("reviews").addColumn("stars", "integer").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("reviews").dropColumn("stars").execute();
}
