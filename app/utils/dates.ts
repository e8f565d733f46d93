/**
 * Dates as the salon writes them, always in UK time whatever the server's
 * time zone: "4th March 2026" (the spec's 'do MMMM yyyy'), "04/03/26" ('dd/MM/yy').
 */
const SALON_TIME_ZONE = "Europe/London";

// Made once: building a formatter costs far more than using one (a quote page formats two dates).
const longDate = new Intl.DateTimeFormat("en-GB", { timeZone: SALON_TIME_ZONE, day: "numeric", month: "long", year: "numeric" });
const shortDate = new Intl.DateTimeFormat("en-GB", { timeZone: SALON_TIME_ZONE, day: "2-digit", month: "2-digit", year: "2-digit" });

function parts(date: Date | string) {
  const d = typeof date === "string" ? new Date(date) : date;
  const fields = longDate.formatToParts(d);
  const get = (type: string) => fields.find((p) => p.type === type)?.value ?? "";
  return { day: Number(get("day")), month: get("month"), year: get("year") };
}

export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? "th" : ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th";
  return `${n}${suffix}`;
}

/** "4th March 2026" */
export function formatLongDate(date: Date | string): string {
  const { day, month, year } = parts(date);
  return `${ordinal(day)} ${month} ${year}`;
}

/** "04/03/26" */
export function formatShortDate(date: Date | string): string {
  const d = typeof date === "string" ? new Date(date) : date;
  return shortDate.format(d);
}

/** "2025-09-16" → "September 16th 2025": the blog's date format (MMMM Do YYYY). */
export function formatBlogDate(isoDate: string): string {
  // A calendar date, not an instant: read its digits, so no time zone can move it a day.
  const [year, month, day] = isoDate.slice(0, 10).split("-").map(Number);
  return `${MONTHS[(month ?? 1) - 1]} ${ordinal(day ?? 1)} ${year}`;
}

// Written out rather than taken from date-fns, which would add 6 KB to every page that shows a blog date.
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** The same instant `days` days later, as ISO 8601. */
export function addDaysIso(iso: string, days: number): string {
  return new Date(new Date(iso).getTime() + days * 24 * 60 * 60 * 1000).toISOString();
}
