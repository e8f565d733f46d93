/**
 * One path for every public form, whether it arrives as JSON at /api/… or as a
 * plain form post to the page (no JavaScript): spam checks, validation with the
 * form's schema, then the module that stores it.
 */
import type { z } from "zod";
import type { AppServices } from "~/.server/services.server";
import { checkFormToken } from "~/.server/form-token.server";
import { submitContact, submitInterest, submitJoinUs, submitModel } from "./enquiries.server";
import {
  contactSchema,
  fieldErrors,
  HONEYPOT_FIELD,
  interestSchema,
  joinUsSchema,
  modelSchema,
  TOKEN_FIELD,
  type PublicFormName,
} from "./schemas";

type Services = Pick<AppServices, "db" | "brand" | "settings" | "outbox" | "config">;

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
  feedback: define({ schema: interestSchema, submit: (s, input) => submitInterest(s, "feedback", input) }),
};
export type { PublicFormName };

export const TOO_FAST_MESSAGE = "That was quick! Please check your answers, then send the form again.";

export type SubmissionResult =
  | { kind: "stored"; id: number }
  /** A honeypot hit: answer as if stored, store nothing. */
  | { kind: "ignored" }
  | { kind: "too-fast" }
  | { kind: "invalid"; fields: Record<string, string> };

export async function submitPublicForm(services: Services, name: PublicFormName, body: unknown): Promise<SubmissionResult> {
  const record = (body && typeof body === "object" && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const honeypot = record[HONEYPOT_FIELD];
  if (typeof honeypot === "string" && honeypot.trim() !== "") return { kind: "ignored" };
  const form = publicForms[name];
  const parsed = form.schema.safeParse(record);
  // Field errors first: they help a person and store nothing, however fast they came.
  if (!parsed.success) return { kind: "invalid", fields: fieldErrors(parsed.error) };
  if (checkFormToken(record[TOKEN_FIELD], services.config.sessionSecret) === "too-fast") return { kind: "too-fast" };
  const { id } = await form.submit(services, parsed.data);
  return { kind: "stored", id };
}
