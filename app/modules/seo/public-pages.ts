/**
 * The public pages and their sitemap entries. Each route says which of its
 * addresses are public pages in its route facts (`handle.publicPages`,
 * app/web/route-facts.ts); the list is read from the route table
 * (publicPagesOf there). The sitemap is made from it, and the link check checks
 * every link against it. Pure: the list is given.
 */

/** A public page's entry in the sitemap, as its route's facts give it. */
export interface PublicPageFacts {
  /** Shows the same page as another path: search engines are sent there, and only that one is in the sitemap. */
  canonical?: string;
  /** Leaves the site for an outside service: not in the sitemap. */
  redirect?: true;
  /**
   * Kept for whoever has its address, but not for search engines: not in the
   * sitemap, and the page asks not to be indexed (`<meta name="robots"
   * content="noindex">`). A page of a time gone by (the COVID pages).
   */
  noindex?: true;
}

export interface PublicPage extends PublicPageFacts {
  /** A path, or a pattern with one `:param` for pages made from content (team, blog, offers…). */
  path: string;
}

function matches(pattern: string, path: string): boolean {
  const a = pattern.split("/");
  const b = path.split("/");
  return a.length === b.length && a.every((part, i) => part.startsWith(":") ? /^[a-z0-9-]+$/.test(b[i]!) : part === b[i]);
}

/** The entry a path belongs to (exact paths win over patterns); undefined for a path that is no public page. */
export function findPublicPage(publicPages: readonly PublicPage[], path: string): PublicPage | undefined {
  const clean = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return publicPages.find((p) => p.path === clean) ?? publicPages.find((p) => p.path.includes(":") && matches(p.path, clean));
}

/**
 * Every concrete page address: the fixed paths, and each pattern filled with
 * the slugs given for it. `forSitemap` keeps only the canonical, built pages
 * that search engines may index.
 */
export function expandPublicPages(publicPages: readonly PublicPage[], slugs: Record<string, string[]>, { forSitemap = false } = {}): string[] {
  const paths: string[] = [];
  for (const page of publicPages) {
    if (forSitemap && (page.canonical || page.redirect || page.noindex)) continue;
    const param = page.path.indexOf(":");
    if (param === -1) paths.push(page.path);
    else for (const slug of slugs[page.path] ?? []) paths.push(page.path.slice(0, param) + slug);
  }
  return paths;
}
