/**
 * Dates as the salon writes them, always in UK time whatever the server's
 * time zone: "4th March 2026" (the spec's 'do MMMM yyyy'), "04/03/26" ('dd/MM/yy').
 * The one home of the salon's time zone, its calendar dates and their formats:
 * the public pages, the staff desk and the content files all read them here.
 */
export const SALON_TIME_ZONE = "Europe/London";

// Made once: building a formatter costs far more than using one (a quote page formats two dates).
const longDate = new Intl.DateTimeFormat("en-GB", { timeZone: SALON_TIME_ZONE, day: "numeric", month: "long", year: "numeric" });
const shortDate = new Intl.DateTimeFormat("en-GB", { timeZone: SALON_TIME_ZONE, day: "2-digit", month: "2-digit", year: "2-digit" });

export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? "th" : ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th";
  return `${n}${suffix}`;
}

/** "4th March 2026" */
export function formatLongDate(date: Date | string): string {
  const fields = longDate.formatToParts(new Date(date));
  const get = (type: string) => fields.find((p) => p.type === type)?.value ?? "";
  return `${ordinal(Number(get("day")))} ${get("month")} ${get("year")}`;
}

/** "04/03/26" */
export function formatShortDate(date: Date | string): string {
  return shortDate.format(new Date(date));
}

/** "2025-09-16" → "September 16th 2025": the blog's date format (MMMM Do YYYY). */
export function formatBlogDate(isoDate: string): string {
  // A calendar date, not an instant: read its digits, so no time zone can move it a day.
  const [year, month, day] = isoDate.slice(0, 10).split("-").map(Number);
  return `${MONTHS[(month ?? 1) - 1]} ${ordinal(day ?? 1)} ${year}`;
}

// Written out rather than taken from date-fns, which would add 6 KB to every page that shows a blog date.
export const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;

/** The same instant `days` days later, as ISO 8601. */
export function addDaysIso(iso: string, days: number): string {
  return new Date(new Date(iso).getTime() + days * 24 * 60 * 60 * 1000).toISOString();
}

/** Today's date where the salon is, as YYYY-MM-DD. */
export function salonToday(now: Date = new Date()): string {
  return isoDay.format(now);
}
// Made once: a formatter costs far more to make than to use, and these run on every request.
const isoDay = new Intl.DateTimeFormat("en-CA", { timeZone: SALON_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });
const weekday = new Intl.DateTimeFormat("en-GB", { timeZone: SALON_TIME_ZONE, weekday: "long" });

/** Today's day of the week where the salon is: "Monday" to "Sunday", as settings.yaml's hours name them. */
export function salonWeekday(now: Date = new Date()): string {
  return weekday.format(now);
}

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const iso = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

/**
 * A date as the content files and the API write it, as YYYY-MM-DD: "31/01/27"
 * and "31/01/2027" (the salon's way, day first) or "2027-01-31". Null when it
 * is not a real date.
 */
export function parseSalonDate(text: string): string | null {
  const trimmed = text.trim();
  const isoMatch = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed);
  if (isoMatch) {
    const [year, month, day] = isoMatch.slice(1).map(Number) as [number, number, number];
    return isRealDate(year, month, day) ? iso(year, month, day) : null;
  }
  const salon = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(trimmed);
  if (!salon) return null;
  const [day, month, rawYear] = salon.slice(1).map(Number) as [number, number, number];
  const year = salon[3]!.length === 2 ? 2000 + rawYear : rawYear;
  return isRealDate(year, month, day) ? iso(year, month, day) : null;
}

/** Whether `text` is a day of the calendar written YYYY-MM-DD: "2027-02-30" is not (Date would roll it into March). */
export const isCalendarDate = (text: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(text) && parseSalonDate(text) !== null;

/** "2027-01-31" → "31/01/27": how the offers' small print writes the end date. */
export function formatSalonDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-");
  return `${day}/${month}/${year!.slice(2)}`;
}

/** A calendar date "2027-03-01" → "1 March 2027" (read from its digits: no time zone can move it). */
export function formatDayMonthYear(isoDate: string): string {
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

/** "Tue, 4 Mar 2026, 14:05", in the salon's time: when something came in or was handled. */
export function formatReceived(iso: string): string {
  return receivedFormat.format(new Date(iso));
}
const receivedFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: SALON_TIME_ZONE,
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "04/03/26 14:05", in the salon's time: when something happened, for the history. */
export function formatWhen(iso: string): string {
  return whenFormat.format(new Date(iso)).replace(",", "");
}
const whenFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: SALON_TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

// Made once, like the formatters above.
const wallClock = new Intl.DateTimeFormat("en-GB", { timeZone: SALON_TIME_ZONE, hour: "2-digit", minute: "2-digit", hour12: false, year: "numeric", month: "2-digit", day: "2-digit" });

/** The salon's day ("2026-03-28") and time ("10:00") of an instant: what the move form starts with. */
export function salonDateAndTime(instant: Date): { date: string; time: string } {
  const p = wallClock.formatToParts(instant);
  const g = (type: string) => p.find((x) => x.type === type)?.value ?? "";
  return { date: `${g("year")}-${g("month")}-${g("day")}`, time: `${g("hour") === "24" ? "00" : g("hour")}:${g("minute")}` };
}

/** The salon's wall-clock time ("2026-03-28T10:00") as the instant it is in Europe/London, whatever the season. */
export function salonLocalToInstant(local: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const guess = Date.UTC(y, mo - 1, d, h, mi);
  // The offset London had at that moment: try the guess, then correct once (BST is +1).
  const offsetAt = (t: number) => {
    const p = wallClock.formatToParts(new Date(t));
    const g = (type: string) => Number(p.find((x) => x.type === type)?.value);
    return Date.UTC(g("year"), g("month") - 1, g("day"), g("hour") % 24, g("minute")) - t;
  };
  const first = guess - offsetAt(guess);
  const instant = guess - offsetAt(first);
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? null : date;
}
