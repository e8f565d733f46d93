/**
 * Every page that is only its Markdown file: registered in routes.ts once per
 * address, and the address names the file (/policies shows content/pages/policies.md).
 */
import { MarkdownPage } from "~/components/markdown-page";
import { NoOffers } from "~/components/offer-details";
import { isPageName } from "~/modules/site/site-copy.server";
import { seoMeta } from "~/utils/seo";
import { markdownPage } from "~/web/page-context.server";
import type { Route } from "./+types/markdown-page";
import { contentPageAt } from "~/web/route-facts";

export const handle = contentPageAt({
  "/refer-a-friend": {},
  "/policies": {},
  // Pages of the pandemic, kept for an old link: out of the sitemap and not indexed.
  "/corona": { noindex: true },
  "/reopening": { noindex: true },
  "/new-prices": {},
  "/your-gift": {},
  "/ghd": {},
  "/jellybeans": {},
});

export const meta = seoMeta;

/** The route's pattern ("policies" or "/policies") is the page's name and its canonical path. */
export function loader({ context, pattern }: Route.LoaderArgs) {
  const name = pattern.replace(/^\/+/, "");
  if (!isPageName(name)) throw new Error(`routes.ts registers /${name} as a Markdown page, but content/pages has no page of that name`);
  return markdownPage(context, name, `/${name}`);
}

export default function Page({ loaderData }: Route.ComponentProps) {
  // A partner offer's or event's page while the offers are hidden.
  if (loaderData.none) return <NoOffers text={loaderData.none} />;
  return <MarkdownPage page={loaderData.page} side={loaderData.side} />;
}
