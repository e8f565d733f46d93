/**
 * The studio's forms and API bodies: one zod schema for each, shared by the
 * page (in the browser and its action) and the API. Client-safe. The stored
 * result is checked again, whole, by the content loader's own schemas.
 */
import { z } from "zod";
import { requiredText } from "~/modules/fields/form-fields";
import { categoryCode, OFFER_AUDIENCES, offerCategories } from "~/modules/offers/offer-terms";
import { publishAtFieldSchema, publishAtSchema } from "~/modules/site/publish-at";
import { isCalendarDate } from "~/utils/dates";

/** A form's empty box is "not given"; a form's number comes as text; a tick box sends "on" when ticked, nothing when not. */
export const blankIsMissing = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
/**
 * Words that must be given, up to a number of characters, with no hidden control characters, as every form's.
 * A blank box is a missing one, so a form's checks across its fields (an offer's dates) wait until it is given.
 */
export const words = (missing: string, max: number, tooLong?: string) => z.preprocess(blankIsMissing, requiredText(missing, max, tooLong));
/** A box that may be left blank: blank (or null) is null, "take it off". */
const blankIsNull = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === null || (typeof v === "string" && v.trim() === "") ? null : v), schema.nullable());
export const ticked = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());
const numberFrom = (value: unknown) => {
  const given = blankIsMissing(value);
  if (typeof given !== "string") return given;
  const cleaned = given.trim().replace(/^£/, "");
  return /^-?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : given;
};

export const pounds = (what: string) =>
  z.preprocess(
    numberFrom,
    z
      .number({ error: `Give the ${what} in pounds, like 14 or 14.50` })
      .min(0, `The ${what} cannot be below £0`)
      .max(10000, `The ${what} looks too high: give it in pounds, like 14 or 14.50`)
      .refine((n) => Math.round(n * 100) === n * 100, `Give the ${what} to the penny at most, like 14.50`),
  );
