/**
 * The shop page's banners and product tiles, as seeded from content/store.yaml.
 * The news in force (news.yaml's, or the staff's once they have changed it)
 * comes from listNews in ~/modules/site-switches/news.server.
 */
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { Database } from "~/.server/db/schema";
import type { newsSchema, storeSchema } from "./content-schema";

export type StoreData = z.output<typeof storeSchema>;
export type NewsItem = z.output<typeof newsSchema>[number];

export async function getStoreData(db: Kysely<Database>): Promise<StoreData> {
  const [banners, tiles] = await Promise.all([
    db.selectFrom("store_banners").select(["image", "url", "alt", "headline"]).orderBy("position").execute(),
    db.selectFrom("store_tiles").select(["image", "brand", "description", "title", "url"]).orderBy("position").execute(),
  ]);
  return { banners, tiles };
}
