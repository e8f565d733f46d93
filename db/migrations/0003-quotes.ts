import type { Kysely } from "kysely";

// Saved quotes keep their own copy of every name and price: no foreign keys to
// the reference tables, which are rewritten whenever the content changes.
// Dialect-neutral types only; booleans 0/1, timestamps ISO text (decision 0002).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("quotes")
    // The unguessable link is the key: no sequence to guess, nothing to differ between engines.
    .addColumn("link", "text", (c) => c.primaryKey())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("mobile", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("referral", "text", (c) => c.notNull())
    .addColumn("regular", "integer", (c) => c.notNull())
    .addColumn("selector", "text", (c) => c.notNull())
    .addColumn("calculator_type", "text", (c) => c.notNull())
    // 1 when the quote holds a colour service: the skin-test note applies.
    .addColumn("has_colour", "integer", (c) => c.notNull())
    .addColumn("salon_id", "integer", (c) => c.notNull())
    .addColumn("salon_name", "text", (c) => c.notNull())
    .addColumn("level_id", "integer", (c) => c.notNull())
    .addColumn("level_name", "text", (c) => c.notNull())
    .addColumn("stylist_id", "integer")
    .addColumn("stylist_name", "text")
    .addColumn("stylist_image", "text")
    .addColumn("stylist_salon_id", "integer")
    .addColumn("stylist_salon_name", "text")
    .addColumn("total", "double precision", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("quotes_created_at").on("quotes").column("created_at").execute();

  await db.schema
    .createTable("quote_services")
    .addColumn("quote_link", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("service_id", "integer", (c) => c.notNull())
    .addColumn("service", "text", (c) => c.notNull())
    .addColumn("price", "double precision", (c) => c.notNull())
    .addPrimaryKeyConstraint("quote_services_pk", ["quote_link", "position"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("quote_services").execute();
  await db.schema.dropTable("quotes").execute();
}
