/**
 * Salons and hours in the studio: the school's opening hours, address, phone
 * and booking links (settings.yaml), and each sister salon's phone and
 * booking links (salons.yaml); with the words the history shows. Pure:
 * planned on the files; studio.server.ts checks the whole site and stores.
 */
import { dataOf, type Change, type Planned, type Refusal } from "./changes";
import type { DayHours, SchoolContact, SisterContact } from "./words-forms";
import { salonRows } from "./team";

export const SETTINGS_FILE = "settings.yaml";
export const SALONS_FILE = "salons.yaml";

interface SettingsRow {
  name: string;
  phone: string;
  address: { street: string; town: string; postcode: string };
  hours: { day: string; label: string; opens: string | null; closes: string | null }[];
  links: { booking: string; skinTest: string; consultation?: string };
}

export interface SisterRow {
  id: number;
  name: string;
  website: string;
  booking?: { url: string; phone: string; skinTest: string; consultation?: string };
}

/** The places each form's record is, for its version (versions.server.ts): the week's hours, the school's boxes, a sister salon's booking. */
export const hoursPlace = { file: SETTINGS_FILE, path: ["hours"] };
export const schoolContactPlaces = [["phone"], ["address", "street"], ["address", "town"], ["address", "postcode"], ["links", "booking"], ["links", "skinTest"], ["links", "consultation"]].map((path) => ({ file: SETTINGS_FILE, path }));
export const sisterPlace = (id: number) => ({ file: SALONS_FILE, item: { list: [], key: "id" as const, value: id }, field: "booking" });

export function settingsRow(files: ReadonlyMap<string, string>): SettingsRow {
  return dataOf(files, SETTINGS_FILE, {} as SettingsRow);
}

/** The sister salons: every salon but the school (whose website is this one, "/"). */
export function sisterRows(files: ReadonlyMap<string, string>): SisterRow[] {
  return (salonRows(files) as SisterRow[]).filter((s) => s.website !== "/");
}

/** "09:00" → "9am", "12:00" → "Noon", "17:30" → "5:30pm": how the site's hours are written. */
export function clockWords(time: string): string {
  const [h = 0, m = 0] = time.split(":").map(Number);
  if (h === 12 && m === 0) return "Noon";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}${m === 0 ? "" : `:${String(m).padStart(2, "0")}`}${h < 12 ? "am" : "pm"}`;
}

export function hoursLabel(day: Pick<DayHours, "opens" | "closes">): string {
  if (day.opens === null || day.closes === null) return "Closed";
  const closes = clockWords(day.closes);
  return `${clockWords(day.opens)}–${closes === "Noon" ? "noon" : closes}`;
}

/** "9:00–17:00", or "closed": a day as the history says it. */
const dayWords = (day: { opens: string | null; closes: string | null }) =>
  day.opens === null || day.closes === null ? "closed" : `${day.opens.replace(/^0/, "")}–${day.closes.replace(/^0/, "")}`;

/**
 * The week's hours: each day that differs is one place altered (its label
 * written anew from its times), so undoing Saturday leaves Tuesday alone.
 */
export function planHours(files: ReadonlyMap<string, string>, week: DayHours[]): { planned: Planned } | Refusal {
  const settings = settingsRow(files);
  const changes: Change[] = [];
  const said: string[] = [];
  for (const day of week) {
    const at = settings.hours.findIndex((h) => h.day === day.day);
    if (at < 0) return { kind: "invalid", message: `settings.yaml has no ${day.day} in its hours` };
    const before = settings.hours[at]!;
    if (before.opens === day.opens && before.closes === day.closes) continue;
    const after = { day: day.day, label: hoursLabel(day), opens: day.opens, closes: day.closes };
    changes.push({ file: SETTINGS_FILE, path: ["hours", at], before, after });
    said.push(`${day.day} hours ${dayWords(before)} → ${dayWords(after)}`);
  }
  return { planned: { what: "salons", summary: `${settings.name} ${said.join(", ") || "hours unchanged"}`, changes } };
}

const shown = (value: string) => (value.length > 48 ? `${value.slice(0, 45)}…` : value);
/** "phone 01632 960 587 → 01632 960 588", "consultation link none → https://…": a box that changed, as the history says it. */
const boxWords = (box: { label: string; before: string; after: string }) => `${box.label} ${shown(box.before) || "none"} → ${shown(box.after) || "none"}`;

/** The school's phone, address and booking links: a place for each box that changed. */
export function planSchoolContact(files: ReadonlyMap<string, string>, input: SchoolContact): { planned: Planned } {
  const settings = settingsRow(files);
  const boxes: { path: string[]; label: string; before: string; after: string }[] = [
    { path: ["phone"], label: "phone", before: settings.phone, after: input.phone },
    { path: ["address", "street"], label: "street", before: settings.address.street, after: input.street },
    { path: ["address", "town"], label: "town", before: settings.address.town, after: input.town },
    { path: ["address", "postcode"], label: "postcode", before: settings.address.postcode, after: input.postcode },
    { path: ["links", "booking"], label: "booking link", before: settings.links.booking, after: input.booking },
    { path: ["links", "skinTest"], label: "skin-test link", before: settings.links.skinTest, after: input.skinTest },
    { path: ["links", "consultation"], label: "consultation link", before: settings.links.consultation ?? "", after: input.consultation ?? "" },
  ];
  const changed = boxes.filter((b) => b.before !== b.after);
  return {
    planned: {
      what: "salons",
      summary: `${settings.name} ${changed.map(boxWords).join(", ")}`,
      // An empty box is a link left out (the consultation's: booked on the booking link).
      changes: changed.map((b) => ({ file: SETTINGS_FILE, path: b.path, before: b.before || undefined, after: b.after || undefined })),
    },
  };
}

/** A sister salon's phone and booking links: where its quotes are booked. */
export function planSisterContact(files: ReadonlyMap<string, string>, input: SisterContact): { planned: Planned } | Refusal {
  const salon = sisterRows(files).find((s) => s.id === input.salon);
  if (!salon) return { kind: "not-found", message: "No sister salon has that id" };
  const before = salon.booking ?? { url: "", phone: "", skinTest: "" };
  const after = { url: input.url, phone: input.phone, skinTest: input.skinTest, ...(input.consultation ? { consultation: input.consultation } : {}) };
  const changed = [
    { label: "phone", before: before.phone, after: after.phone },
    { label: "booking link", before: before.url, after: after.url },
    { label: "skin-test link", before: before.skinTest, after: after.skinTest },
    { label: "consultation link", before: before.consultation ?? "", after: after.consultation ?? "" },
  ].filter((b) => b.before !== b.after);
  return {
    planned: {
      what: "salons",
      summary: `${salon.name} ${changed.map(boxWords).join(", ")}`,
      changes: [{ ...sisterPlace(salon.id), before: salon.booking, after }],
    },
  };
}
