/**
 * What staff send about an applicant, checked the same way from the JSON API
 * and from the pages' forms. Pure: the forms validate with these in the browser.
 */
import { z } from "zod";
import { followUps } from "./applicant-views";
import { emailResponses } from "./format";
import { NOTE_MAX_LENGTH } from "./notes";
import { CONTROL_CHARACTERS_MESSAGE, isCleanText } from "~/utils/safe-text";

const note = z
  .string({ error: "A note is text" })
  .trim()
  .max(NOTE_MAX_LENGTH, `Please keep a note to ${NOTE_MAX_LENGTH} characters or fewer`)
  .refine((value) => isCleanText(value), CONTROL_CHARACTERS_MESSAGE);
const FOLLOW_UP_ERROR = "Follow-up must be '' (uncategorised), 'definitely', 'maybe' or 'no'";
const RESPONSE_ERROR = "Choose the 'unsuccessful' or the 'maybe' email";

export const NOTHING_TO_UPDATE = "Nothing to update: add a note or choose a different follow-up.";

/** PATCH /api/joinus-applicant/{id} */
export const applicantUpdateSchema = z.object({
  note: note.optional(),
  follow_up: z.enum(followUps, { error: FOLLOW_UP_ERROR }).optional(),
});

/** PATCH /api/joinus-email-response */
export const emailResponseSchema = z.object({
  ID: z.coerce.number({ error: "ID must be an applicant's id" }).int("ID must be an applicant's id").positive("ID must be an applicant's id"),
  EmailResponse: z.enum(emailResponses, { error: RESPONSE_ERROR }),
});

/** The follow-up radios on the page: a form can't send '' for a choice, so uncategorised has a name. */
export const followUpChoices = ["uncategorised", "definitely", "maybe", "no"] as const;
export const followUpFromChoice = (choice: (typeof followUpChoices)[number]) => (choice === "uncategorised" ? "" : choice);
export const choiceFromFollowUp = (followUp: string) => (followUp === "" ? "uncategorised" : followUp);

/** The detail page's update form. */
export const updateFormSchema = z.object({
  intent: z.literal("update"),
  note: note.optional(),
  follow_up: z.enum(followUpChoices, { error: "Choose a follow-up" }),
});

export const emailFormSchema = z.object({
  intent: z.literal("email"),
  response: z.enum(emailResponses, { error: RESPONSE_ERROR }),
});

export const ERASE_WORD = "ERASE";
export const eraseFormSchema = z.object({
  intent: z.literal("erase"),
  confirm: z
    .string({ error: `Type ${ERASE_WORD} to confirm` })
    .trim()
    .refine((v) => v.toUpperCase() === ERASE_WORD, `Type ${ERASE_WORD} to confirm`),
});
