/**
 * What makes a staff PIN acceptable, and the names that go with them. Pure:
 * the command line, STAFF_ACCOUNTS at start and the tests use the same rules.
 */
import { isStaffRole, staffRoles, type StaffRole } from "./roles";

export const PIN_MIN_DIGITS = 6;
export const PIN_MAX_DIGITS = 12;
export const NAME_MAX_LENGTH = 40;

const TRIED_FIRST = "it is among the first anyone would try.";

export const pinMessages = {
  digits: "A PIN is made of digits only (0 to 9).",
  short: `A PIN needs at least ${PIN_MIN_DIGITS} digits.`,
  long: `A PIN can have at most ${PIN_MAX_DIGITS} digits.`,
  repeated: `A PIN can't be one digit repeated (like 111111): ${TRIED_FIRST}`,
  run: `A PIN can't be a run of digits going up or down by the same step (like 123456, 987654 or 135791): ${TRIED_FIRST}`,
  pattern: `A PIN can't be a short group of digits repeated (like 121212, 123123 or 696969): ${TRIED_FIRST}`,
  mirror: `A PIN can't read the same backwards (like 123321): ${TRIED_FIRST}`,
  date: `A PIN can't be a date or hold a year (like 251299, 1990 or 2024): birthdays and years are ${TRIED_FIRST.replace("it is ", "")}`,
  keypad: `A PIN can't be lines on the keypad (like 147258, 159357 or 789456): ${TRIED_FIRST}`,
  common: `That PIN is one of the most commonly chosen ones: ${TRIED_FIRST}`,
  breached: `That PIN is in lists of passwords leaked from other websites: ${TRIED_FIRST}`,
} as const;

/**
 * Six-digit PINs people choose most often that the rules below do not already
 * catch, after the published studies of chosen PINs (Wang et al., "Understanding
 * human-chosen PINs", 2017; Markert et al., "This PIN can be easily guessed",
 * IEEE S&P 2020): doubled runs, counting by tens, Fibonacci, pi, and the
 * "I love you" numbers.
 */
const COMMON_PINS = new Set([
  "112233", "332211", "445566", "778899", "102030", "010203", "112358", "314159", "142536", "246810",
  "135790", "147852", "258741", "123654", "456321", "520520", "520131", "521521", "131420", "100200",
  "110110", "123789", "789123", "741852", "963852", "369852", "147896", "654789", "101010", "007007",
]);

/** The phone keypad's straight lines of three: rows, columns and diagonals, both ways. */
const KEYPAD_LINES = new Set(["123", "456", "789", "147", "258", "369", "159", "357", "0852"].flatMap((l) => [l, [...l].reverse().join("")]));

const isDate = (day: number, month: number) => month >= 1 && month <= 12 && day >= 1 && day <= 31;
/** Two-digit years leading a YYMMDD birthday of someone of working age: 1940 to 2012. */
const birthYY = (yy: number) => yy >= 40 || yy <= 12;
const likelyYear = (year: number) => year >= 1940 && year <= 2039;

function isDateOrYear(pin: string): boolean {
  const n = (from: number, length: number) => Number(pin.slice(from, from + length));
  if (pin.length === 6) {
    // DDMMYY, MMDDYY, YYMMDD
    if (isDate(n(0, 2), n(2, 2)) || isDate(n(2, 2), n(0, 2))) return true;
    if (isDate(n(4, 2), n(2, 2)) && birthYY(n(0, 2))) return true;
    // A year at either end (199087, 872001).
    if (likelyYear(n(0, 4)) || likelyYear(n(2, 4))) return true;
  }
  if (pin.length === 8) {
    // DDMMYYYY, MMDDYYYY, YYYYMMDD
    if (likelyYear(n(4, 4)) && (isDate(n(0, 2), n(2, 2)) || isDate(n(2, 2), n(0, 2)))) return true;
    if (likelyYear(n(0, 4)) && isDate(n(6, 2), n(4, 2))) return true;
  }
  return false;
}

function isKeypadLines(pin: string): boolean {
  let rest = pin;
  while (rest.length > 0) {
    const line = [4, 3].map((l) => rest.slice(0, l)).find((start) => start.length >= 3 && KEYPAD_LINES.has(start));
    if (!line) return false;
    rest = rest.slice(line.length);
  }
  return true;
}

/** Why `pin` is refused, or null when it is acceptable. */
export function pinProblem(pin: string): string | null {
  if (!/^\d*$/.test(pin)) return pinMessages.digits;
  if (pin.length < PIN_MIN_DIGITS) return pinMessages.short;
  if (pin.length > PIN_MAX_DIGITS) return pinMessages.long;
  const digits = [...pin].map(Number);
  const steps = new Set(digits.slice(1).map((d, i) => (d - digits[i]! + 10) % 10));
  if (steps.size === 1) {
    // The same step all along, going round from 9 to 0 too (890123, 135791, 963074).
    return [...steps][0] === 0 ? pinMessages.repeated : pinMessages.run;
  }
  for (let block = 1; block <= pin.length / 2; block++) {
    if (pin.length % block === 0 && pin.slice(0, block).repeat(pin.length / block) === pin) return pinMessages.pattern;
  }
  if ([...pin].reverse().join("") === pin) return pinMessages.mirror;
  if (COMMON_PINS.has(pin)) return pinMessages.common;
  if (isKeypadLines(pin)) return pinMessages.keypad;
  if (isDateOrYear(pin)) return pinMessages.date;
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

/**
 * Reads STAFF_ACCOUNTS ("Name:PIN[:role],…", role `manager` or `reception`,
 * `manager` when left out). Throws one error listing every problem, naming
 * the account but never showing a PIN.
 */
export function parseStaffAccounts(value: string | undefined) {
  const problems: string[] = [];
  const accounts: { name: string; pin: string; role: StaffRole }[] = [];
  if (!value || value.trim() === "") return accounts;
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
    if (!isStaffRole(role)) problems.push(`${label}: the role "${role}" is not one of ${staffRoles.join(" or ")}.`);
    else if (!nameIssue && !pinIssue) accounts.push({ name, pin, role });
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
