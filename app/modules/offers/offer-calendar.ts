/**
 * When each offer runs (issue 12). Every offer has its own run in
 * content/offers.yaml: an optional start date and an optional end date, both
 * checked at start. An offer without its own end date ends on the offers'
 * end date in force (settings.yaml's `endDate`, or the date a staff member
 * set on the staff desk). Pure, so the rules are table-tested with a fixed
 * "today" (docs/decisions/0019).
 *
 * - running: shown in the offers list, on the landing page, in the sitemap.
 * - upcoming: not shown anywhere yet; its page (an early link) says when it starts.
 * - ended: not offered; its page says it has ended and points to the current offers.
 */
import { formatDayMonthYear } from "~/utils/dates";

/** YYYY-MM-DD dates; `start` null means it runs from now, `end` always set. */
export interface OfferRun {
  start: string | null;
  end: string;
}

export type OfferStatus = "upcoming" | "running" | "ended";

/** The offer's run: its own dates, the global end date where it has none of its own. */
export function offerRun(dates: { startDate?: string | undefined; endDate?: string | undefined }, globalEnd: string): OfferRun {
  return { start: dates.startDate ?? null, end: dates.endDate ?? globalEnd };
}

/** Where `today` (YYYY-MM-DD, the salon's day) falls in the run: both dates count as part of it. */
export function offerStatus(run: OfferRun, today: string): OfferStatus {
  if (run.start !== null && today < run.start) return "upcoming";
  if (today > run.end) return "ended";
  return "running";
}

/**
 * The run as a card and an offer page say it: "1 March to 30 April 2027",
 * "1 December 2026 to 28 February 2027", "Until 31 January 2027". An
 * upcoming offer: "Starts 1 March 2027"; an ended one: "Ended 31 January 2027".
 */
export function describeRun(run: OfferRun, status: OfferStatus): string {
  if (status === "upcoming" && run.start) return `Starts ${formatDayMonthYear(run.start)}`;
  if (status === "ended") return `Ended ${formatDayMonthYear(run.end)}`;
  if (run.start === null) return `Until ${formatDayMonthYear(run.end)}`;
  const start = formatDayMonthYear(run.start);
  // In the end's year, the start leaves its year out: "1 March".
  const sameYear = run.start.slice(0, 4) === run.end.slice(0, 4);
  return `${sameYear ? start.replace(/ \d+$/, "") : start} to ${formatDayMonthYear(run.end)}`;
}

/** The offers running on `today`, in the content file's order. */
export function runningOffers<T extends { startDate?: string | undefined; endDate?: string | undefined }>(
  offers: readonly T[],
  globalEnd: string,
  today: string,
): T[] {
  return offers.filter((offer) => offerStatus(offerRun(offer, globalEnd), today) === "running");
}

/** The offers as one request sees them: hidden by staff or the settings, or which run today. */
export function offersInForce<T extends { startDate?: string | undefined; endDate?: string | undefined }>(
  offers: readonly T[],
  { hideOffers, globalEnd, today }: { hideOffers: boolean; globalEnd: string; today: string },
) {
  const running: T[] = hideOffers ? [] : runningOffers(offers, globalEnd, today);
  return {
    /** Staff (or settings.yaml) hid them all, or none runs today: every offer page says "Check back soon!". */
    hidden: running.length === 0,
    /** Running today, in the content's order; empty while hidden. */
    running,
    /** The global end date in force, and the salon's today: YYYY-MM-DD. */
    globalEnd,
    today,
  };
}
