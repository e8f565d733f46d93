/**
 * What staff send about an inbox record, checked the same way from the JSON
 * API and from the pages' forms. Pure.
 */
import { z } from "zod";

const HANDLED_ERROR = "handled must be true or false";

/** PATCH /api/staff/inbox/{kind}/{id} */
export const handledSchema = z.object({ handled: z.boolean({ error: HANDLED_ERROR }) });

/** The list's "Mark handled" and "Undo" buttons: a form sends text. */
export const handledFormSchema = z.object({
  intent: z.literal("handled"),
  id: z.coerce.number({ error: "Choose a record" }).int().positive("Choose a record"),
  handled: z.enum(["true", "false"], { error: HANDLED_ERROR }).transform((v) => v === "true"),
});
