import type { Kysely } from "kysely";

// The staff desk: whether each enquiry has been dealt with, what each staff
// member has already seen, and the site switches staff set from their phones
// (offers on or off, the offers' end date, the shop news), which override the
// content files' values until someone puts the files' values back.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ["model_applicants", "contact_messages", "interest_registrations"]) {
    await db.schema.alterTable(table).addColumn("handled_at", "text").execute();
    // The staff display name of whoever ticked it off.
    await db.schema.alterTable(table).addColumn("handled_by", "text").execute();
  }
  // Newest first, and "new since you last looked", without a scan.
  await db.schema.createIndex("model_applicants_created").on("model_applicants").column("created_at").execute();
  await db.schema.createIndex("contact_messages_created").on("contact_messages").column("created_at").execute();
  await db.schema.createIndex("interest_registrations_kind").on("interest_registrations").columns(["kind", "created_at"]).execute();
  await db.schema.createIndex("outbox_created").on("outbox_messages").columns(["status", "created_at"]).execute();

  // When each staff member last opened each list.
  await db.schema
    .createTable("staff_last_seen")
    .addColumn("staff_id", "integer", (c) => c.notNull().references("staff_accounts.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("seen_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("staff_last_seen_pk", ["staff_id", "kind"])
    .execute();

  // One row per switch a staff member has set (hideOffers, endDate, news); no row: the content file's value.
  await db.schema
    .createTable("site_settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    // JSON
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text", (c) => c.notNull())
    .execute();

  // The shop news as staff have edited it; used while site_settings has its "news" row.
  await db.schema
    .createTable("site_news_items")
    .addColumn("slug", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("date", "text", (c) => c.notNull())
    .addColumn("image", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("site_news_items").execute();
  await db.schema.dropTable("site_settings").execute();
  await db.schema.dropTable("staff_last_seen").execute();
  await db.schema.dropIndex("outbox_created").execute();
  await db.schema.dropIndex("interest_registrations_kind").execute();
  await db.schema.dropIndex("contact_messages_created").execute();
  await db.schema.dropIndex("model_applicants_created").execute();
  for (const table of ["model_applicants", "contact_messages", "interest_registrations"]) {
    await db.schema.alterTable(table).dropColumn("handled_by").execute();
    await db.schema.alterTable(table).dropColumn("handled_at").execute();
  }
}
