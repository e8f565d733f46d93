/**
 * What a refused form's reply sends back: the answers, so nobody types them
 * twice, but only the form's own fields and at most ECHO_MAX_CHARS of each
 * (decision record 0018). A post stuffed with extra or oversized fields never
 * comes back at its own size.
 */
import { z } from "zod";

/** The longest answer any form takes (a contact message) is 5,000 characters. */
export const ECHO_MAX_CHARS = 5000;

/** The answers of `formData` to echo: those of the fields `schema` names, each cut to ECHO_MAX_CHARS. */
export function echoableFormData(formData: FormData, schema: z.ZodType): FormData {
  const fields: string[] = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
  const echo = new FormData();
  for (const [key, value] of formData) {
    if (typeof value === "string" && fields.includes(key)) echo.append(key, value.slice(0, ECHO_MAX_CHARS));
  }
  return echo;
}

/** The module's field → message as Conform's field → messages. */
export function toConformErrors(fields: Record<string, string>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, [message]]));
}
