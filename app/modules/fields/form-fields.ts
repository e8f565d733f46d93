/**
 * The rules every form's fields share, public and staff: trimmed text with a
 * cap and no control characters, a person's name, a UK mobile, an email, a
 * select's answer, a record's id from a URL path, and the contract's `fields`
 * (field → first message). The submission kinds, the quote and the staff
 * forms build on these.
 */
import { z } from "zod";
import { ukMobileToE164 } from "~/utils/phone";
import {
  CONTROL_CHARACTERS_MESSAGE,
  hasNoHiddenCharacters,
  HIDDEN_CHARACTERS_MESSAGE,
  isCleanText,
  isPlainName,
  NAME_NOT_ADDRESS_MESSAGE,
} from "~/utils/safe-text";

export type Option = { readonly value: string; readonly label: string };
export const labelOf = (options: readonly Option[], value: string) => options.find((o) => o.value === value)?.label ?? value;

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

/** A select whose placeholder is 'default' (Please select): that counts as no answer. */
export function choice<T extends readonly [string, ...string[]]>(values: T, required: string) {
  return z.preprocess((v) => (v === "default" ? "" : v), z.enum(values, { error: required }));
}

/** A trimmed string that must not be empty; anything that is not a string gets the same message. */
export const filledText = (required: string) => z.string({ error: required }).trim().min(1, required);

/**
 * A text field: trimmed, required with `required`, capped at `max` characters, with no control characters but tab and line breaks.
 * An answer over the cap is refused at once: no later rule reads it (a body may carry tens of KiB in one field).
 */
export function requiredText(required: string, max = 200, tooLong = `Please keep this to ${max} characters or fewer`) {
  return filledText(required)
    .max(max, { error: tooLong, abort: true })
    .refine((value) => isCleanText(value), CONTROL_CHARACTERS_MESSAGE);
}

/** An optional text field: trimmed, capped at `max` with `tooLong`, no control characters; "" when left empty. */
export function optionalText(max: number, tooLong = `Please keep this to ${max} characters or fewer`) {
  return z
    .string()
    .trim()
    .max(max, { error: tooLong, abort: true })
    .refine((value) => isCleanText(value), CONTROL_CHARACTERS_MESSAGE)
    .optional()
    .default("");
}

/**
 * A person's name: one line (no tab or line break either), no invisible
 * direction or zero-width characters, and never a web or email address (it
 * goes into the messages we send them). Capped at `max`, refused over it with
 * `tooLong`. Each refusal has its own message; the first that applies is given.
 */
export function personName(required: string, { max = 100, tooLong }: { max?: number; tooLong?: string } = {}) {
  return filledText(required)
    .max(max, { error: tooLong ?? `Please keep this to ${max} characters or fewer`, abort: true })
    .refine((value) => isCleanText(value, false), { error: CONTROL_CHARACTERS_MESSAGE, abort: true })
    .refine((value) => hasNoHiddenCharacters(value), { error: HIDDEN_CHARACTERS_MESSAGE, abort: true })
    .refine((value) => isPlainName(value), NAME_NOT_ADDRESS_MESSAGE);
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

export const MOBILE_REQUIRED = "Mobile number is required";
export const MOBILE_INVALID = "Valid Mobile number is required";

/** A record's id from a URL path: digits only (at most nine), above zero, or nothing (a 404). */
export function recordIdFrom(raw: string | undefined): number | undefined {
  return raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
}

/**
 * Field name → first message, the contract's `fields`. An issue about the
 * whole body (no path) goes under `whole`.
 */
export function fieldErrors(error: z.ZodError, whole = "form"): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? whole);
    fields[key] ??= issue.message;
  }
  return fields;
}

/** The summary of a body refused for the control characters in it. */
export const CONTROL_CHARACTERS_SUMMARY = "Please check the highlighted answers: some hold hidden control characters";

/**
 * The fields of a sent body (a JSON object's, a form's) that hold control
 * characters anywhere (a NUL, an escape, a C1): field → message, empty when
 * none does. Tab and line breaks pass here (a multi-line answer takes them;
 * a one-line field's own rule refuses them). Every string is read, however
 * deep in arrays and objects; a field whose own name holds one is reported as
 * `whole`, so the name is never echoed back.
 */
export function controlCharacterFields(entries: Iterable<readonly [string, unknown]>, whole = "form"): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [field, value] of entries) {
    const key = isCleanText(field) ? field : whole;
    if (key in fields) continue;
    if (key === whole && field !== whole) {
      fields[whole] = CONTROL_CHARACTERS_MESSAGE;
      continue;
    }
    if (holdsControlCharacters(value)) fields[key] = CONTROL_CHARACTERS_MESSAGE;
  }
  return fields;
}

/** Whether any string in `value` (keys of objects included) holds a control character other than tab and line breaks. */
function holdsControlCharacters(value: unknown): boolean {
  // Iterative: a body may nest thousands deep.
  const waiting: unknown[] = [value];
  while (waiting.length > 0) {
    const next = waiting.pop();
    if (typeof next === "string") {
      if (!isCleanText(next)) return true;
    } else if (Array.isArray(next)) {
      for (const item of next as unknown[]) waiting.push(item);
    } else if (next !== null && typeof next === "object") {
      for (const [key, inner] of Object.entries(next)) {
        if (!isCleanText(key)) return true;
        waiting.push(inner);
      }
    }
  }
  return false;
}
