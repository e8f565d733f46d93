/**
 * One path for every public form, whether it arrives as JSON at /api/… or as a
 * form post to its page's action (with or without JavaScript): the honeypot,
 * validation with the form's schema, the minimum fill time, then the module
 * that stores it (decision record 0010).
 */
import type { z } from "zod";
import type { Config } from "~/.server/config.server";
import { checkFormToken } from "~/.server/form-token.server";
import { submitContact, submitInterest, submitJoinUs, submitModel, type EnquiryServices } from "./enquiries.server";
import {
  contactSchema,
  feedbackSchema,
  fieldErrors,
  HONEYPOT_FIELD,
  interestSchema,
  joinUsSchema,
  modelSchema,
  TOKEN_FIELD,
  type PublicFormName,
} from "./schemas";

type Services = EnquiryServices & { config: Pick<Config, "sessionSecrets" | "formMinFillMs"> };

interface FormDefinition<S extends z.ZodType> {
  schema: S;
  submit(services: Services, input: z.output<S>): Promise<{ id: number }>;
}

const define = <S extends z.ZodType>(definition: FormDefinition<S>) => definition;

export const publicForms: Record<PublicFormName, FormDefinition<z.ZodType>> = {
  joinus: define({ schema: joinUsSchema, submit: submitJoinUs }),
  models: define({ schema: modelSchema, submit: submitModel }),
  contact: define({ schema: contactSchema, submit: submitContact }),
  "open-evening": define({ schema: interestSchema, submit: (s, input) => submitInterest(s, "open-evening", input) }),
  feedback: define({ schema: feedbackSchema, submit: (s, input) => submitInterest(s, "feedback", input) }),
};
export type { PublicFormName };

export const TOO_FAST_MESSAGE = "That was quick! Please check your answers, then send the form again.";
/** A page's form sent without our token, with a forged one, or a day after it was shown. */
export const FORM_TOKEN_MESSAGE = "This form has expired or did not come from our page. Your answers are still here: please send it again.";

export type SubmissionResult =
  | { kind: "stored"; id: number }
  /** A honeypot hit: answer as if stored, store nothing. */
  | { kind: "ignored" }
  | { kind: "too-fast" }
  /** A page's form without a valid token (see FORM_TOKEN_MESSAGE). */
  | { kind: "no-token" }
  | { kind: "invalid"; fields: Record<string, string> };

/**
 * `requireToken`: the pages' forms always carry the signed token, so there a
 * missing or forged one is refused; the JSON API's contract has none.
 */
export async function submitPublicForm(
  services: Services,
  name: PublicFormName,
  body: unknown,
  options: { requireToken?: boolean } = {},
): Promise<SubmissionResult> {
  const record = (body && typeof body === "object" && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const honeypot = record[HONEYPOT_FIELD];
  if (typeof honeypot === "string" && honeypot.trim() !== "") return { kind: "ignored" };
  const form = publicForms[name];
  const parsed = form.schema.safeParse(record);
  // Field errors first: they help a person and store nothing, however fast they came.
  if (!parsed.success) return { kind: "invalid", fields: fieldErrors(parsed.error) };
  const { sessionSecrets, formMinFillMs } = services.config;
  const token = checkFormToken(record[TOKEN_FIELD], sessionSecrets, formMinFillMs);
  if (options.requireToken && (token === "unsigned" || token === "expired")) return { kind: "no-token" };
  if (token === "too-fast") return { kind: "too-fast" };
  const { id } = await form.submit(services, parsed.data);
  return { kind: "stored", id };
}