export const minutes = z.preprocess(
  numberFrom,
  z
    .number({ error: "Give the chair time in minutes, processing included, like 45" })
    .int("Give the chair time in whole minutes, like 45")
    .min(5, "The chair time is at least 5 minutes")
    .max(600, "The chair time is at most 600 minutes (10 hours)"),
);
export const serviceName = words("Give the service a name", 80, "Please keep the name to 80 characters or fewer");
/** A whole web address whose protocol matches `protocol`, up to 500 characters; `missing`: the words for a box with no text in it. */
export const webAddress = (what: string, protocol: RegExp, missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .max(500, "Please keep the link to 500 characters or fewer")
    .pipe(z.url({ protocol, error: `Give the ${what} as a whole web address, starting https://` }));
/**
 * A page of the salon's booking platform that may be left out (a stylist's
 * own, a consultation's): a whole https address; a blank box, or null, takes it off.
 */
export const optionalBookingLink = (what: string) => blankIsNull(webAddress(what, /^https$/, `Give the ${what} as a whole web address, starting https://`));
const flag = (words: string) => z.preprocess((v) => (v === "true" || v === "on" ? true : v === "false" ? false : v), z.boolean({ error: words }));
const category = (low: number, words: string) => z.preprocess(numberFrom, z.number({ error: words }).int(words).min(low, words).max(6, words));

/** POST /api/staff/studio/services. */
export const serviceCreateSchema = z.object({
  service: serviceName,
  price: pounds("price"),
  product_price: pounds("product price"),
  cat1: category(1, "Choose the part of the price list it goes in"),
  cat2: category(0, "Choose where it goes in the calculator (0 to 6)"),
  minutes,
});
export type ServiceCreate = z.infer<typeof serviceCreateSchema>;

/** PATCH /api/staff/studio/services/{id}: any of these (its place in the price list stays). */
export const servicePatchSchema = serviceCreateSchema.omit({ cat1: true, cat2: true }).extend({ hidden: flag("Say whether it is hidden: true or false") }).partial();
export type ServicePatch = z.infer<typeof servicePatchSchema>;

export const levelName = words("Give the level a name", 40, "Please keep the name to 40 characters or fewer");
export const levelDescription = words("Say in a sentence what this level means to a client", 300, "Please keep the description to 300 characters or fewer");
export const levelPatchSchema = z.object({ name: levelName, description: levelDescription }).partial();
export type LevelPatch = z.infer<typeof levelPatchSchema>;


const WHOLE_POUNDS = "The salon charges whole pounds: give the price like 20";
/** One level's price of a service, as the price list shows it: whole pounds. */
export const levelPriceSchema = z.object({
  level: z.coerce.number().int().positive(),
  price: z.preprocess(numberFrom, z.number({ error: WHOLE_POUNDS }).int(WHOLE_POUNDS).min(0, WHOLE_POUNDS).max(10000, "That price looks too high: give it in pounds, like 20")),
});
export type LevelPriceAsked = z.infer<typeof levelPriceSchema>;

/**
 * A service's form on the price-list page: every box filled (a blank is a
 * mistake, not "unchanged"); the price as each level charges it, from which
 * the base price is worked out (price-list.ts).
 */
export const serviceFormSchema = z.object({
  id: z.coerce.number().int().positive(),
  service: serviceName,
  prices: z.array(levelPriceSchema, { error: "Give the price at each level" }).min(1, "Give the price at each level"),
  product_price: pounds("product price"),
  minutes,
  hidden: ticked,
});

/** A level's form: its name and description. */
export const levelFormSchema = z.object({ id: z.coerce.number().int().positive(), name: levelName, description: levelDescription });

/** The history page's undo button. */
export const undoFormSchema = z.object({ id: z.coerce.number().int().positive() });

// The team.

const personName = (what: string) => words(`Give their ${what}`, 40, `Please keep the ${what} to 40 characters or fewer`);
const paragraph = (required: string) => words(required, 700, "Please keep each paragraph to 700 characters or fewer");
/** Optional words: a blank box takes them off (null). */
const optionalWords = (max: number) => blankIsNull(z.string({ error: "Write it as words" }).trim().max(max, `Please keep this to ${max} characters or fewer`));
const choiceId = (words: string) => z.preprocess(numberFrom, z.number({ error: words }).int(words).positive(words));

/** PATCH /api/staff/studio/stylists/{slug}: any of these; a blank role, favourite style, second or third paragraph or booking link takes it off. */
export const stylistPatchSchema = z
  .object({
    first_name: personName("first name"),
    last_name: personName("last name"),
    level: choiceId("Choose one of the levels"),
    salon: choiceId("Choose one of the salons"),
    role: optionalWords(60),
    favourite_style: optionalWords(80),
    para_1: paragraph("Write a first paragraph about them"),
    para_2: optionalWords(700),
    para_3: optionalWords(700),
    booking_url: optionalBookingLink("stylist's booking link"),
    taking_new_clients: flag("Say whether they are taking new clients: true or false"),
    hidden: flag("Say whether they are hidden: true or false"),
  })
  .partial();
export type StylistPatch = z.infer<typeof stylistPatchSchema>;

/**
 * POST /api/staff/studio/stylists: the rest can be added once they are on the
 * team. `hidden` keeps them off the site until a manager shows them (the
 * studio's own form always sends it).
 */
export const stylistCreateSchema = z.object({
  first_name: personName("first name"),
  last_name: personName("last name"),
  level: choiceId("Choose their level"),
  salon: choiceId("Choose one of the salons"),
  para_1: paragraph("Write a first paragraph about them"),
  hidden: flag("Say whether they are hidden: true or false").optional(),
});
export type StylistCreate = z.infer<typeof stylistCreateSchema>;

/** A form's box left blank arrives as nothing (Conform leaves empty text out): on the team page's form, that takes the words off (on the salons', the consultation link). */
export const blankTakesOff = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === undefined ? null : v), schema);

