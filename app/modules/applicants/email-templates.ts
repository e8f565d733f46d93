/**
 * The emails staff send to an applicant, as templates the salon can edit:
 * a subject and a plain-text body with {{placeholders}} (api-contract.md,
 * "Applicant desk"). Pure: the template form checks with the same schema in
 * the browser, and the preview and the send fill the same way.
 */
import { z } from "zod";
import { listInWords, placeholderWords, toTokens, type PlaceholderWord } from "~/modules/site/placeholder-words";
import { oneOf } from "~/utils/one-of";
import { CONTROL_CHARACTERS_MESSAGE, isCleanText } from "~/utils/safe-text";

export const emailTemplateNames = ["unsuccessful", "maybe", "interview", "trial"] as const;
export type EmailTemplateName = (typeof emailTemplateNames)[number];
export const isEmailTemplateName = oneOf(emailTemplateNames);

/** What each email is called on the buttons: the send button names what it sends. */
export const emailTemplateLabels: Record<EmailTemplateName, string> = {
  unsuccessful: "No place for you",
  maybe: "Maybe later",
  interview: "Interview invitation",
  trial: "Trial day invitation",
};

const basePlaceholders = ["first_name", "salon", "role"] as const;
const invitationPlaceholders = [...basePlaceholders, "when", "place"] as const;
export type Placeholder = (typeof invitationPlaceholders)[number];

/** The placeholders each template may use: invitations also know when and where. */
export const placeholdersOf: Record<EmailTemplateName, readonly Placeholder[]> = {
  unsuccessful: basePlaceholders,
  maybe: basePlaceholders,
  interview: invitationPlaceholders,
  trial: invitationPlaceholders,
};

export interface TemplateText {
  subject: string;
  body: string;
}

/** The wording the site ships with, until a manager changes it. */
export const defaultTemplates: Record<EmailTemplateName, TemplateText> = {
  unsuccessful: {
    subject: "Your application to {{salon}}",
    body: [
      "Hi {{first_name}},",
      "Thank you for applying to join {{salon}} as {{role}}, and for the time you put into telling us about yourself.",
      "We have read your application carefully, and this time we will not be taking it further. We had more applicants than places, and that made the choice hard.",
      "Please do not let this put you off hairdressing. Keep practising, keep a record of your work, and you are welcome to apply again in six months. Our open evenings are a good way to meet the team in the meantime.",
      "With our best wishes,\nThe education team at {{salon}}",
    ].join("\n\n"),
  },
  maybe: {
    subject: "Your application to {{salon}}",
    body: [
      "Hi {{first_name}},",
      "Thank you for applying to join {{salon}} as {{role}}. We enjoyed reading your application.",
      "We have no place for you at the moment, but we would like to keep your details on file and get in touch when one comes up, usually when a new training group starts. You do not need to do anything: we will contact you.",
      "If your plans change, just reply to this email.",
      "Kind regards,\nThe education team at {{salon}}",
    ].join("\n\n"),
  },
  interview: {
    subject: "An interview at {{salon}}",
    body: [
      "Hi {{first_name}},",
      "Thank you for applying to join {{salon}} as {{role}}. We would like to meet you for an interview.",
      "When: {{when}}\nWhere: {{place}}",
      "The invitation is attached, so you can add it to your calendar. If the time does not suit you, just reply to this email and we will find another.",
      "See you soon,\nThe education team at {{salon}}",
    ].join("\n\n"),
  },
  trial: {
    subject: "A trial day at {{salon}}",
    body: [
      "Hi {{first_name}},",
      "Thank you for applying to join {{salon}} as {{role}}. We would like you to spend a trial day with us, working alongside the team.",
      "When: {{when}}\nWhere: {{place}}",
      "Wear comfortable shoes and bring your kit if you have one. The invitation is attached, so you can add it to your calendar. If the day does not suit you, just reply to this email.",
      "See you soon,\nThe education team at {{salon}}",
    ].join("\n\n"),
  },
};

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders of a template as a manager says them: [first name], [salon]… */
export const placeholderWordsOf = (name: EmailTemplateName): PlaceholderWord[] => placeholderWords(placeholdersOf[name]);

/** Puts the values in; every placeholder the template may use has a value by then. */
export function fillTemplate(text: string, values: Partial<Record<Placeholder, string>>): string {
  return text.replace(PLACEHOLDER, (whole, key: string) => values[key as Placeholder] ?? whole);
}

export const SUBJECT_MAX = 150;
export const BODY_MAX = 5000;

/**
 * PUT /api/staff/email-templates/{template}, and (with `plainWords`) the
 * template form, where placeholders are written as words ([first name]) and
 * saved as the contract's tokens ({{first_name}}).
 */
export function templateSchema(name: EmailTemplateName, { plainWords = false } = {}) {
  const words = placeholderWordsOf(name);
  const allowed = placeholdersOf[name] as readonly string[];
  const known = plainWords ? listInWords(words) : allowed.map((p) => `{{${p}}}`).join(", ");
  const checked = (field: string, max: number) =>
    z.preprocess((value) => (plainWords && typeof value === "string" ? toTokens(value, words) : value), z
      .string({ error: `Enter the ${field}` })
      .trim()
      .min(1, `Enter the ${field}`)
      .max(max, `Please keep the ${field} to ${max} characters or fewer`)
      .refine((value) => isCleanText(value, field === "body"), CONTROL_CHARACTERS_MESSAGE)
      .superRefine((value, ctx) => {
        // The placeholders this email does not know, in order, once each.
        const unknown = [...new Set([...value.matchAll(PLACEHOLDER)].map((m) => m[1] ?? "").filter((p) => !allowed.includes(p)))];
        if (unknown.length > 0) {
          ctx.addIssue({
            code: "custom",
            message: `This email doesn't know ${unknown.map((p) => `{{${p}}}`).join(", ")}: use ${known}`,
          });
        }
      }));
  return z.object({ subject: checked("subject", SUBJECT_MAX), body: checked("body", BODY_MAX) });
}

/** The paragraphs of a body, for the HTML part: blank lines part them, single line breaks stay. */
export function paragraphsOf(body: string): string[][] {
  return body
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((p) => p.split("\n"))
    .filter((lines) => lines.some((l) => l.trim() !== ""));
}
