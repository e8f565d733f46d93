/**
 * What staff send about an applicant, checked the same way from the JSON API
 * and from the pages' forms. Pure: the forms validate with these in the browser.
 */
import { z } from "zod";
import { followUps } from "./applicant-views";
import { emailResponses } from "./format";
import { emailTemplateNames, type Placeholder } from "./email-templates";
import { formatInvitationWhen, minutesSchema, placeSchema, startsAtSchema } from "./invitations";
import { NOTE_MAX_LENGTH } from "./notes";
import { CONTROL_CHARACTERS_MESSAGE, isCleanText } from "~/utils/safe-text";
import { isCalendarDate } from "~/utils/dates";

const note = z
  .string({ error: "A note is text" })
  .trim()
  .max(NOTE_MAX_LENGTH, `Please keep a note to ${NOTE_MAX_LENGTH} characters or fewer`)
  .refine((value) => isCleanText(value), CONTROL_CHARACTERS_MESSAGE);
const FOLLOW_UP_ERROR = "Follow-up must be '' (uncategorised), 'definitely', 'maybe' or 'no'";
const RESPONSE_ERROR = "Choose the 'unsuccessful' or the 'maybe' email";

export const NOTHING_TO_UPDATE = "Nothing to update: add a note or choose a different follow-up.";

const REMIND_ON_ERROR = "Give the reminder date as YYYY-MM-DD, or null for none";
export const remindOnSchema = z.union([z.null(), z.string({ error: REMIND_ON_ERROR }).trim().refine(isCalendarDate, REMIND_ON_ERROR)], { error: REMIND_ON_ERROR });

/** PATCH /api/joinus-applicant/{id} */
export const applicantUpdateSchema = z.object({
  note: note.optional(),
  follow_up: z.enum(followUps, { error: FOLLOW_UP_ERROR }).optional(),
  remind_on: remindOnSchema.optional(),
});

/** The applicant page's "remind me on" form: an empty date clears it. */
export const remindFormSchema = z.object({
  intent: z.literal("remind"),
  remind_on: z
    .string()
    .trim()
    .refine(isCalendarDate, "Choose a date")
    .optional(),
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

/** The page's "preview a reply" form. */
export const emailChoiceSchema = z.object({
  intent: z.literal("preview"),
  response: z.enum(emailResponses, { error: "Choose which reply to preview" }),
});

export const ERASE_WORD = "ERASE";
export const eraseFormSchema = z.object({
  intent: z.literal("erase"),
  confirm: z
    .string({ error: `Type ${ERASE_WORD} to confirm` })
    .trim()
    .refine((v) => v.toUpperCase() === ERASE_WORD, `Type ${ERASE_WORD} to confirm`),
});

/** POST /api/staff/applicants/{id}/email-preview: an invitation's preview needs its time and place. */
export const emailPreviewSchema = z
  .object({
    template: z.enum(emailTemplateNames, { error: "Choose 'unsuccessful', 'maybe', 'interview' or 'trial'" }),
    starts_at: startsAtSchema.optional(),
    minutes: minutesSchema.optional(),
    place: placeSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.template !== "interview" && value.template !== "trial") return;
    if (value.starts_at === undefined) ctx.addIssue({ code: "custom", path: ["starts_at"], message: "Give the date and time it starts" });
    if (value.place === undefined) ctx.addIssue({ code: "custom", path: ["place"], message: "Say where" });
  });

/** An invitation's {{when}} and {{place}}, when it has them. */
export function invitationValues(value: { starts_at?: string | undefined; minutes?: number | undefined; place?: string | undefined }): Partial<Record<Placeholder, string>> {
  const values: Partial<Record<Placeholder, string>> = {};
  if (value.starts_at) values.when = formatInvitationWhen(new Date(value.starts_at), value.minutes ?? 60);
  if (value.place) values.place = value.place;
  return values;
}
