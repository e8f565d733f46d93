import type { Kysely } from "kysely";
import type { Database } from "~/.server/db/schema";
import { listStylists, listTeam } from "~/modules/catalogue/catalogue.server";
import { listBlogPosts } from "~/modules/site/blog.server";
import type { SiteCopy } from "~/modules/site/site-copy.server";
import { isOfferPath } from "~/modules/offers/offer-links";
import { expandPublicPages, type PublicPage } from "./public-pages";

/** The slugs that fill each pattern of the public pages list: the catalogue's from the database, the rest from the copy. */
export async function publicPageSlugs(db: Kysely<Database>, copy: Pick<SiteCopy, "offers" | "notices">) {
  const [team, posts, stylists] = await Promise.all([listTeam(db), listBlogPosts(db), listStylists(db)]);
  return {
    "/team/:slug": team.map((m) => m.slug),
    "/blog/:slug": posts.map((p) => p.slug),
    "/offers/:slug": copy.offers.offers.map((o) => o.slug),
    "/sms/:slug": copy.offers.offers.filter((o) => o.sms).map((o) => o.slug),
    "/notices/:slug": copy.notices.map((n) => n.slug),
    "/prices/:stylist": stylists.map((s) => s.slug),
  };
}

/**
 * The addresses the sitemap lists, of the public pages the routes name (their
 * route facts, app/web/route-facts.ts): `copy.offers` holds the offers to list (those
 * running today); while the offers are hidden, the pages that are only offers
 * (the list, the partner offer's and the event's pages) drop out too.
 */
export async function sitemapPaths(
  db: Kysely<Database>,
  copy: Pick<SiteCopy, "offers" | "notices" | "pages">,
  publicPages: readonly PublicPage[],
  { offersHidden = false } = {},
): Promise<string[]> {
  const paths = expandPublicPages(publicPages, await publicPageSlugs(db, copy), { forSitemap: true });
  if (!offersHidden) return paths;
  return paths.filter((p) => !isOfferPath(p, copy.pages));
}
