/**
 * Marketing consent (API contract: `marketing_email` and `marketing_sms` on
 * the quote and join-us forms). The words beside each box are written once,
 * here: the forms show them, the database keeps them with each consent, and
 * the privacy page quotes them, so what a visitor agreed to is exactly what
 * they read.
 */
import { z } from "zod";

export const MARKETING_WORDS = {
  email: "Email me offers and news from the salon. I can unsubscribe at any time.",
  sms: "Text me offers from the salon. I can reply STOP at any time.",
} as const;

/** A box's answer: JSON `true`/`false`, or a form's "on" when ticked and nothing when not. */
const box = z
  .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")], {
    error: "Answer true or false",
  })
  .optional()
  .transform((v) => v === true || v === "on" || v === "true");

/** The two optional boxes, for extending a form's schema. Unticked unless the visitor ticks them. */
export const marketingConsentFields = {
  marketing_email: box,
  marketing_sms: box,
};

export const marketingConsentSchema = z.object(marketingConsentFields);
export type MarketingChoices = z.output<typeof marketingConsentSchema>;

/** The form a consent was given on. */
export const CONSENT_SOURCES = { quote: "Price quote", joinus: "Job application" } as const;
export type ConsentSource = keyof typeof CONSENT_SOURCES;
