import type { Kysely } from "kysely";

// Where a visitor books (issue 34, decision 0065): each salon's consultation
// booking link (the booking guide's new colour client books a consultation
// first) and each stylist's own booking link (their profile's and their
// quotes' Book now). Existing rows get "" until the next start seeds them from
// the content files (their rows now carry the new fields, so the seed's hash
// of them changes); "" on a stylist means "book with the salon's link".
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("salons").addColumn("consultation_url", "text", (c) => c.notNull().defaultTo("")).execute();
  await db.schema.alterTable("stylists").addColumn("booking_url", "text", (c) => c.notNull().defaultTo("")).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("stylists").dropColumn("booking_url").execute();
  await db.schema.alterTable("salons").dropColumn("consultation_url").execute();
}
