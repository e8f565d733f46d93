import type { Kysely } from "kysely";

// Dialect-neutral types only: integer, text and double precision mean the same
// on SQLite and PostgreSQL. Booleans are 0/1 integers; timestamps ISO text.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("salons")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("website", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("levels")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("adapter", "double precision", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("services")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("service", "text", (c) => c.notNull())
    .addColumn("price", "double precision", (c) => c.notNull())
    .addColumn("product_price", "double precision", (c) => c.notNull())
    .addColumn("cat1", "integer", (c) => c.notNull())
    .addColumn("cat2", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("stylists")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("level", "integer", (c) => c.notNull())
    .addColumn("salon", "integer", (c) => c.notNull())
    .addColumn("taking_new_clients", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("role", "text")
    .addColumn("favourite_style", "text", (c) => c.notNull())
    .addColumn("average_price", "double precision", (c) => c.notNull())
    .addColumn("photo_profile", "text", (c) => c.notNull())
    .addColumn("para_1", "text", (c) => c.notNull())
    .addColumn("para_2", "text", (c) => c.notNull())
    .addColumn("para_3", "text")
    .addColumn("display_order", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("reviews")
    .addColumn("position", "integer", (c) => c.primaryKey())
    .addColumn("review", "text", (c) => c.notNull())
    .addColumn("client", "text", (c) => c.notNull())
    .addColumn("stylist_slug", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("reviews_stylist_slug").on("reviews").column("stylist_slug").execute();

  await db.schema
    .createTable("blog_posts")
    .addColumn("slug", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("author", "text", (c) => c.notNull())
    .addColumn("date", "text", (c) => c.notNull())
    .addColumn("excerpt", "text", (c) => c.notNull())
    .addColumn("body_html", "text", (c) => c.notNull())
    .addColumn("image", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("news_items")
    .addColumn("slug", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("date", "text", (c) => c.notNull())
    .addColumn("image", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("store_banners")
    .addColumn("position", "integer", (c) => c.primaryKey())
    .addColumn("image", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("alt", "text", (c) => c.notNull())
    .addColumn("headline", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("store_tiles")
    .addColumn("position", "integer", (c) => c.primaryKey())
    .addColumn("image", "text", (c) => c.notNull())
    .addColumn("brand", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("content_versions")
    .addColumn("dataset", "text", (c) => c.primaryKey())
    .addColumn("hash", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "content_versions",
    "store_tiles",
    "store_banners",
    "news_items",
    "blog_posts",
    "reviews",
    "stylists",
    "services",
    "levels",
    "salons",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
