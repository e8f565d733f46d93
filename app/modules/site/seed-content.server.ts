import { createHash } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "~/.server/db/schema";
import type { Engine } from "~/.server/db/database.server";
import type { SiteContent } from "./load-content.server";

type TableName = "salons" | "levels" | "services" | "stylists" | "reviews" | "blog_posts" | "news_items" | "store_banners" | "store_tiles";

interface Dataset {
  table: TableName;
  rows: Record<string, unknown>[];
}

/** The rows each table should hold, derived from the content files. */
export function contentRows(content: SiteContent): Dataset[] {
  return [
    {
      table: "salons",
      // The academy's booking links and phone are settings.yaml's: one place for each fact.
      rows: content.salons.map(({ booking, ...salon }) => ({
        ...salon,
        booking_url: booking?.url ?? content.settings.links.booking,
        phone: booking?.phone ?? content.settings.phone,
        skin_test_url: booking?.skinTest ?? content.settings.links.skinTest,
        consultation_url: (booking ? booking.consultation : content.settings.links.consultation) ?? "",
      })),
    },
    // The descriptions stay in the content: only the levels page (/prices/levels) shows them.
    { table: "levels", rows: content.levels.map(({ description: _description, ...level }) => level) },
    { table: "services", rows: content.services },
    {
      table: "stylists",
      // The portrait's hints stay in the content: only `npm run sample-pictures` reads them.
      rows: content.stylists.map(({ portrait: _portrait, ...s }, i) => ({
        ...s,
        taking_new_clients: s.taking_new_clients ? 1 : 0,
        role: s.role ?? null,
        para_3: s.para_3 ?? null,
        // The table's columns predate these being optional: "" for "not given".
        favourite_style: s.favourite_style ?? "",
        photo_profile: s.photo_profile ?? "",
        booking_url: s.booking_url ?? "",
        para_2: s.para_2 ?? "",
        display_order: i + 1,
      })),
    },
    {
      table: "reviews",
      rows: content.reviews.map((r, i) => ({ position: i + 1, review: r.review, client: r.client, stylist_slug: r.stylist, stars: r.stars ?? null })),
    },
    {
      table: "blog_posts",
      rows: content.blogPosts.map((p) => ({
        slug: p.slug,
        title: p.title,
        author: p.author,
        date: p.date,
        excerpt: p.excerpt,
        body_html: p.bodyHtml,
        image: p.image,
        publish_at: p.publish_at ? new Date(p.publish_at).toISOString() : null,
      })),
    },
    { table: "news_items", rows: content.news.map((n) => ({ ...n, publish_at: n.publish_at ? new Date(n.publish_at).toISOString() : null })) },
    { table: "store_banners", rows: content.store.banners.map((b, i) => ({ position: i + 1, ...b })) },
    { table: "store_tiles", rows: content.store.tiles.map((t, i) => ({ position: i + 1, ...t })) },
  ];
}

/**
 * Makes the reference tables match the content files. A table is rewritten only
 * when its content changed since the last start (tracked by hash), inside one
 * transaction, so restarting changes nothing and readers never see half a table.
 */
export async function seedContent(db: Kysely<Database>, engine: Engine, content: SiteContent) {
  return db.transaction().execute(async (trx) => {
    if (engine === "postgres") {
      // Several instances may start at once: let one seed, the others wait and find nothing to do.
      await sql`select pg_advisory_xact_lock(hashtext('base-hair-academy:seed'))`.execute(trx);
    }
    return syncTables(trx, content);
  });
}

/**
 * Makes the reference tables match `content` inside the caller's transaction
 * (a studio change rewrites what it altered in the same transaction as the files).
 */
export async function syncTables(trx: Transaction<Database>, content: SiteContent, now = new Date()) {
  const report = { updated: [] as TableName[], unchanged: [] as TableName[] };
  const known = new Map((await trx.selectFrom("content_versions").select(["dataset", "hash"]).execute()).map((r) => [r.dataset, r.hash]));
  for (const dataset of contentRows(content)) {
    const hash = createHash("sha256").update(JSON.stringify(dataset.rows)).digest("hex");
    if (known.get(dataset.table) === hash) {
      report.unchanged.push(dataset.table);
      continue;
    }
    await trx.deleteFrom(dataset.table).execute();
    // Chunks keep each statement well under SQLite's and PostgreSQL's parameter limits.
    for (let i = 0; i < dataset.rows.length; i += 100) {
      // The row shapes come from contentRows above, which mirrors the schema.
      await trx.insertInto(dataset.table).values(dataset.rows.slice(i, i + 100) as never).execute();
    }
    const at = now.toISOString();
    await trx
      .insertInto("content_versions")
      .values({ dataset: dataset.table, hash, updated_at: at })
      .onConflict((oc) => oc.column("dataset").doUpdateSet({ hash, updated_at: at }))
      .execute();
    report.updated.push(dataset.table);
  }
  return report;
}
