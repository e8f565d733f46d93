import type { Kysely } from "kysely";

// Chair time and where to book (issue 23): every service's minutes (processing
// included), each salon's booking link, skin-test booking link and phone, and the total minutes a
// saved quote was given, kept with it like its prices so an old quote keeps
// the time it was quoted with. Existing rows get 0 minutes and empty booking
// details until the next start seeds them from the content files (their rows
// now carry the new fields, so the seed's hash of them changes).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("services").addColumn("minutes", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable("salons").addColumn("booking_url", "text", (c) => c.notNull().defaultTo("")).execute();
  await db.schema.alterTable("salons").addColumn("phone", "text", (c) => c.notNull().defaultTo("")).execute();
  await db.schema.alterTable("salons").addColumn("skin_test_url", "text", (c) => c.notNull().defaultTo("")).execute();
  await db.schema.alterTable("quotes").addColumn("minutes", "integer", (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("quotes").dropColumn("minutes").execute();
  await db.schema.alterTable("salons").dropColumn("skin_test_url").execute();
  await db.schema.alterTable("salons").dropColumn("phone").execute();
  await db.schema.alterTable("salons").dropColumn("booking_url").execute();
  await db.schema.alterTable("services").dropColumn("minutes").execute();
}