/** A stylist's form on the team page: every field; the boxes left blank take optional words off. */
export const stylistFormSchema = stylistPatchSchema.required().extend({
  role: blankTakesOff(optionalWords(60)),
  favourite_style: blankTakesOff(optionalWords(80)),
  para_2: blankTakesOff(optionalWords(700)),
  para_3: blankTakesOff(optionalWords(700)),
  booking_url: blankTakesOff(optionalBookingLink("stylist's booking link")),
  slug: z.string().min(1),
  taking_new_clients: ticked,
  hidden: ticked,
});

/** Showing a hidden stylist on the site. */
export const stylistShowFormSchema = z.object({ slug: z.string().min(1) });

/** Moving a stylist up or down the team page. */
export const stylistMoveFormSchema = z.object({ slug: z.string().min(1), direction: z.enum(["up", "down"]) });

// Posts.

const DAY_WORDS = "Give the date as YYYY-MM-DD, like 2027-03-01";
/** A day as YYYY-MM-DD that the calendar has (a post's date, an offer's first and last days). */
const isoDay = z.preprocess(blankIsMissing, z.string({ error: DAY_WORDS }).regex(/^\d{4}-\d{2}-\d{2}$/, DAY_WORDS).refine(isCalendarDate, "That date does not exist"));
const postTitle = words("Give the post a title", 120, "Please keep the title to 120 characters or fewer");
/** A post's words (alone: for the studio's live preview as they are typed). */
export const postBody = words("Write the post", 20000, "Please keep a post to 20,000 characters or fewer");
const postAuthor = words("Say who wrote it", 60, "Please keep the name to 60 characters or fewer");
const postImage = z.preprocess(blankIsMissing, z.string().regex(/^\/images\/blog\/[a-z0-9-]+\.svg$/, "Choose one of the blog's pictures").optional());

/** POST /api/staff/studio/posts (the body in Markdown). */
export const postCreateSchema = z.object({
  title: postTitle,
  body: postBody,
  author: postAuthor,
  date: isoDay.optional(),
  image: postImage,
  draft: flag("Say whether it is a draft: true or false").optional(),
  publish_at: publishAtSchema.optional(),
});
export type PostCreate = z.infer<typeof postCreateSchema>;

/** PATCH /api/staff/studio/posts/{slug}: any of them. */
export const postPatchSchema = postCreateSchema.partial();
export type PostPatch = z.infer<typeof postPatchSchema>;

/** A post's form on the posts page: written, previewed, saved as a draft or published. */
export const postFormSchema = z.object({
  slug: z.string().optional(),
  title: postTitle,
  body: postBody,
  author: postAuthor,
  date: isoDay,
  // "Publish at": a day and time on the salon's clock; blank, no schedule (decision 0059).
  publish_at: publishAtFieldSchema,
});

// Offers.

const offerTitle = words("Give the offer a title", 90, "Please keep the title to 90 characters or fewer");
const offerCode = blankIsNull(
  z
    .string({ error: "Give the code as letters and digits, like SPRING20" })
    .trim()
    .regex(/^[A-Za-z0-9-]{2,20}$/, "Give the code as 2 to 20 letters and digits, like SPRING20"),
);
const offerPercent = z.preprocess(
  numberFrom,
  z.number({ error: "Give the percentage off as a whole number, like 20" }).int("Give the percentage off as a whole number, like 20").min(1, "Give a percentage from 1 to 100").max(100, "Give a percentage from 1 to 100"),
);
const offerText = z.preprocess(
  blankIsMissing,
  z
    .string({ error: "Say what the offer is, in a sentence or two" })
    .trim()
    .min(50, "Say what the offer is in a sentence or two (at least 50 characters): search results show it")
    .max(3000, "Please keep the words to 3,000 characters or fewer"),
);

