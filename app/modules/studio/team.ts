/**
 * The team in the studio: every field of a stylist, their place on the team
 * page, whether they take new clients or are hidden, and adding one (the
 * slug made from the name, unique); with the words the history shows. Pure:
 * planned on the files; studio.server.ts checks the whole site and stores.
 */
import YAML from "yaml";
import { slugify, uniqueSlug } from "~/modules/site-switches/site-switches";
import { dataOf, type Change, type Planned, type Refusal } from "./changes";
import type { z } from "zod";
import type { stylistRecordSchema } from "~/modules/catalogue/entities";
import { levelRows } from "./price-list";
import type { StylistCreate, StylistPatch } from "./studio-forms";

export const STYLISTS_FILE = "stylists.yaml";

/** A stylist as stylists.yaml holds them. */
export type StylistRow = z.input<typeof stylistRecordSchema>;

export interface SalonRow {
  id: number;
  name: string;
}

export function stylistRows(files: ReadonlyMap<string, string>): StylistRow[] {
  return dataOf<StylistRow[]>(files, STYLISTS_FILE, []);
}

export function salonRows(files: ReadonlyMap<string, string>): SalonRow[] {
  return dataOf<SalonRow[]>(files, "salons.yaml", []);
}

/** A stylist as the studio's API answers: every field it edits, with the defaults the files leave out. */
export const stylistJson = (row: StylistRow) => ({
  id: row.id,
  slug: row.slug,
  first_name: row.first_name,
  last_name: row.last_name,
  level: row.level,
  salon: row.salon,
  role: row.role ?? null,
  favourite_style: row.favourite_style ?? null,
  para_1: row.para_1,
  para_2: row.para_2 ?? null,
  para_3: row.para_3 ?? null,
  booking_url: row.booking_url ?? null,
  taking_new_clients: row.taking_new_clients ?? true,
  hidden: row.hidden ?? false,
});

const labels: Record<string, string> = {
  first_name: "first name",
  last_name: "last name",
  role: "role",
  favourite_style: "favourite style",
  para_1: "first paragraph",
  para_2: "second paragraph",
  para_3: "third paragraph",
  booking_url: "booking link",
};

/** Where a stylist lives in the files: the place their version is of (versions.server.ts). Their place on the team page is not part of it. */
export const stylistPlace = (slug: string) => ({ file: STYLISTS_FILE, item: { list: [], key: "slug" as const, value: slug } });

/** Field refusals for a level or salon the site does not have. */
function unknownChoices(files: ReadonlyMap<string, string>, patch: { level?: number; salon?: number }): Refusal | null {
  const fields: Record<string, string> = {};
  if (patch.level !== undefined && !levelRows(files).some((l) => l.id === patch.level)) fields.level = "Choose one of the levels";
  if (patch.salon !== undefined && !salonRows(files).some((s) => s.id === patch.salon)) fields.salon = "Choose one of the salons";
  return Object.keys(fields).length > 0 ? { kind: "invalid", message: "Please check the stylist", fields } : null;
}

/** "Rosa Whitlock: level Graduate → Stylist, not taking new clients". */
export function describeStylistChange(files: ReadonlyMap<string, string>, before: StylistRow, after: StylistRow): string {
  const levelName = (id: number) => levelRows(files).find((l) => l.id === id)?.name ?? `level ${id}`;
  const salonName = (id: number) => salonRows(files).find((s) => s.id === id)?.name ?? `salon ${id}`;
  const parts: string[] = [];
  if (after.level !== before.level) parts.push(`level ${levelName(before.level)} → ${levelName(after.level)}`);
  if (after.salon !== before.salon) parts.push(`moved to ${salonName(after.salon)}`);
  if ((after.taking_new_clients ?? true) !== (before.taking_new_clients ?? true)) parts.push(after.taking_new_clients === false ? "not taking new clients" : "taking new clients");
  if (Boolean(after.hidden) !== Boolean(before.hidden)) parts.push(after.hidden ? "hidden" : "shown again");
  const words = Object.keys(labels).filter((f) => (after as unknown as Record<string, unknown>)[f] !== (before as unknown as Record<string, unknown>)[f]);
  if (words.length > 0) parts.push(`new ${words.map((f) => labels[f]).join(", ")}`);
  return `${before.first_name} ${before.last_name}: ${parts.join(", ") || "nothing changed"}`;
}

export function planStylistPatch(files: ReadonlyMap<string, string>, slug: string, patch: StylistPatch): { planned: Planned; after: ReturnType<typeof stylistJson> } | Refusal {
  const before = stylistRows(files).find((s) => s.slug === slug);
  if (!before) return { kind: "not-found", message: "No stylist has that slug" };
  const unknown = unknownChoices(files, patch);
  if (unknown) return unknown;
  const after: StylistRow = { ...before };
  const changes: Change[] = [];
  for (const [field, value] of Object.entries(patch) as [keyof StylistPatch, unknown][]) {
    if (value === undefined) continue;
    // The files' defaults are written by leaving the field out: taking new clients, shown, no optional words.
    const stored = value === null || (field === "hidden" && value === false) || (field === "taking_new_clients" && value === true && before.taking_new_clients === undefined) ? undefined : value;
    (after as unknown as Record<string, unknown>)[field] = stored;
    changes.push({ ...stylistPlace(slug), field, before: before[field], after: stored });
  }
  return { planned: { what: "team", summary: describeStylistChange(files, before, after), changes }, after: stylistJson(after) };
}

