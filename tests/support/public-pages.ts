/**
 * The public pages the browser tests visit, worked out from the content files
 * and the one list in app/modules/content/public-pages.ts (never a second list).
 */
import { loadContent } from "../../app/modules/content/load-content.server";
import { expandPublicPages, findPublicPage } from "../../app/modules/content/public-pages";

export const content = loadContent("content");

export const slugs: Record<string, string[]> = {
  "/team/:slug": content.stylists.filter((s) => s.salon === 3).map((s) => s.slug),
  "/blog/:slug": content.blogPosts.map((p) => p.slug),
  "/offers/:slug": content.copy.offers.offers.map((o) => o.slug),
  "/sms/:slug": content.copy.offers.offers.filter((o) => o.sms).map((o) => o.slug),
  "/notices/:slug": content.copy.notices.map((n) => n.slug),
  "/prices/:stylist": content.stylists.map((s) => s.slug),
};

/** Every built public page that shows something (the gift-voucher redirect leaves the site). */
export const pagePaths = expandPublicPages(slugs).filter((p) => !findPublicPage(p)?.redirect);
export const sitemapPaths = expandPublicPages(slugs, { forSitemap: true });
export { findPublicPage };

/** The page a path stands for in search engines: itself, or the page it repeats. */
export function canonicalOf(path: string): string {
  return findPublicPage(path)?.canonical ?? path;
}
