/**
 * The public forms' rules, with the spec's exact messages (section 5). One
 * schema per form, used by the form in the browser and by the server, so the
 * two can never disagree.
 */
import { z } from "zod";
import { marketingConsentFields } from "~/modules/marketing/consent-words";
import { ukMobileToE164 } from "~/utils/phone";
import { CONTROL_CHARACTERS_MESSAGE, isCleanText, isPlainName, NAME_NOT_ADDRESS_MESSAGE } from "~/utils/safe-text";

export const roles = [
  { value: "Stylist", label: "Stylist" },
  { value: "Apprentice", label: "Apprentice" },
  { value: "Saturday", label: "Saturday/Evening" },
  { value: "Other", label: "Other" },
] as const;

export const positions = [
  { value: "school", label: "At school or college" },
  { value: "new", label: "New to hairdressing" },
  { value: "partway", label: "Partway through training" },
  { value: "qualified", label: "Already qualified" },
  { value: "other", label: "Other" },
] as const;

/** The values the original site's form sent for position (docs/api-contract.md, "Public writes"), by code. */
export const legacyPositions: Record<string, (typeof positions)[number]["value"]> = {
  "at school/college": "school",
  "new to hairdressing": "new",
  "partway through": "partway",
  "already qualified": "qualified",
  other: "other",
};

/**
 * A select's answer: one of `codes`, or one of the original site's values for
 * it (`legacy`, keyed in lower case), matched without regard to case and
 * surrounding spaces, and given as the code. 'default' (Please select),
 * anything else or no string at all is refused with the `required` message.
 */
export function choiceOrLegacy<T extends readonly [string, ...string[]]>(codes: T, legacy: Record<string, T[number]>, required: string) {
  return z
    .string({ error: required })
    .transform((value) => {
      const key = value.trim().toLowerCase();
      return codes.find((code) => code.toLowerCase() === key) ?? legacy[key] ?? "";
    })
    .pipe(z.enum(codes, { error: required }));
}

type Option = { readonly value: string; readonly label: string };
export const labelOf = (options: readonly Option[], value: string) => options.find((o) => o.value === value)?.label ?? value;

/** A text field: trimmed, required with `required`, capped at `max` characters, with no control characters but tab and line breaks. */
export function requiredText(required: string, max = 200) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, `Please keep this to ${max} characters or fewer`)
    .refine((value) => isCleanText(value), CONTROL_CHARACTERS_MESSAGE);
}

/** A person's name: one line, and never a web or email address (it goes into the messages we send them). */
export function personName(required: string, max = 100) {
  return requiredText(required, max).refine((value) => isPlainName(value), NAME_NOT_ADDRESS_MESSAGE);
}

/** A UK mobile as typed; stored as E.164. */
export function mobile(required: string, invalid: string) {
  return requiredText(required, 40).transform((value, ctx) => {
    const e164 = ukMobileToE164(value);
    if (!e164) {
      ctx.addIssue({ code: "custom", message: invalid });
      return z.NEVER;
    }
    return e164;
  });
}

export function email(required: string, invalid: string) {
  return requiredText(required, 254).pipe(z.email({ error: invalid }).transform((v) => v.toLowerCase()));
}

/** A select whose placeholder is 'default' (Please select): that counts as no answer. */
export function choice<T extends readonly [string, ...string[]]>(values: T, required: string) {
  return z.preprocess((v) => (v === "default" ? "" : v), z.enum(values, { error: required }));
}

const roleValues = roles.map((r) => r.value) as unknown as readonly ["Stylist", "Apprentice", "Saturday", "Other"];
const positionValues = positions.map((p) => p.value) as unknown as readonly ["school", "new", "partway", "qualified", "other"];

export const MOBILE_REQUIRED = "Mobile number is required";
export const MOBILE_INVALID = "Valid Mobile number is required";

export const joinUsSchema = z.object({
  name: personName("Full Name is required"),
  mobile: mobile(MOBILE_REQUIRED, MOBILE_INVALID),
  email: email("Email Address is required", "Valid Email address is required"),
  role: choice(roleValues, "Role is required"),
  position: choiceOrLegacy(positionValues, legacyPositions, "Position is required"),
  about: requiredText("About yourself is required", 3000),
  why_hair: requiredText("Why hairdressing required", 3000),
  why_us: requiredText("Why us required", 3000),
  salon: z.coerce.number().int().min(1).max(3).catch(3).default(3),
});
export type JoinUsInput = z.input<typeof joinUsSchema>;
/** The join-us form and API: the application, and the two unticked marketing boxes (stored apart from it). */
export const joinUsFormSchema = joinUsSchema.extend(marketingConsentFields);
export type JoinUs = z.output<typeof joinUsSchema>;

export const HEALTH_CONSENT_REQUIRED = "Please tick the box so we may keep this health information, or leave the box empty";

export const modelSchema = z
  .object({
    name: personName("Name is required"),
    mobile: mobile(MOBILE_REQUIRED, MOBILE_INVALID),
    info: requiredText("Additional Information required", 2000),
    /** Allergies or conditions, kept only with the person's explicit consent. */
    health: z
      .string()
      .trim()
      .max(1000, "Please keep this to 1000 characters or fewer")
      .refine((value) => isCleanText(value), CONTROL_CHARACTERS_MESSAGE)
      .optional()
      .default(""),
    health_consent: z
      .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("")])
      .optional()
      .transform((v) => v === true || v === "on" || v === "true"),
  })
  .superRefine((value, ctx) => {
    if (value.health && !value.health_consent) ctx.addIssue({ code: "custom", path: ["health_consent"], message: HEALTH_CONSENT_REQUIRED });
  });
export type ModelInput = z.input<typeof modelSchema>;

export const contactSchema = z.object({
  name: personName("Name is required"),
  email: email("Email Address is required", "Valid Email Address is required"),
  message: requiredText("Message is required", 5000),
});
export type ContactInput = z.input<typeof contactSchema>;

/** Open evening and feedback share one form. */
export const interestSchema = z.object({
  name: personName("Full Name is required"),
  mobile: mobile(MOBILE_REQUIRED, MOBILE_INVALID),
});
export type InterestInput = z.input<typeof interestSchema>;

export const FEEDBACK_MAX = 2000;
/** The feedback form: the spec's name and mobile, and what the visitor would like to tell us, if anything. */
export const feedbackSchema = interestSchema.extend({
  feedback: z
    .string()
    .trim()
    .max(FEEDBACK_MAX, `Please keep your feedback to ${FEEDBACK_MAX} characters or fewer`)
    .refine((value) => isCleanText(value), CONTROL_CHARACTERS_MESSAGE)
    .optional()
    .default(""),
});
export type FeedbackInput = z.input<typeof feedbackSchema>;

export { formApiPaths, formPagePaths, type PublicFormName } from "./form-paths";

/** The hidden field people never see and scripts fill in. */
export const HONEYPOT_FIELD = "website";
/** The signed time the form was shown (see app/.server/form-token.server.ts). */
export const TOKEN_FIELD = "form_token";

/** Field name → first message, the contract's `fields`. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    fields[key] ??= issue.message;
  }
  return fields;
}
