import { pageContext } from "~/web/page-context.server";
import { sitemapPaths } from "~/modules/seo/public-pages.server";
import { publicPagesContext } from "~/web/context";
import type { Route } from "./+types/sitemap.xml";

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Every canonical public page, as the routes' facts name them (`handle.publicPages`). */
export async function loader({ context }: Route.LoaderArgs) {
  const { services, copy, offers } = pageContext(context);
  // Only the offers running today: while offers are hidden their pages (and /offers, and the partner offer's
  // page) say only 'Check back soon!', and an ended or upcoming offer's page only points to the current ones.
  const paths = await sitemapPaths(services.db, { ...copy, offers: { ...copy.offers, offers: offers.running } }, context.get(publicPagesContext), {
    offersHidden: offers.hidden,
  });
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