/** The slug of a new stylist: their first name, or first and last, made unique and never a page of the calculator. */
export function newStylistSlug(files: ReadonlyMap<string, string>, input: Pick<StylistCreate, "first_name" | "last_name">): string {
  const taken = new Set([...stylistRows(files).map((s) => s.slug), "levels", "list", "selector", "calculator", "total-by-price", "total-by-level", "total-by-stylist", "finish"]);
  const first = slugify(input.first_name) || "stylist";
  return taken.has(first) ? uniqueSlug(slugify(`${input.first_name} ${input.last_name}`) || first, taken) : first;
}

export function planStylistCreate(files: ReadonlyMap<string, string>, input: StylistCreate): { planned: Planned; slug: string } | Refusal {
  const unknown = unknownChoices(files, input);
  if (unknown) return unknown;
  const slug = newStylistSlug(files, input);
  const id = Math.max(0, ...stylistRows(files).map((s) => s.id)) + 1;
  const row = { id, first_name: input.first_name, last_name: input.last_name, slug, level: input.level, salon: input.salon, taking_new_clients: true, para_1: input.para_1, ...(input.hidden ? { hidden: true } : {}) };
  const salon = salonRows(files).find((s) => s.id === input.salon)?.name ?? "the team";
  const summary = `Added ${input.first_name} ${input.last_name} to ${salon}${input.hidden ? ", hidden until shown" : ""}`;
  return {
    planned: { what: "team", summary, changes: [{ ...stylistPlace(slug), after: row }] },
    slug,
  };
}

/**
 * Moves a stylist one place up or down the team page (past the next stylist
 * of the same salon). The file's order is the page's; kept as a change of the
 * whole file, so an undo is refused while a later team change stands.
 */
export function planStylistMove(files: ReadonlyMap<string, string>, slug: string, direction: "up" | "down"): { planned: Planned } | Refusal {
  const text = files.get(STYLISTS_FILE) ?? "";
  const doc = YAML.parseDocument(text);
  const items = (doc.contents as unknown as { items: { toJSON(): StylistRow }[] } | null)?.items ?? [];
  const rows = items.map((node) => node.toJSON());
  const at = rows.findIndex((s) => s.slug === slug);
  if (at < 0) return { kind: "not-found", message: "No stylist has that slug" };
  const step = direction === "up" ? -1 : 1;
  let other = at + step;
  while (other >= 0 && other < rows.length && rows[other]!.salon !== rows[at]!.salon) other += step;
  if (other < 0 || other >= rows.length) return { kind: "invalid", message: `${rows[at]!.first_name} is ${direction === "up" ? "first" : "last"} already` };
  const [moved] = items.splice(at, 1);
  items.splice(other, 0, moved!);
  const after = doc.toString({ lineWidth: 0 });
  const them = rows[at]!;
  return {
    planned: { what: "team", summary: `${them.first_name} ${them.last_name} moved ${direction} the team page, past ${rows[other]!.first_name}`, changes: [{ file: STYLISTS_FILE, before: text, after }] },
  };
}

/** One thing a stylist's page wants before they go on the site, and whether they have it. */
export interface ReadinessItem {
  key: "photo" | "words" | "level";
  done: boolean;
  words: string;
}

/**
 * What a (hidden) stylist still lacks before their page reads as finished:
 * a photo of them, words beyond the first paragraph the add form takes, and
 * a level above the lowest one the add form may have left (a manager may
 * still mean it: the list advises, it never stops them being shown).
 */
export function stylistReadiness(
  stylist: Pick<StylistRow, "first_name" | "level" | "para_2">,
  facts: { hasPhoto: boolean; levels: readonly { id: number; name: string; adapter: number }[] },
): ReadinessItem[] {
  const lowest = [...facts.levels].sort((a, b) => a.adapter - b.adapter)[0];
  const levelName = facts.levels.find((l) => l.id === stylist.level)?.name ?? `level ${stylist.level}`;
  const atLowest = lowest !== undefined && stylist.level === lowest.id;
  return [
    { key: "photo", done: facts.hasPhoto, words: facts.hasPhoto ? "A photo of them" : `A photo of ${stylist.first_name}` },
    { key: "words", done: Boolean(stylist.para_2), words: stylist.para_2 ? "Words about them" : "More words about them: a second paragraph below" },
    {
      key: "level",
      done: !atLowest,
      words: atLowest ? `Their level: still ${levelName}, the lowest. Change it below if they are further on` : `Their level: ${levelName}`,
    },
  ];
}
