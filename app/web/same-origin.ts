/**
 * Is a cookie-carrying write from our own pages? Browsers say where a request
 * comes from: `Origin` on every POST, PATCH and DELETE; `Sec-Fetch-Site` in
 * current browsers; `Referer` in older ones. A write with none of them did not
 * come from a browser page, so no one's cookie was borrowed: it passes.
 */
export interface OriginSignals {
  origin: string | null | undefined;
  referer: string | null | undefined;
  secFetchSite: string | null | undefined;
}

const originOf = (url: string) => (URL.canParse(url) ? new URL(url).origin : null);

/** `allowed`: the site's own origins (PUBLIC_URL's). */
export function isSameOrigin(signals: OriginSignals, allowed: readonly string[]): boolean {
  const origins = new Set(allowed.map(originOf).filter((o): o is string => o !== null));
  if (signals.origin) return origins.has(signals.origin);
  if (signals.secFetchSite) return signals.secFetchSite === "same-origin" || signals.secFetchSite === "none";
  if (signals.referer) {
    const from = originOf(signals.referer);
    return from !== null && origins.has(from);
  }
  return true;
}

export const CROSS_ORIGIN_MESSAGE = "This request came from another site, so it was refused. Please use the staff pages on this site.";
