/**
 * What counts as a visit (decision 0031): the pure rules, shared by the
 * counter on every request and the staff page. Nothing here looks at who the
 * visitor is beyond "is this a robot": no address, cookie or identifier is
 * read or kept; a page view is a number against a day and a path.
 */
import { labelled } from "~/utils/one-of";

/** The quote funnel's steps, in order, with the words the staff page shows. */
export const { values: FUNNEL_STEPS, labels: funnelLabels, is: isFunnelStep } = labelled({
  calculator_started: "Started the price calculator",
  totals_seen: "Saw their total",
  quotes_saved: "Saved a quote",
  booking_clicks: "Went on to book",
});
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** Crawlers, link previews, monitors, scripts and headless browsers: their requests are not visits. */
const ROBOT = /bot|crawl|spider|slurp|archiver|fetch|preview|scan|monitor|uptime|lighthouse|pagespeed|headless|phantom|python|curl|wget|httpclient|okhttp|go-http|java\/|node|axios|libwww|facebookexternalhit|whatsapp|embedly|quora link|bingpreview/i;

export function isRobot(userAgent: string | undefined | null): boolean {
  return !userAgent || userAgent.length < 10 || ROBOT.test(userAgent);
}

/** The longest page address counted: the site's own are far shorter. */
const MAX_PAGE_PATH = 120;

/**
 * The one spelling an address is counted under, as the router reads it
 * (decision 0051): React Router's data request for a page (`/team.data`,
 * `/_root.data` for the landing page) as the page itself, each part
 * percent-decoded, in lower case (the router matches without regard to case)
 * and without a trailing slash. Null for an address no page could have: one
 * that does not decode, a part that decodes to a slash, an empty part
 * (`//team`), or one too long.
 */
export function pageSpelling(pathname: string): string | null {
  let raw = pathname;
  if (raw === "/_root.data") raw = "/";
  else if (raw.endsWith(".data")) raw = raw.slice(0, -".data".length);
  if (!raw.startsWith("/") || raw.length > MAX_PAGE_PATH * 3) return null;
  const parts = raw.slice(1).split("/");
  while (parts.length > 0 && parts.at(-1) === "") parts.pop();
  const decoded: string[] = [];
  for (const part of parts) {
    const text = percentDecoded(part);
    if (!text || text.includes("/")) return null;
    decoded.push(text.toLowerCase());
  }
  const path = `/${decoded.join("/")}`;
  return path.length > MAX_PAGE_PATH ? null : path;
}

/** The link of a saved quote's page (`/quote/{link}`, or its data request), as sent; null for any other address. */
export function quoteLinkOf(pathname: string): string | null {
  const match = /^\/quote\/([^/]+?)(?:\.data)?\/*$/i.exec(pathname);
  return match ? percentDecoded(match[1]!) : null;
}

/** `text` percent-decoded; null when it is not properly encoded. */
function percentDecoded(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * The page a request is a view of, as it is counted, or null when it is not
 * one of the site's own public pages (decision 0051): its one spelling
 * (pageSpelling) when `isPublicPage` knows it (the routes' facts name the
 * public pages: app/web/route-facts.ts), so every spelling of a page adds to
 * the same count and an address the site has no page at adds nothing. A saved
 * quote's address holds its secret link: all quotes count as `/quote`. The
 * calculator's steps (`/prices/total-by-level`…) are known through the
 * stylists' pages' pattern (`/prices/:stylist`): only an address answered 200
 * is counted, so the pattern adds only real pages.
 */
export function countedPath(pathname: string, isPublicPage: (path: string) => boolean): string | null {
  if (quoteLinkOf(pathname) !== null) return "/quote";
  const path = pageSpelling(pathname);
  return path !== null && isPublicPage(path) ? path : null;
}

/** The funnel step that a view of this page is, if any. */
export function funnelStepOfPage(path: string): FunnelStep | null {
  if (path === "/prices") return "calculator_started";
  if (path.startsWith("/prices/total-by-")) return "totals_seen";
  return null;
}

/** Where a booking link may have been followed from (`/go/book?from=…`). */
export const BOOKING_LINK_SOURCES = ["quote"] as const;