const offerAudience = z.enum(OFFER_AUDIENCES, { error: "Choose who the offer is for: new clients, returning clients or everyone" });
const SERVICES_WORDS = `Choose services by their number on the price list, or parts of it: ${offerCategories.map((c) => c.label).join(", ")}`;
/**
 * The services an offer applies to: service ids, or parts of the price list
 * by name ("Colour", "colour", "Men's hair"), kept as their codes; none (or
 * a form's single tick, or no tick) as an array.
 */
const offerServices = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
  z
    .array(
      z.union([z.number(), z.string()]).transform((v, ctx) => {
        if (typeof v === "number" || /^\d+$/.test(v.trim())) {
          const n = Number(v);
          if (Number.isInteger(n) && n > 0) return n;
        } else {
          const code = categoryCode(v);
          if (code) return code;
        }
        ctx.addIssue({ code: "custom", message: SERVICES_WORDS });
        return z.NEVER;
      }),
      { error: SERVICES_WORDS },
    )
    .max(60, "Please choose at most 60 services")
    .transform((list) => [...new Set(list)]),
);
/** The offer's own small print: a line each; a blank box takes it off. */
const offerSmallPrint = z.preprocess(
  (v) => (v === null || v === undefined ? "" : v),
  z.string({ error: "Write the small print as words, a line each" }).max(1000, "Please keep the small print to 1,000 characters or fewer"),
);

const offerFields = z.object({ title: offerTitle, code: offerCode, percent: offerPercent, startDate: isoDay, endDate: isoDay, text: offerText, audience: offerAudience, services: offerServices, small_print: offerSmallPrint });
const offerRunsForward = { message: "The offer ends before it starts", path: ["endDate"] };
/** `publishAt` as given: optional for the API; the form's box is always read (a blank box arrives as nothing, and clears it). */
const offerCreate = <P extends z.ZodType>(publishAt: P) =>
  offerFields
    .partial({ code: true, startDate: true, endDate: true, services: true, small_print: true })
    .extend({ audience: offerAudience.default("everyone"), publish_at: publishAt })
    .refine((o) => !o.startDate || !o.endDate || o.startDate <= o.endDate, offerRunsForward);
const offerPatch = <P extends z.ZodType>(publishAt: P) =>
  offerFields
    .partial()
    .extend({ publish_at: publishAt })
    .refine((o) => !o.startDate || !o.endDate || o.startDate <= o.endDate, offerRunsForward);

/**
 * POST /api/staff/studio/offers. The words may use the price placeholders ({{starterFrom}}) and the settings' ({{phone}}).
 * `publish_at`: before it the offer is a draft to the public (decision 0059); its days still say when it runs.
 */
export const offerCreateSchema = offerCreate(publishAtSchema.optional());
export type OfferCreate = z.infer<typeof offerCreateSchema>;

/** PATCH /api/staff/studio/offers/{slug}: any of them; a blank code takes it off, a null publish_at publishes it at once. */
export const offerPatchSchema = offerPatch(publishAtSchema.optional());
export type OfferPatch = z.infer<typeof offerPatchSchema>;

/**
 * The stylist level an offer is for, by its id in levels.yaml (decision 0070): offers alike but for their levels
 * share one card. Chosen in the studio's form (blank: not one level); the API leaves it as the file has it.
 */
const offerLevel = z.preprocess(
  (v) => (v === null || v === "" ? null : numberFrom(v)),
  z.number({ error: "Choose a level from the list" }).int("Choose a level from the list").positive("Choose a level from the list").nullable(),
);
export type OfferLevel = { level?: number | null };

/** The studio page's offer forms: the same, with "Publish at" as the salon's clock shows it (blank: at once), and the level. */
export const offerCreateFormSchema = offerCreate(publishAtFieldSchema).safeExtend({ level: offerLevel.optional() });
export const offerPatchFormSchema = offerPatch(publishAtFieldSchema).safeExtend({ level: offerLevel.optional() });
