import { servicesContext } from "~/context";
import { sitemapPaths } from "~/modules/content/public-pages.server";
import type { Route } from "./+types/sitemap-xml";

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Every canonical public page, from the one list in public-pages.ts. */
export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const paths = await sitemapPaths(services);
  const site = services.config.publicUrl;
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((p) => `  <url><loc>${escapeXml(site + p)}</loc></url>`),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
