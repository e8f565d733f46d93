/**
 * What makes a staff PIN acceptable, and the names that go with them. Pure:
 * the command line, STAFF_ACCOUNTS at start and the tests use the same rules.
 */
import { isStaffRole, staffRoles, type StaffRole } from "./roles";

export const PIN_MIN_DIGITS = 6;
export const PIN_MAX_DIGITS = 12;
export const NAME_MAX_LENGTH = 40;

export const pinMessages = {
  digits: "A PIN is made of digits only (0 to 9).",
  short: `A PIN needs at least ${PIN_MIN_DIGITS} digits.`,
  long: `A PIN can have at most ${PIN_MAX_DIGITS} digits.`,
  repeated: "A PIN can't be one digit repeated (like 111111): it is among the first anyone would try.",
  run: "A PIN can't be a straight run of digits up or down (like 123456 or 987654): it is among the first anyone would try.",
} as const;

/** Why `pin` is refused, or null when it is acceptable. */
export function pinProblem(pin: string): string | null {
  if (!/^\d*$/.test(pin)) return pinMessages.digits;
  if (pin.length < PIN_MIN_DIGITS) return pinMessages.short;
  if (pin.length > PIN_MAX_DIGITS) return pinMessages.long;
  const digits = [...pin].map(Number);
  const steps = new Set(digits.slice(1).map((d, i) => (d - digits[i]! + 10) % 10));
  if (steps.size === 1) {
    const [step] = steps;
    if (step === 0) return pinMessages.repeated;
    // Up or down by one, going round from 9 to 0 too (890123, 210987).
    if (step === 1 || step === 9) return pinMessages.run;
  }
  return null;
}

/** Why `name` is refused as a staff display name, or null. */
export function nameProblem(name: string): string | null {
  if (name.length === 0) return "A staff member needs a name.";
  if (name.length > NAME_MAX_LENGTH) return `A name can have at most ${NAME_MAX_LENGTH} characters.`;
  if (/[,:]/.test(name)) return "A name can't contain a comma or a colon (STAFF_ACCOUNTS uses them to separate names and PINs).";
  if (/[\p{Cc}]/u.test(name)) return "A name can't contain control characters.";
  return null;
}

/** The key that makes "Sam" and "sam " one account. */
export const nameKey = (name: string) => name.trim().toLocaleLowerCase("en-GB");

export interface StaffAccountSpec {
  name: string;
  pin: string;
  role: StaffRole;
}

/**
 * Reads STAFF_ACCOUNTS ("Name:PIN[:role],…", role `manager` or `reception`,
 * `manager` when left out). Throws one error listing every problem, naming
 * the account but never showing a PIN.
 */
export function parseStaffAccounts(value: string | undefined): StaffAccountSpec[] {
  if (!value || value.trim() === "") return [];
  const problems: string[] = [];
  const accounts: StaffAccountSpec[] = [];
  const entries = value.split(",").map((e) => e.trim()).filter((e) => e !== "");
  entries.forEach((entry, index) => {
    const parts = entry.split(":").map((part) => part.trim());
    const [name = "", pin = "", role = "manager"] = parts;
    const label = parts.length > 1 && name ? `"${name}"` : `entry ${index + 1}`;
    if (parts.length < 2 || parts.length > 3) return void problems.push(`${label} is not in the form Name:PIN or Name:PIN:role.`);
    const nameIssue = nameProblem(name);
    if (nameIssue) problems.push(`${label}: ${nameIssue}`);
    const pinIssue = pinProblem(pin);
    if (pinIssue) problems.push(`${label}: ${pinIssue}`);
    const roleIssue = isStaffRole(role) ? null : `the role "${role}" is not one of ${staffRoles.join(" or ")}.`;
    if (roleIssue) problems.push(`${label}: ${roleIssue}`);
    if (!nameIssue && !pinIssue && isStaffRole(role)) accounts.push({ name, pin, role });
  });
  const keys = accounts.map((a) => nameKey(a.name));
  keys.forEach((key, i) => {
    if (keys.indexOf(key) !== i) problems.push(`"${accounts[i]!.name}" is listed more than once.`);
  });
  const pins = accounts.map((a) => a.pin);
  pins.forEach((pin, i) => {
    if (pins.indexOf(pin) !== i) problems.push(`"${accounts[i]!.name}" has the same PIN as "${accounts[pins.indexOf(pin)]!.name}": each person needs their own.`);
  });
  if (problems.length > 0) throw new Error(`STAFF_ACCOUNTS is not valid: ${problems.join(" ")}`);
  return accounts;
}
