/**
 * The site's day-to-day switches that staff set from the staff desk: offers
 * shown or hidden, the offers' end date, and the shop news. The content files
 * give each one's default; a staff member's choice overrides it until someone
 * puts the files' values back. Pure: dates, rules and the shapes the API and
 * the forms share.
 */
import { z } from "zod";
import type { NewsItem } from "~/modules/site/shop.server";
import { publishAtSchema } from "~/modules/site/publish-at";
import { parseSalonDate, salonToday } from "~/utils/dates";

export const END_DATE_INVALID = "Enter the end date as a date, like 2027-01-31";
export const END_DATE_PAST = "The end date can't be in the past";
export const HIDE_OFFERS_INVALID = "hideOffers must be true or false";

/** A real date (YYYY-MM-DD, where the salon is), with `message` for anything else. */
const salonDate = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((v) => parseSalonDate(v) !== null, message);

/** An end date from a person: a real date, today or later (where the salon is). */
export function endDateSchema(now: () => Date = () => new Date()) {
  return salonDate(END_DATE_INVALID).refine((v) => v >= salonToday(now()), END_DATE_PAST);
}

/** PATCH /api/staff/settings */
export function settingsPatchSchema(now?: () => Date) {
  return z.object({
    hideOffers: z.boolean({ error: HIDE_OFFERS_INVALID }).optional(),
    endDate: endDateSchema(now).optional(),
  });
}
export type SettingsPatch = z.output<ReturnType<typeof settingsPatchSchema>>;

/** The values in force, with where each came from. */
export interface SiteSwitches {
  hideOffers: boolean;
  /** YYYY-MM-DD */
  endDate: string;
  /** As the small print shows it: the file's own text, or a staff member's date as dd/MM/yy. */
  endDateText: string;
  /** Who set each value and when; null where the content file's value holds. */
  setBy: Record<SwitchKey, { by: string; at: string } | null>;
}

export const switchKeys = ["hideOffers", "endDate", "news"] as const;
export type SwitchKey = (typeof switchKeys)[number];

/** The content files' values: settings.yaml's hideOffers and endDate. */
export interface FileSwitches {
  hideOffers: boolean;
  /** As written in settings.yaml, e.g. "31/01/27". */
  endDate: string;
}

export const fileSwitchesOf = ({ hideOffers, endDate }: FileSwitches): FileSwitches => ({ hideOffers, endDate });

// ---------------------------------------------------------------------------
// Shop news

export const NEWS_TITLE_MAX = 120;
export const NEWS_TEXT_MAX = 1000;

/** "Title", "Text": required, and at most `max` characters. */
const requiredWords = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(max, `Please keep the ${name.toLowerCase()} to ${max} characters or fewer`);
const newsTitle = requiredWords("Title", NEWS_TITLE_MAX);
const newsText = requiredWords("Text", NEWS_TEXT_MAX);
export const NEWS_DATE_INVALID = "Enter the date as a date, like 2026-11-22";
const newsDate = salonDate(NEWS_DATE_INVALID);
const newsImage = z.string({ error: "Choose a picture" }).trim().min(1, "Choose a picture").max(300, "Choose a picture");

/**
 * POST /api/staff/news-items: the date defaults to today and the picture to a new drawing of its own;
 * `publish_at` keeps it off the shop page until its moment (decision 0059).
 */
export const newsCreateSchema = z.object({ title: newsTitle, text: newsText, date: newsDate.optional(), image: newsImage.optional(), publish_at: publishAtSchema.optional() });
/** PATCH /api/staff/news-items/{slug}: any of the fields; a null publish_at puts it on the shop page at once. */
export const newsUpdateSchema = newsCreateSchema.partial();
export type NewsCreate = z.output<typeof newsCreateSchema>;
export type NewsUpdate = z.output<typeof newsUpdateSchema>;

/** A news item as the staff's API and pages have it: the content schema's shape, with its publish moment (UTC ISO 8601) or null. */
export type NewsItemRecord = Omit<NewsItem, "publish_at"> & { publish_at: string | null };

/** "Christmas gift sets are here!" → "christmas-gift-sets-are-here" (at most 60 characters). */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
  return slug || "news";
}

/** The first of slug, slug-2, slug-3 … not already taken. */
export function uniqueSlug(wanted: string, taken: ReadonlySet<string>): string {
  if (!taken.has(wanted)) return wanted;
  for (let n = 2; ; n++) if (!taken.has(`${wanted}-${n}`)) return `${wanted}-${n}`;
}

/** A picture of its own for a news item: content/images/news/{slug}.jpg once added, a plain tile until then. */
export const ownDrawing = (slug: string) => `/images/news/${slug}.svg`;

/** "/images/news/click-and-collect.svg" → "click-and-collect": a picture's name for the picker. */
export function pictureName(path: string): string {
  return (path.split("/").pop() ?? path).replace(/\.[a-z0-9]+$/i, "").replace(/-/g, " ");
}

/** Newest first; the same date by title. */
export const newestNewsFirst = (a: Pick<NewsItemRecord, "date" | "title">, b: Pick<NewsItemRecord, "date" | "title">) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title);

export const UNKNOWN_PICTURE = "Choose one of the site's own pictures";
