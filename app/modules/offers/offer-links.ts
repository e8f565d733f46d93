/**
 * While the offers are hidden, a link to an offer's page in a blog post or a
 * Markdown page (written when the offer ran) would lead to "Check back soon!".
 * Such links become their plain words instead. Works on the sanitised HTML
 * the Markdown renderer makes (modules/site/markdown.server.ts), whose links
 * are plain `<a href="…">words</a>` with no nesting. Pure.
 */
const LINK = /<a\s[^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g;

export function withoutOfferLinks(html: string, pages: Record<string, { offer?: boolean }>): string {
  return html.replace(LINK, (whole, href: string, words: string) => (href.startsWith("/") && isOfferPath(href, pages) ? words : whole));
}

/**
 * Whether a path on this site is an offer's: /offers, /offers/{slug},
 * /sms/{slug}, or a Markdown page whose front matter says `offer: true` (the
 * partner offer, the GHD evening). While the offers are hidden these pages say
 * "Check back soon!", drop out of the sitemap, and links to them in posts and
 * pages become plain words.
 */
export function isOfferPath(path: string, pages: Record<string, { offer?: boolean }>): boolean {
  const clean = (path.split(/[?#]/)[0] ?? "").replace(/\/+$/, "") || "/";
  if (clean === "/offers" || /^\/(?:offers|sms)\/[^/]+$/.test(clean)) return true;
  const name = clean.slice(1);
  return Object.hasOwn(pages, name) && pages[name]!.offer === true;
}
