/**
 * Counting visits without slowing pages down (decision 0031): every counted
 * request adds one to a number in this process's memory; the numbers are
 * added to the database's per-day counters every few seconds, and when the
 * site stops, in one transaction of upserts. Several instances on one
 * database each add their own share. Nothing but a day, a path or step name,
 * and a count is kept. Booking clicks are counted at most once per view of the
 * quote's page they come from (booking-views.ts, decision 0051).
 */
import { createHmac, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "~/.server/db/schema";
import { BookingViews } from "./booking-views";
import { FUNNEL_STEPS, isFunnelStep, type FunnelStep } from "./visit-rules";
import { addDaysIso, isCalendarDate, salonToday } from "~/utils/dates";

type Kind = "page" | "funnel";
/** One counter: a day's count of a page or a funnel step. */
type Counter = { day: string; kind: Kind; key: string; count: number };

/** How often counts are written, and how many distinct counters are held before writing anyway. */
export const VISIT_FLUSH_MS = 10_000;
const MAX_PENDING_KEYS = 2_000;

export class VisitCounter {
  private pending = new Map<string, Counter>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private readonly bookingViews = new BookingViews();
  /** This process's own key for quote pages' view keys: made at start, never stored or sent. */
  private readonly viewKeySecret = randomBytes(32);

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: { onError?: (error: unknown) => void } = {},
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), VISIT_FLUSH_MS);
    this.timer.unref();
  }

  pageView(path: string): void {
    this.add("page", path);
  }

  funnel(step: FunnelStep): void {
    this.add("funnel", step);
  }

  /**
   * The view key of a saved quote's page: what its Book links carry (`view`),
   * and what a view of it is kept under. A keyed hash of the quote's link with
   * this process's own secret: it gives nothing of the link away, and means
   * nothing to another process (whose views it does not know either).
   */
  quoteViewKey(link: string): string {
    return createHmac("sha256", this.viewKeySecret).update(link).digest("base64url").slice(0, 22);
  }

  /** A counted view of a saved quote's page: one click on its Book links may now be counted. */
  quotePageViewed(link: string): void {
    this.bookingViews.viewed(this.quoteViewKey(link));
  }

  /** A click on a quote's Book link: counted as "went on to book" when a view of its page is left to count it against. */
  bookingClick(viewKey: string | null): boolean {
    if (!this.bookingViews.click(viewKey)) return false;
    this.funnel("booking_clicks");
    return true;
  }

  /** The salon's date, worked out once a minute: formatting a date in a time zone costs more than the rest of counting. */
  private dayOf = { minute: -1, day: "" };

  private add(kind: Kind, key: string): void {
    const now = new Date();
    const minute = Math.floor(now.getTime() / 60_000);
    if (minute !== this.dayOf.minute) this.dayOf = { minute, day: salonToday(now) };
    this.count({ day: this.dayOf.day, kind, key, count: 1 });
    if (this.pending.size >= MAX_PENDING_KEYS) void this.flush();
  }

  /** Adds `row`'s count to its counter, held until the next flush. */
  private count(row: Counter): void {
    const id = `${row.day}\n${row.kind}\n${row.key}`;
    const entry = this.pending.get(id);
    if (entry) entry.count += row.count;
    else this.pending.set(id, row);
  }

  /** Writes what is counted so far. Flushes run one after another; a failed one keeps its counts for the next. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    try {
      await this.db.transaction().execute(async (trx) => {
        for (const row of batch) {
          await trx
            .insertInto("visit_counts")
            .values(row)
            .onConflict((oc) => oc.columns(["day", "kind", "key"]).doUpdateSet((eb) => ({ count: eb("visit_counts.count", "+", eb.ref("excluded.count")) })))
            .execute();
        }
      });
    } catch (error) {
      // Put the counts back: they are written with the next flush.
      for (const row of batch) this.count(row);
      this.options.onError?.(error);
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}

/** Every day from `from` to `to`, both included (YYYY-MM-DD). */
function daysBetween(from: string, to: string): string[] {
  return Array.from({ length: (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1 }, (_, i) => addDaysIso(`${from}T12:00:00Z`, i).slice(0, 10));
}

/** Page views per day (every day of the range, zeros included), per page (most viewed first) and the funnel's totals. */
export async function visitReport(db: Kysely<Database>, from: string, to: string) {
  const rows = await db.selectFrom("visit_counts").select(["day", "kind", "key", "count"]).where("day", ">=", from).where("day", "<=", to).execute();
  const perDay = new Map<string, number>();
  const perPage = new Map<string, number>();
  const funnel = Object.fromEntries(FUNNEL_STEPS.map((step) => [step, 0])) as Record<FunnelStep, number>;
  for (const row of rows) {
    const count = Number(row.count);
    if (row.kind === "page") {
      perDay.set(row.day, (perDay.get(row.day) ?? 0) + count);
      perPage.set(row.key, (perPage.get(row.key) ?? 0) + count);
    } else if (isFunnelStep(row.key)) {
      funnel[row.key] += count;
    }
  }
  return {
    days: daysBetween(from, to).map((date) => ({ date, page_views: perDay.get(date) ?? 0 })),
    pages: [...perPage].map(([path, views]) => ({ path, views })).sort((a, b) => b.views - a.views || a.path.localeCompare(b.path)),
    funnel,
  };
}

/** The report's range from the query (`from`, `to`), or the last 30 days to today; null when it does not make sense. */
export function reportRange(query: { from?: string | null; to?: string | null }, today: string): { from: string; to: string } | null {
  const to = query.to || today;
  // A malformed end has no 29 days before it to count back from.
  if (!isCalendarDate(to)) return null;
  const from = query.from || addDaysIso(`${to}T12:00:00Z`, -29).slice(0, 10);
  if (!isCalendarDate(from) || from > to) return null;
  // At most about a year and a half at once: the chart has a bar a day.
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 > 550) return null;
  return { from, to };
}
