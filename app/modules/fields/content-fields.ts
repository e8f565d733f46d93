/**
 * The field rules the content files share (what counts as text, an id, a slug,
 * a date or a link) and the error a mistake in a content file raises. The
 * bottom of the module order: the catalogue, the pictures, the offers and the
 * site's content all build on these.
 */
import { z } from "zod";
import { parseSalonDate } from "~/utils/dates";

export const text = z.string().trim().min(1);
export const id = z.number().int().positive();
export const isoDate = z
  .union([z.string(), z.date()])
  .transform((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v))
  .pipe(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a date as YYYY-MM-DD"));
export const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "lower-case letters, digits and hyphens");
export const sitePath = z.string().regex(/^\/[^\s]*$/, "a path on this site, starting with /");
export const link = z.union([z.url(), sitePath]);
/** A booking platform's page: a whole https address (a visitor's booking never goes over plain http). */
export const httpsLink = z.url({ protocol: /^https$/, error: "a whole web address starting https://" });
/** A date the salon writes day first ("31/01/27", "31/01/2027") or as YYYY-MM-DD; kept as written (the small print shows it). */
export const salonDate = z
  .union([z.string(), z.date()])
  .transform((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v.trim()))
  .refine((v) => parseSalonDate(v) !== null, "a date, day first like 31/01/27, or as YYYY-MM-DD");

/** A mistake in content/: the message names the file and the field. */
export class ContentError extends Error {}
