import { internalLinks } from "./html";
import { findPublicPage } from "./public-pages";

/**
 * Follows every link that stays on the site from the given pages (path → server
 * HTML) and lists each one that lands on no public page, on an error, or on a
 * page without the #anchor it names. `get` fetches a path without following
 * redirects.
 */
export async function brokenLinks(pages: ReadonlyMap<string, string>, get: (path: string) => Promise<Response>) {
  const problems: string[] = [];
  const status = new Map<string, number>();
  const html = new Map(pages);
  for (const [from, page] of pages) {
    for (const link of internalLinks(page, from)) {
      const entry = findPublicPage(link.pathname);
      if (!entry) {
        // Pictures, built assets and saved quotes are served, but are not pages.
        if (!/^\/(images|assets|quote)\//.test(link.pathname)) problems.push(`${from} links to ${link.pathname}, which is no public page`);
        continue;
      }
      const target = link.pathname + link.search;
      if (!status.has(target)) {
        const response = await get(target);
        status.set(target, response.status);
        if (response.status === 200 && !html.has(link.pathname)) html.set(link.pathname, await response.text());
      }
      const code = status.get(target)!;
      const ok = entry.redirect ? code === 302 : code === 200;
      if (!ok) problems.push(`${from} links to ${target}: status ${code}`);
      const id = decodeURIComponent(link.hash.slice(1));
      if (ok && id && !entry.redirect && !html.get(link.pathname)?.includes(`id="${id}"`)) {
        problems.push(`${from} links to ${link.pathname}#${id}, which has no such anchor`);
      }
    }
  }
  return { problems, checked: status.size };
}
