/**
 * The rating summary the studio keeps (api-contract.md, "Studio": PUT
 * /api/staff/studio/rating) and the stars beside it and beside a review:
 * "4.9 out of 5 from 212 Google reviews, November 2026", with a link to where
 * it was read. It is the figure a review site shows, copied by a manager on
 * the day they read it; the site never marks it up as its own AggregateRating
 * (decision 0066). Pure: one schema for settings.yaml, the studio's form and
 * the API, with a message for each box.
 */
import { z } from "zod";
import { isCalendarDate, MONTHS } from "~/utils/dates";

/** A number typed in a form comes as text: "4.9" → 4.9; anything else is left for the schema to refuse. */
const numberFrom = (value: unknown) => (typeof value === "string" && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value === "" ? undefined : value);

const VALUE_WORDS = "Give the rating from 1 to 5, like 4.9";
const COUNT_WORDS = "Give how many reviews the rating is from, like 212";
const DATE_WORDS = "Give the day you read the rating, like 2026-11-20";

export const ratingSchema = z.object({
  source: z
    .string({ error: "Say where the rating is from, like Google" })
    .trim()
    .min(1, "Say where the rating is from, like Google")
    .max(40, "Please keep the source to 40 characters or fewer"),
  value: z.preprocess(
    numberFrom,
    z
      .number({ error: VALUE_WORDS })
      .min(1, VALUE_WORDS)
      .max(5, VALUE_WORDS)
      .refine((n) => Math.round(n * 10) === n * 10, "Give the rating to one decimal place, like 4.9"),
  ),
  count: z.preprocess(
    numberFrom,
    z.number({ error: COUNT_WORDS }).int("Give the number of reviews as a whole number, like 212").min(1, COUNT_WORDS).max(1_000_000, "That looks too many: give the number of reviews, like 212"),
  ),
  // A YAML reader may hand over a date as a Date: it is kept as the day it names.
  read_on: z.preprocess(
    (v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v),
    z.string({ error: DATE_WORDS }).trim().refine(isCalendarDate, DATE_WORDS),
  ),
  url: z
    .string({ error: "Give the link to the reviews, starting https://" })
    .trim()
    .max(500, "Please keep the link to 500 characters or fewer")
    .pipe(z.url({ protocol: /^https?$/, error: "Give the link to the reviews as a whole web address, starting https://" })),
});
export type Rating = z.output<typeof ratingSchema>;

/** The studio's form and the API: the schema, and no day after `today` (a rating is read, not foretold). */
export const ratingInputSchema = (today: string) =>
  ratingSchema.extend({ read_on: ratingSchema.shape.read_on.refine((day) => day <= today, "The day you read it cannot be after today") });

/** "November 2026": the month the rating was read, as the pages say it. */
export const ratingMonth = (readOn: string) => `${MONTHS[Number(readOn.slice(5, 7)) - 1]} ${readOn.slice(0, 4)}`;

/** "212 Google reviews", "1,204 Google reviews", "1 Google review". */
export const ratingCount = (rating: Pick<Rating, "count" | "source">) =>
  `${rating.count.toLocaleString("en-GB")} ${rating.source} review${rating.count === 1 ? "" : "s"}`;

/** "4.9 out of 5 from 212 Google reviews, November 2026": the summary in words. */
export const ratingWords = (rating: Rating) => `${rating.value.toFixed(1)} out of 5 from ${ratingCount(rating)}, ${ratingMonth(rating.read_on)}`;

export type StarShape = "full" | "half" | "empty";

/** Five stars for a figure from 0 to 5, to the nearest half: 4.9 → five full, 4.3 → four and a half, 3 → three. */
export function starShapes(value: number): StarShape[] {
  const halves = Math.round(Math.min(5, Math.max(0, value)) * 2);
  return Array.from({ length: 5 }, (_, i) => (halves >= 2 * (i + 1) ? "full" : halves === 2 * i + 1 ? "half" : "empty"));
}

/** "5 out of 5 stars", "1 out of 5 stars": what a review's stars say to someone who cannot see them. */
export const starsWords = (stars: number) => `${stars} out of 5 stars`;
