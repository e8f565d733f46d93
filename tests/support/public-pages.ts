/**
 * The fixture salon's public pages, worked out from its content files and the
 * routes' own facts (`handle.publicPages`), read from the route table of the
 * production build as the server reads it (never a second list): build first.
 */
import path from "node:path";
import { runningOffers } from "../../app/modules/offers/offer-calendar";
import { expandPublicPages, findPublicPage as findIn, type PublicPage } from "../../app/modules/seo/public-pages";
import { publicPagesOf, type BuiltRoute } from "../../app/web/route-facts";
import { parseSalonDate, salonToday } from "../../app/utils/dates";
import type { SiteContent } from "../../app/modules/site/load-content.server";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { fixture } from "./fixture";

/** The slugs that fill each pattern of the public pages list, from a salon's content. */
export function slugsOf(content: SiteContent): Record<string, string[]> {
  return {
    "/team/:slug": content.stylists.filter((s) => s.salon === 3).map((s) => s.slug),
    "/blog/:slug": content.blogPosts.map((p) => p.slug),
    "/offers/:slug": content.copy.offers.offers.map((o) => o.slug),
    "/sms/:slug": content.copy.offers.offers.filter((o) => o.sms).map((o) => o.slug),
    "/notices/:slug": content.copy.notices.map((n) => n.slug),
    "/prices/:stylist": content.stylists.map((s) => s.slug),
  };
}

/** The offers of a salon's content running today, by its own end date (settings.yaml's, no staff change). */
export function runningOffersOf(content: SiteContent) {
  return runningOffers(content.copy.offers.offers, parseSalonDate(content.settings.endDate)!, salonToday());
}

/** The slugs the sitemap lists: only the offers running today have their pages there. */
export function sitemapSlugsOf(content: SiteContent): Record<string, string[]> {
  const running = runningOffersOf(content);
  return { ...slugsOf(content), "/offers/:slug": running.map((o) => o.slug), "/sms/:slug": running.filter((o) => o.sms).map((o) => o.slug) };
}

const build = (await import(path.resolve("build/server/index.js"))) as { routes: Record<string, BuiltRoute> };
/** The production build's route table: each route with its module (and so its facts). */
export const builtRoutes = build.routes;

/** Every public page, from the build's route facts. */
export const publicPages: readonly PublicPage[] = publicPagesOf(build.routes);

/** The entry a path belongs to, or undefined for a path that is no public page. */
export const findPublicPage = (path: string) => findIn(publicPages, path);

/** Every concrete page address for these slugs (see expandPublicPages). */
export const expandPages = (slugs: Record<string, string[]>, options: { forSitemap?: boolean } = {}) => expandPublicPages(publicPages, slugs, options);

/** The content the test servers run on: the fixture salon. */
export const content = fixture;

export const slugs = slugsOf(fixture);

/** Every built public page that shows something (the gift-voucher redirect leaves the site). */
export const pagePaths = expandPages(slugs).filter((p) => !findPublicPage(p)?.redirect);
export const sitemapPaths = expandPages(sitemapSlugsOf(fixture), { forSitemap: true });

/** The page a path stands for in search engines: itself, or the page it repeats. */
export function canonicalOf(path: string): string {
  return findPublicPage(path)?.canonical ?? path;
}

/** The route module that draws each address pattern, from the route table itself. */
const moduleOf = new Map<string, string>();
(function walk(entries: readonly RouteConfigEntry[]) {
  for (const entry of entries) {
    if (entry.index || entry.path !== undefined) moduleOf.set(`/${entry.index ? "" : entry.path}`, entry.file);
    if (entry.children) walk(entry.children);
  }
})(routes);

/**
 * One page of each kind, for checks that look at a page as a person does
 * (accessibility scans): pages drawn by the same route module differ only in
 * their words. The first address of each module is kept.
 */
export function onePerTemplate(paths: readonly string[]): string[] {
  const seen = new Set<string>();
  return paths.filter((path) => {
    const entry = findPublicPage(path);
    const module = entry && moduleOf.get(entry.path);
    if (!module || canonicalOf(path) !== path || seen.has(module)) return false;
    seen.add(module);
    return true;
  });
}
