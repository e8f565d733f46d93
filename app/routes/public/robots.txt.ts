import { servicesContext } from "~/web/context";
import type { Route } from "./+types/robots.txt";

/** The staff area and the API stay out of search engines; quotes are private to whoever holds the link. */
export const disallowed = ["/applicants", "/applicant/", "/staff", "/api/", "/quote/"];

export function loader({ context }: Route.LoaderArgs) {
  const site = context.get(servicesContext).config.publicUrl;
  const body = ["User-agent: *", ...disallowed.map((p) => `Disallow: ${p}`), "", `Sitemap: ${site}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
