import { pageContext } from "~/web/page-context.server";
import { sitemapPaths } from "~/modules/seo/public-pages.server";
import type { Route } from "./+types/sitemap-xml";

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Every canonical public page, from the one list in public-pages.ts. */
export async function loader({ context }: Route.LoaderArgs) {
  const { services, settings, copy } = pageContext(context);
  // While offers are hidden their pages say only 'Check back soon!': not worth a search engine's visit.
  const paths = await sitemapPaths(services.db, settings.hideOffers ? { ...copy, offers: { ...copy.offers, offers: [] } } : copy);
  const site = services.config.publicUrl;
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((p) => `  <url><loc>${escapeXml(site + p)}</loc></url>`),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, no-cache" },
  });
}
