import { z } from "zod";
import { filledText } from "~/modules/fields/form-fields";
import { NAME_MAX_LENGTH } from "./pin-rules";

export const PIN_REQUIRED = "Enter your PIN";
export const NAME_REQUIRED = "Enter your name";

/**
 * The sign-in form and POST /api/staff/session: a staff name (without regard
 * to case) and a PIN. Checking them is the server's job; this only says
 * whether both were given.
 */
export const signInSchema = z.object({
  name: filledText(NAME_REQUIRED).max(NAME_MAX_LENGTH, "That is longer than any staff name"),
  pin: filledText(PIN_REQUIRED).max(64, "That is longer than any PIN"),
});

/** The sign-in form on the staff pages, which post it to their own action. */
export const pinFormSchema = signInSchema.extend({ intent: z.literal("sign-in") });

/** The letters in the code a new device shows for a manager to type (device-approvals.server.ts). */
export const APPROVAL_CODE_LENGTH = 6;

export const APPROVAL_CODE_REQUIRED = "Enter the code the new device shows";
export const APPROVAL_NAME_REQUIRED = "Enter the name the new device asks for";

/** A new device asking to be let in (POST /api/staff/device-approval): the name it asks for. */
export const deviceRequestSchema = z.object({ name: signInSchema.shape.name });

/**
 * A manager letting a new device in, on /staff/access and through POST
 * /api/staff/device-approvals: the code it shows and the name it asks for,
 * both read off its screen (device-approvals.server.ts checks them).
 */
export const deviceApprovalSchema = z.object({
  code: filledText(APPROVAL_CODE_REQUIRED).max(APPROVAL_CODE_LENGTH * 2, "That is longer than any code"),
  name: filledText(APPROVAL_NAME_REQUIRED).max(NAME_MAX_LENGTH, "That is longer than any staff name"),
});
