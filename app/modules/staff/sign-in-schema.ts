import { z } from "zod";

export const PIN_REQUIRED = "Enter your PIN";

/** The PIN form and POST /api/staff/session. Checking it is the server's job; this only says whether one was given. */
export const signInSchema = z.object({
  pin: z.string({ error: PIN_REQUIRED }).trim().min(1, PIN_REQUIRED).max(64, "That is longer than any PIN"),
});

/** The PIN form on the staff pages, which post it to their own action. */
export const pinFormSchema = signInSchema.extend({ intent: z.literal("sign-in") });
