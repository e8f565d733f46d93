/**
 * Publishing on time (issue 33, decision 0059): posts, offers and news items
 * may carry a publish moment (`publish_at`, an ISO 8601 UTC instant). Before
 * it the item is a draft to the public; from it on it is public, compared with
 * the time each request is asked at, so nothing is written at that moment.
 * The rules every kind shares, and how the API and the staff forms read a
 * moment. Pure.
 */
import { z } from "zod";
import { formatReceived, parseSalonDate, salonDateAndTime, salonLocalToInstant } from "~/utils/dates";

/** Whether an item with this publish moment still waits for it at `now` (no moment: it never waits). */
export function waitsAt(publishAt: string | null | undefined, now: Date): boolean {
  return typeof publishAt === "string" && Date.parse(publishAt) > now.getTime();
}

/** The items public at `now`, in their order: those with no moment, or whose moment has come. */
export function publicAt<T extends { publish_at?: string | null | undefined }>(items: readonly T[], now: Date): T[] {
  return items.filter((item) => !waitsAt(item.publish_at, now));
}

/**
 * How many of the moments have passed at `now`: part of the page caches' key
 * (`SiteSnapshot.pageRevision`), so a page kept before a moment is made again
 * after it, and nothing extra between moments.
 */
export function passedMoments(moments: readonly string[], now: number): number {
  return moments.filter((moment) => Date.parse(moment) <= now).length;
}

/** The API's publish time: an ISO 8601 date and time with its offset (kept as UTC), or null for no schedule. */
export const publishAtSchema = z
  .iso.datetime({ offset: true, error: "Give the publish time as an ISO 8601 date and time, like 2027-03-01T09:00:00Z, or null" })
  .transform((v) => new Date(v).toISOString())
  .nullable();

/**
 * The staff forms' "Publish at" field: a date and time as the salon's clock
 * shows them ("2027-03-01T09:00", what a date-and-time box sends), kept as UTC;
 * blank: no schedule (null), so clearing the box publishes at once.
 */
export const publishAtFieldSchema = z.preprocess(
  (value) => (value === undefined || (typeof value === "string" && value.trim() === "") ? null : value),
  z
    .string({ error: "Choose the day and time it goes on the website" })
    .trim()
    .transform((value, ctx) => {
      const instant = salonLocalToInstant(value.slice(0, 16));
      // A day that does not exist (30 February) would roll over into March: refused.
      if (!instant || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value) || parseSalonDate(value.slice(0, 10)) === null) {
        ctx.addIssue({ code: "custom", message: "Choose the day and time it goes on the website" });
        return z.NEVER;
      }
      return instant.toISOString();
    })
    .nullable(),
);

/** What a date-and-time box shows for a moment: "2027-03-01T09:00" on the salon's clock ("" for none). */
export function publishAtFieldValue(publishAt: string | null | undefined): string {
  if (!publishAt) return "";
  const { date, time } = salonDateAndTime(new Date(publishAt));
  return `${date}T${time}`;
}

/** "Scheduled: Mon, 1 Mar 2027, 09:00": how the studio marks an item that waits, on the salon's clock. */
export function scheduledWords(publishAt: string): string {
  return `Scheduled: ${formatReceived(publishAt)}`;
}

export type ScheduledKind = "post" | "offer" | "news";
export interface ScheduledItem {
  kind: ScheduledKind;
  /** The post's, offer's or news item's slug: where its studio page shows it. */
  slug: string;
  title: string;
  /** The moment, UTC ISO 8601. */
  publishAt: string;
  /** "Mon, 1 Mar 2027, 09:00", on the salon's clock. */
  when: string;
}

/** What waits for its publish moment at `now`, soonest first: the staff desk's "Scheduled" (issue 33). */
export function scheduledItems(items: readonly { kind: ScheduledKind; slug: string; title: string; publish_at?: string | null | undefined }[], now: Date): ScheduledItem[] {
  return items
    .filter((item) => waitsAt(item.publish_at, now))
    .map((item) => ({ kind: item.kind, slug: item.slug, title: item.title, publishAt: item.publish_at!, when: formatReceived(item.publish_at!) }))
    .sort((a, b) => Date.parse(a.publishAt) - Date.parse(b.publishAt));
}
