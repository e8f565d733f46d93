/**
 * What counts as a visit (decision 0031): the pure rules, shared by the
 * counter on every request and the staff page. Nothing here looks at who the
 * visitor is beyond "is this a robot": no address, cookie or identifier is
 * read or kept; a page view is a number against a day and a path.
 */
import { salonToday } from "~/utils/dates";

/** The quote funnel's steps, in order, with the words the staff page shows. */
export const FUNNEL_STEPS = ["calculator_started", "totals_seen", "quotes_saved", "booking_clicks"] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export const funnelLabels: Record<FunnelStep, string> = {
  calculator_started: "Started the price calculator",
  totals_seen: "Saw their total",
  quotes_saved: "Saved a quote",
  booking_clicks: "Went on to book",
};

/** Crawlers, link previews, monitors, scripts and headless browsers: their requests are not visits. */
const ROBOT = /bot|crawl|spider|slurp|archiver|fetch|preview|scan|monitor|uptime|lighthouse|pagespeed|headless|phantom|python|curl|wget|httpclient|okhttp|go-http|java\/|node|axios|libwww|facebookexternalhit|whatsapp|embedly|quora link|bingpreview/i;

export function isRobot(userAgent: string | undefined | null): boolean {
  return !userAgent || userAgent.length < 10 || ROBOT.test(userAgent);
}

/** Addresses that are the staff's, or never pages: never counted. */
const NOT_PUBLIC = /^\/(staff|applicants|applicant|api|images|photos|assets|healthz|go)(\/|$)/;

/**
 * The page a request is a view of, as it is counted, or null when it is not a
 * public page. React Router's data requests for a page (`/team.data`,
 * `/_root.data` for the landing page) count as the page: they are a visit
 * made by following a link once the page's script is running. A saved quote's
 * address holds its secret link: all quotes count as `/quote`.
 */
export function countedPath(pathname: string): string | null {
  let path = pathname.toLowerCase();
  if (path === "/_root.data") path = "/";
  else if (path.endsWith(".data")) path = path.slice(0, -".data".length);
  if (path.length > 1 && path.endsWith("/")) return null;
  if (NOT_PUBLIC.test(path)) return null;
  // React Router's own requests (/__manifest, which finds the routes of links on a page): not pages.
  if (path.startsWith("/__")) return null;
  // Files (robots.txt, sitemap.xml, the favicon): not pages.
  if (/\.[a-z0-9]+$/.test(path)) return null;
  if (path.startsWith("/quote/")) return "/quote";
  if (path.length > 120) return null;
  return path;
}

/** The funnel step that a view of this page is, if any. */
export function funnelStepOfPage(path: string): FunnelStep | null {
  if (path === "/prices") return "calculator_started";
  if (path.startsWith("/prices/total-by-")) return "totals_seen";
  return null;
}

/** The salon's date of a moment, as YYYY-MM-DD (one home: app/utils/dates.ts). */
export const salonDay = (at: Date): string => salonToday(at);

/** Where a booking link may have been followed from (`/go/book?from=…`). */
export const BOOKING_LINK_SOURCES = ["quote"] as const;
