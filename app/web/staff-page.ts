/** What every staff page sends besides its content: kept out of caches and search engines. */
import type { HeadersArgs, MetaDescriptor } from "react-router";

export const STAFF_PAGE_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" } as const;

/** A staff route's `headers` export: no-store and noindex, plus Retry-After when an action was refused for a while. */
export function staffHeaders({ actionHeaders, loaderHeaders }: HeadersArgs): Headers {
  const headers = new Headers(STAFF_PAGE_HEADERS);
  const retry = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retry) headers.set("Retry-After", retry);
  return headers;
}

/** A staff route's `meta`: its title and noindex. */
export function staffMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | Staff | Base Hair Academy` }, { name: "robots", content: "noindex, nofollow" }];
}
