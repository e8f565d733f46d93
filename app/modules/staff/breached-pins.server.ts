/**
 * PINs found in breached password sets (ASVS 5.0 6.2.12). The list is
 * zxcvbn-ts's common-passwords dictionary (@zxcvbn-ts/language-common), ranked
 * from passwords leaked by other sites; the 6- to 12-digit ones are the PINs a
 * guesser tries first. Server-only: the dictionary is large, and the browser's
 * copy of the PIN rules (pin-rules.ts) need not carry it.
 */
import { dictionary } from "@zxcvbn-ts/language-common";
import { PIN_MAX_DIGITS, PIN_MIN_DIGITS, pinMessages, pinProblem } from "./pin-rules";

const digitsOnly = new RegExp(`^\\d{${PIN_MIN_DIGITS},${PIN_MAX_DIGITS}}$`);

let breached: ReadonlySet<string> | undefined;

/** Whether `pin` is in the breached passwords list. */
export function isBreachedPin(pin: string): boolean {
  breached ??= new Set(dictionary["passwords-common"].filter((password) => digitsOnly.test(password)));
  return breached.has(pin);
}

/** Why `pin` is refused as a new PIN: the PIN rules, then the breached list; null when it is acceptable. */
export function newPinProblem(pin: string): string | null {
  return pinProblem(pin) ?? (isBreachedPin(pin) ? pinMessages.breached : null);
}
