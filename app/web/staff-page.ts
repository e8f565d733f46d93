/** What every staff page sends besides its content: kept out of caches and search engines. */
import type { MetaDescriptor } from "react-router";

export const STAFF_PAGE_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" } as const;

/** A staff route's `meta`: its title and noindex. */
export function staffMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | Staff | Base Hair Academy` }, { name: "robots", content: "noindex, nofollow" }];
}
