/**
 * Booking clicks at most once per view of a quote's page (decision 0051). Each
 * counted view of a saved quote's page leaves one click to be counted against
 * that page's view key (the value its Book links carry); a click takes one if
 * one is left, and is counted only then. So 20 requests to a Book link after
 * one view count once, two views count twice, and a link nobody viewed (a
 * script's, a forged or an old one) counts nothing. Kept in this process's
 * memory only, for a while after the last view, with no more than `maxKept`
 * pages at once: a view key and a number, nothing about the visitor.
 */

/** How long after a view of a quote's page a click on its Book link is counted. */
export const BOOKING_VIEW_KEEP_MS = 30 * 60 * 1000;
/** The most quote pages whose views are kept at once (the least recently viewed make way). */
export const BOOKING_VIEWS_KEPT = 10_000;

/** What a Book link's view key looks like (visits.server.ts makes them): anything else is never looked up. */
export const VIEW_KEY_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export interface BookingViewsOptions {
  keepMs?: number;
  maxKept?: number;
  now?: () => number;
}

export class BookingViews {
  /** Per view key: the views not yet followed by a counted click, and until when they count. In order of the last view. */
  private readonly views = new Map<string, { left: number; until: number }>();
  private readonly keepMs: number;
  private readonly maxKept: number;
  private readonly now: () => number;

  constructor(options: BookingViewsOptions = {}) {
    this.keepMs = options.keepMs ?? BOOKING_VIEW_KEEP_MS;
    this.maxKept = options.maxKept ?? BOOKING_VIEWS_KEPT;
    this.now = options.now ?? Date.now;
  }

  /** One more view of the page whose Book links carry `key`. */
  viewed(key: string): void {
    const now = this.now();
    const entry = this.views.get(key);
    const left = entry && entry.until > now ? entry.left + 1 : 1;
    // Deleted and set again: the map stays in the order of the last view, so the first is the one to let go.
    this.views.delete(key);
    this.views.set(key, { left, until: now + this.keepMs });
    for (const oldest of this.views.keys()) {
      if (this.views.size <= this.maxKept) break;
      this.views.delete(oldest);
    }
  }

  /** A click on a Book link carrying `key`: true (and one view used) when a view of its page is left to count it against. */
  click(key: string | null | undefined): boolean {
    if (!key || !VIEW_KEY_PATTERN.test(key)) return false;
    const entry = this.views.get(key);
    if (!entry) return false;
    if (entry.until <= this.now() || entry.left <= 0) {
      this.views.delete(key);
      return false;
    }
    entry.left--;
    if (entry.left === 0) this.views.delete(key);
    return true;
  }

  /** How many pages' views are kept now. */
  get size(): number {
    return this.views.size;
  }
}
