/**
 * While the offers are hidden, a link to an offer's page in a blog post or a
 * Markdown page (written when the offer ran) would lead to "Check back soon!".
 * Such links become their plain words instead. Works on the sanitised HTML
 * the Markdown renderer makes (modules/site/markdown.server.ts), whose links
 * are plain `<a href="…">words</a>` with no nesting. Pure.
 */
import { isOfferPath } from "~/modules/seo/public-pages";

const LINK = /<a\s[^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g;

export function withoutOfferLinks(html: string, pages: Record<string, { offer?: boolean }>): string {
  return html.replace(LINK, (whole, href: string, words: string) => (href.startsWith("/") && isOfferPath(href, pages) ? words : whole));
}
