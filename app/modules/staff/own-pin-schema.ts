/**
 * The "Your PIN" form (routes/staff/staff.account.tsx) and its API: the PIN now,
 * and the new one twice. The new one must pass the PIN rules (pin-rules.ts),
 * which say why a PIN is refused; whether the PIN now is right is the
 * server's to check, counted as a guess (own-pin.server.ts).
 */
import { z } from "zod";
import { filledText } from "~/modules/fields/form-fields";
import { PIN_MAX_DIGITS, pinProblem } from "./pin-rules";

export const ownPinMessages = {
  current: "Enter the PIN you sign in with now",
  next: "Enter a new PIN",
  again: "Type the new PIN again",
  different: "The two new PINs are not the same. Please type them again.",
  same: "That is the PIN you have now: choose a new one.",
  tooLong: "That is longer than any PIN",
} as const;

export const ownPinSchema = z
  .object({
    currentPin: filledText(ownPinMessages.current).max(64, ownPinMessages.tooLong),
    newPin: filledText(ownPinMessages.next)
      .max(PIN_MAX_DIGITS * 2, ownPinMessages.tooLong)
      .superRefine((pin, ctx) => {
        const problem = pinProblem(pin);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    confirmPin: filledText(ownPinMessages.again).max(64, ownPinMessages.tooLong),
  })
  .refine((v) => v.newPin === v.confirmPin, { path: ["confirmPin"], message: ownPinMessages.different })
  .refine((v) => v.newPin !== v.currentPin, { path: ["newPin"], message: ownPinMessages.same });

export type OwnPinChange = z.infer<typeof ownPinSchema>;
