/**
 * What a visitor sends to save a quote: one schema for the finish form's post
 * and for POST /api/save-quote-details, with the spec's messages (section 5,
 * 'Quote finish').
 */
import { z } from "zod";
import { choiceOrLegacy, filledText, personName } from "~/modules/fields/form-fields";
import { marketingConsentFields } from "~/modules/marketing/consent-words";
import { ukMobileToE164 } from "~/utils/phone";

export const referralOptions = [
  { value: "social", label: "Social Media" },
  { value: "google", label: "Google" },
  { value: "friends-family", label: "Friends & family" },
  { value: "colleague", label: "Work colleague" },
  { value: "other", label: "Other" },
] as const;
const referralValues = referralOptions.map((o) => o.value) as unknown as readonly ["social", "google", "friends-family", "colleague", "other"];

/** The values the original site's form sent for referral (docs/api-contract.md, "Public writes"), by code. */
export const legacyReferrals: Record<string, (typeof referralValues)[number]> = {
  "social media": "social",
  google: "google",
  "friends-family": "friends-family",
  "work colleague": "colleague",
  other: "other",
};

export const quoteMessages = {
  nameRequired: "Your name is required",
  mobileRequired: "Your mobile number is required",
  mobileInvalid: "A valid mobile number is required",
  emailRequired: "Email Address is required",
  emailInvalid: "Valid Email Address is required",
  referralRequired: "How did you hear about us is required",
} as const;

/** The finish form's fields. The mobile comes out in E.164, however it was typed. */
export const quoteContactSchema = z.object({
  name: personName(quoteMessages.nameRequired, { tooLong: "Please shorten your name to 100 characters or fewer" }),
  mobile: filledText(quoteMessages.mobileRequired)
    .refine((v) => ukMobileToE164(v) !== null, quoteMessages.mobileInvalid)
    .transform((v) => ukMobileToE164(v)!),
  email: filledText(quoteMessages.emailRequired)
    .max(254, { error: quoteMessages.emailInvalid, abort: true })
    .pipe(z.email(quoteMessages.emailInvalid)),
  // The select starts at "default" (Please select), which is refused with the required message. The original
  // site's values ("Social Media", "Work colleague"…) are taken in any case and stored as the codes.
  referral: choiceOrLegacy(referralValues, legacyReferrals, quoteMessages.referralRequired),
});

const id = (message: string) => z.number({ error: message }).int(message).positive(message);
/** An id a body may leave out or send as null: both mean "not chosen" (docs/api-contract.md, "Saving a quote"). */
const optionalId = (message: string) =>
  id(message)
    .nullish()
    .transform((value) => value ?? undefined);

/** The finish page's form: the visitor's details and the two unticked marketing boxes. */
export const quoteFinishSchema = quoteContactSchema.extend(marketingConsentFields);

/** The body of POST /api/save-quote-details (docs/api-contract.md). Prices and totals sent by a client are ignored. */
export const saveQuoteSchema = quoteContactSchema
  .extend({
    salon_id: id("Please choose a salon"),
    regular: z.boolean({ error: "Please tell us whether you've been here in the last 18 months" }),
    selector: z.enum(["Level", "Stylist"], { error: "Please choose a level or a stylist" }),
    level_id: optionalId("Please choose a stylist level"),
    stylist_id: optionalId("Please choose a stylist"),
    service_ids: z
      .array(id("Unknown service"), { error: "Please choose at least one service" })
      .min(1, "Please choose at least one service")
      .max(12, "That is more services than one quote can hold"),
  })
  .superRefine((body, ctx) => {
    if (body.selector === "Stylist" && body.stylist_id === undefined) {
      ctx.addIssue({ code: "custom", path: ["stylist_id"], message: "Please choose a stylist" });
    }
    if (body.selector === "Level" && body.level_id === undefined && body.stylist_id === undefined) {
      ctx.addIssue({ code: "custom", path: ["level_id"], message: "Please choose a stylist level" });
    }
  });
export type SaveQuoteInput = z.infer<typeof saveQuoteSchema>;
