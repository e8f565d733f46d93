import { format } from "date-fns";

/** The calendar date in the salon's time zone, as a local Date at midnight, for date-fns to format. */
function londonDay(iso: string): Date {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/London",
    year: "numeric",
    month: "numeric",
    day: "numeric",
  }).formatToParts(new Date(iso));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return new Date(part("year"), part("month") - 1, part("day"));
}

/** "2026-11-26T10:00:00.000Z" → "26th November 2026" ('do MMMM yyyy', in the salon's time zone). */
export function formatLongDate(iso: string): string {
  return format(londonDay(iso), "do MMMM yyyy");
}

/** The same instant `days` days later, as ISO 8601. */
export function addDaysIso(iso: string, days: number): string {
  return new Date(new Date(iso).getTime() + days * 24 * 60 * 60 * 1000).toISOString();
}
