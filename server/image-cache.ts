/**
 * Which picture names the picture server answers (decision record 0018): only
 * those the content and the code use. The copies are made ahead, a few at a
 * time, by app/modules/images/copies.server.ts (decision record 0057).
 */
import type { Kysely } from "kysely";
import type { Database } from "~/.server/db/schema";
import { listSalons, listStylists, listTeam } from "~/modules/catalogue/catalogue.server";
import { pictureNames, sceneNames } from "~/modules/images/picture-names";
import type { SiteContent } from "~/modules/site/load-content.server";

/** Folders of scenes: each name in them must be one the site uses (app/modules/images/picture-names.ts). */
export const SCENE_KINDS = ["blog", "news", "store", "offers", "pages", "work"] as const;

/** "kind/name" of every scene the site shows, from the content and the academy's team in the database. */
export async function sceneNamesNow(content: SiteContent, db: Kysely<Database>): Promise<Set<string>> {
  // A draft's page shows its picture to staff too.
  return sceneNames({ ...content, blogPosts: [...content.blogPosts, ...content.draftPosts] }, (await listTeam(db)).map((m) => m.slug));
}

/** "kind/name" of every picture the site shows: portraits of every stylist, the salons' pictures and logos, and the scenes. */
export async function pictureNamesNow(content: SiteContent, db: Kysely<Database>): Promise<Set<string>> {
  const [stylists, team, salons] = await Promise.all([listStylists(db), listTeam(db), listSalons(db)]);
  return pictureNames(content, { stylistSlugs: stylists.map((s) => s.slug), teamSlugs: team.map((m) => m.slug), salonIds: salons.map((s) => s.id) });
}
