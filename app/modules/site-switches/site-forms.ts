/**
 * The site page's forms (/staff/site), checked in the browser and again by
 * the route's action, with the same rules as the API. Pure.
 */
import { z } from "zod";
import { publishAtFieldSchema } from "~/modules/site/publish-at";
import { endDateSchema, newsCreateSchema, newsUpdateSchema } from "./site-switches";

export const offersFormSchema = z.object({
  intent: z.literal("offers"),
  hideOffers: z.enum(["true", "false"], { error: "Choose to show or hide the offers" }).transform((v) => v === "true"),
});

export const endDateFormSchema = z.object({ intent: z.literal("end-date"), endDate: endDateSchema() });

/** A form sends every field; an empty picture means a new drawing of its own, an empty "Publish at" on the shop page at once. */
export const newsAddFormSchema = newsCreateSchema.extend({ intent: z.literal("news-add"), publish_at: publishAtFieldSchema });

const slug = z.string({ error: "Choose a news item" }).trim().min(1, "Choose a news item").max(100);

export const newsEditFormSchema = newsUpdateSchema.extend({ intent: z.literal("news-edit"), slug, publish_at: publishAtFieldSchema });

export const newsRemoveFormSchema = z.object({ intent: z.literal("news-remove"), slug });
