/**
 * The one list of public page addresses. The sitemap is made from it, and the
 * browser tests visit every page on it and check every link against it.
 */
export interface PublicPage {
  /** A path, or a pattern with one `:param` for pages made from content (team, blog, offers…). */
  path: string;
  /** Shows the same page as another path: search engines are sent there, and only that one is in the sitemap. */
  canonical?: string;
  /** Leaves the site for an outside service: not in the sitemap. */
  redirect?: true;
}

export const publicPages: PublicPage[] = [
  { path: "/" },
  { path: "/info", canonical: "/" },
  { path: "/home" },
  { path: "/about" },
  { path: "/team" },
  { path: "/teaminfo", canonical: "/team" },
  { path: "/team/:slug" },
  { path: "/blog" },
  { path: "/blog/:slug" },
  { path: "/offers" },
  { path: "/offers/:slug" },
  { path: "/sms/:slug" },
  { path: "/refer-a-friend" },
  { path: "/policies" },
  { path: "/corona" },
  { path: "/reopening" },
  { path: "/notices/:slug" },
  { path: "/new-prices" },
  { path: "/your-gift" },
  { path: "/ghd" },
  { path: "/jellybeans" },
  { path: "/bookings" },
  { path: "/link-tree" },
  { path: "/links" },
  { path: "/online-shop" },
  { path: "/gift-voucher", redirect: true },
  { path: "/prices" },
  { path: "/prices/levels" },
  { path: "/prices/:stylist" },
  { path: "/joinus" },
  { path: "/models" },
  { path: "/contact" },
  { path: "/open-evening" },
  { path: "/feedback" },
  { path: "/privacy" },
];

function matches(pattern: string, path: string): boolean {
  const a = pattern.split("/");
  const b = path.split("/");
  return a.length === b.length && a.every((part, i) => part.startsWith(":") ? /^[a-z0-9-]+$/.test(b[i]!) : part === b[i]);
}

/** The entry a path belongs to (exact paths win over patterns); undefined for a path that is no public page. */
export function findPublicPage(path: string): PublicPage | undefined {
  const clean = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return publicPages.find((p) => p.path === clean) ?? publicPages.find((p) => p.path.includes(":") && matches(p.path, clean));
}

/**
 * Every concrete page address: the fixed paths, and each pattern filled with
 * the slugs given for it. `forSitemap` keeps only the canonical, built pages.
 */
export function expandPublicPages(slugs: Record<string, string[]>, { forSitemap = false } = {}): string[] {
  const paths: string[] = [];
  for (const page of publicPages) {
    if (forSitemap && (page.canonical || page.redirect)) continue;
    const param = page.path.indexOf(":");
    if (param === -1) paths.push(page.path);
    else for (const slug of slugs[page.path] ?? []) paths.push(page.path.slice(0, param) + slug);
  }
  return paths;
}
