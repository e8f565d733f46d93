/**
 * The forms of the studio's salons, words and reviews pages: one zod schema
 * each, shared by the page in the browser and its action. Client-safe. What
 * is stored is checked again, whole, by the content loader's own schemas.
 */
import { z } from "zod";
import { CODE_WORD_KEYS, emailWordsProblem, LANDING_SECTIONS } from "~/modules/site/words";
import { blankIsMissing, blankTakesOff, optionalBookingLink, ticked, webAddress, words } from "./studio-forms";

export const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
export type Day = (typeof DAYS)[number];

/** "9", "9:00", "09:00", "9.30", "17:30" → "09:00", "09:30", "17:30"; anything else is left for the error. */
export function normaliseTime(value: string): string | null {
  const match = /^\s*(\d{1,2})(?:[:.](\d{2}))?\s*$/.exec(value);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2] ?? "0");
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
}

const TIME_WORDS = "Give the time on the 24-hour clock, like 9:00 or 17:30";
const time = z.preprocess(blankIsMissing, z.string({ error: TIME_WORDS }).transform((v, ctx) => normaliseTime(v) ?? (ctx.addIssue({ code: "custom", message: TIME_WORDS }), z.NEVER)));

/** One day's boxes: closed, or both times with closing after opening. */
const dayFields = Object.fromEntries(DAYS.flatMap((day) => [[`${day}_closed`, ticked], [`${day}_opens`, time.optional()], [`${day}_closes`, time.optional()]])) as Record<string, z.ZodType>;

export interface DayHours {
  day: Day;
  opens: string | null;
  closes: string | null;
}

/** The opening-hours form: the week, each day closed or open from a time to a later one. */
export const hoursFormSchema = z
  .object(dayFields)
  .superRefine((value, ctx) => {
    const v = value as Record<string, unknown>;
    for (const day of DAYS) {
      if (v[`${day}_closed`] === true) continue;
      if (v[`${day}_opens`] === undefined) ctx.addIssue({ code: "custom", path: [`${day}_opens`], message: `Give the time it opens on ${day}, or tick Closed` });
      if (v[`${day}_closes`] === undefined) ctx.addIssue({ code: "custom", path: [`${day}_closes`], message: `Give the time it closes on ${day}, or tick Closed` });
      const opens = v[`${day}_opens`] as string | undefined;
      const closes = v[`${day}_closes`] as string | undefined;
      if (opens && closes && closes <= opens) ctx.addIssue({ code: "custom", path: [`${day}_closes`], message: "It must close after it opens" });
    }
  })
  .transform((value) => {
    const v = value as Record<string, unknown>;
    return DAYS.map((day): DayHours => (v[`${day}_closed`] === true ? { day, opens: null, closes: null } : { day, opens: v[`${day}_opens`] as string, closes: v[`${day}_closes`] as string }));
  });

const phone = z.preprocess(
  blankIsMissing,
  z
    .string({ error: "Give the phone number clients ring, like 01632 960 587" })
    .trim()
    .max(30, "Please keep the phone number to 30 characters or fewer")
    .regex(/^\+?[\d ()-]{6,}$/, "Give the phone number in digits, like 01632 960 587"),
);
const webLink = (what: string) => z.preprocess(blankIsMissing, webAddress(what, /^https?$/, `Give the ${what}, starting https://`));

/** The school's own address, phone and booking links (settings.yaml). */
export const schoolContactFormSchema = z.object({
  phone,
  street: words("Give the street, like 4 Kiln Yard", 80),
  town: words("Give the town", 60),
  postcode: words("Give the postcode", 12),
  booking: webLink("booking link"),
  skinTest: webLink("skin-test booking link"),
  consultation: blankTakesOff(optionalBookingLink("consultation booking link")),
});
export type SchoolContact = z.infer<typeof schoolContactFormSchema>;

/** A sister salon's phone and booking links (salons.yaml). */
export const sisterContactFormSchema = z.object({
  salon: z.coerce.number().int().positive(),
  phone,
  url: webLink("booking link"),
  skinTest: webLink("skin-test booking link"),
  consultation: blankTakesOff(optionalBookingLink("consultation booking link")),
});
export type SisterContact = z.infer<typeof sisterContactFormSchema>;

/** A landing-page section's words: heading, paragraphs (a blank line between them) and, for some, the button. */
export const landingFormSchema = z.object({
  section: z.enum(LANDING_SECTIONS),
  heading: words("Give the section a heading", 80),
  body: words("Write at least one sentence", 1200).transform((v) =>
    v
      .split(/\r?\n\s*\r?\n/)
      .map((p) => p.replace(/\s*\r?\n\s*/g, " ").trim())
      .filter(Boolean),
  ),
  button: z.preprocess(blankIsMissing, z.string().trim().max(40, "Please keep the button to 40 characters or fewer").optional()),
});
export type LandingWords = z.infer<typeof landingFormSchema>;

/** One sentence the code has a default for: new words, or back to the default. */
export const codeWordFormSchema = z.discriminatedUnion("intent", [
  z
    .object({ intent: z.literal("word"), key: z.enum(CODE_WORD_KEYS), text: words("Write the words, or use the default", 400) })
    .superRefine((value, ctx) => {
      const problem = emailWordsProblem(value.key, value.text);
      if (problem) ctx.addIssue({ code: "custom", path: ["text"], message: problem });
    }),
  z.object({ intent: z.literal("word-default"), key: z.enum(CODE_WORD_KEYS) }),
]);

const REVIEW_WORDS = "Write what the client said";
/** A new review: the client's words, their name as they agreed to show it, and the stylist. */
export const reviewAddFormSchema = z.object({
  review: words(REVIEW_WORDS, 700),
  client: words("Give the client's name as they agreed to show it, like Maren T.", 40),
  stylist: z.preprocess(blankIsMissing, z.string({ error: "Choose the stylist it is about" }).min(1, "Choose the stylist it is about")),
  // The star figure the client gave, when they gave one: left empty, the review shows no stars.
  stars: z.preprocess(blankIsMissing, z.coerce.number().int().min(1, "Choose from 1 to 5 stars, or none").max(5, "Choose from 1 to 5 stars, or none").optional()),
});
export type ReviewAdd = z.infer<typeof reviewAddFormSchema>;

/** Hiding, showing or moving a review, found by its place and its client (so a review moved meanwhile is not the one changed). */
export const reviewActFormSchema = z.object({
  at: z.coerce.number().int().min(0),
  client: z.string().min(1),
  act: z.enum(["hide", "show", "up", "down"]),
});
