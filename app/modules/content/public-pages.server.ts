import type { AppServices } from "~/.server/services.server";
import { listBlogPosts, listStylists, listTeam } from "./catalogue.server";
import { expandPublicPages } from "./public-pages";
import { getSiteCopy } from "./site-copy.server";

/** The slugs that fill each pattern of the public pages list, from the content. */
export async function publicPageSlugs({ db, config, settings }: Pick<AppServices, "db" | "config" | "settings">) {
  const copy = getSiteCopy(config.contentDir, settings);
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

/** The addresses the sitemap lists. */
export async function sitemapPaths(services: Pick<AppServices, "db" | "config" | "settings">): Promise<string[]> {
  return expandPublicPages(await publicPageSlugs(services), { forSitemap: true });
}
