/**
 * The price list in the studio: what a manager may change of a service
 * (its name, price, product price, chair time and whether it is hidden),
 * adding one, and the levels' names and descriptions; with the words the
 * history shows ("Roots £14 → £16"). Pure: the changes are planned on the
 * files, and studio.server.ts stores them after the content loader's own
 * schemas have checked the whole site.
 */
import YAML from "yaml";
import { z } from "zod";
import type { Change, Planned, Refusal } from "./changes";

export const SERVICES_FILE = "services.yaml";
export const LEVELS_FILE = "levels.yaml";

/** A form's empty box is "not given"; a form's number comes as text. */
const blankIsMissing = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const numberFrom = (value: unknown) => {
  const given = blankIsMissing(value);
  if (typeof given !== "string") return given;
  const cleaned = given.trim().replace(/^£/, "");
  return /^-?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : given;
};

const pounds = (what: string) =>
  z.preprocess(
    numberFrom,
    z
      .number({ error: `Give the ${what} in pounds, like 14 or 14.50` })
      .min(0, `The ${what} cannot be below £0`)
      .max(10000, `The ${what} looks too high: give it in pounds, like 14 or 14.50`)
      .refine((n) => Math.round(n * 100) === n * 100, `Give the ${what} to the penny at most, like 14.50`),
  );
const minutes = z.preprocess(
  numberFrom,
  z
    .number({ error: "Give the chair time in minutes, processing included, like 45" })
    .int("Give the chair time in whole minutes, like 45")
    .min(5, "The chair time is at least 5 minutes")
    .max(600, "The chair time is at most 600 minutes (10 hours)"),
);
const serviceName = z.preprocess(
  blankIsMissing,
  z.string({ error: "Give the service a name" }).trim().min(1, "Give the service a name").max(80, "Please keep the name to 80 characters or fewer"),
);
const flag = (words: string) => z.preprocess((v) => (v === "true" || v === "on" ? true : v === "false" ? false : v), z.boolean({ error: words }));
const category = (low: number, words: string) => z.preprocess(numberFrom, z.number({ error: words }).int(words).min(low, words).max(6, words));

/** PATCH /api/staff/studio/services/{id}: any of these. */
export const servicePatchSchema = z
  .object({
    service: serviceName,
    price: pounds("price"),
    product_price: pounds("product price"),
    minutes,
    hidden: flag("Say whether it is hidden: true or false"),
  })
  .partial();
export type ServicePatch = z.infer<typeof servicePatchSchema>;

/** POST /api/staff/studio/services. */
export const serviceCreateSchema = z.object({
  service: serviceName,
  price: pounds("price"),
  product_price: pounds("product price"),
  cat1: category(1, "Choose the part of the price list it goes in"),
  cat2: category(0, "Choose where it goes in the calculator (0 to 6)"),
  minutes,
});
export type ServiceCreate = z.infer<typeof serviceCreateSchema>;

const levelName = z.preprocess(
  blankIsMissing,
  z.string({ error: "Give the level a name" }).trim().min(1, "Give the level a name").max(40, "Please keep the name to 40 characters or fewer"),
);
const levelDescription = z.preprocess(
  blankIsMissing,
  z
    .string({ error: "Say in a sentence what this level means to a client" })
    .trim()
    .min(1, "Say in a sentence what this level means to a client")
    .max(300, "Please keep the description to 300 characters or fewer"),
);
export const levelPatchSchema = z.object({ name: levelName, description: levelDescription }).partial();
export type LevelPatch = z.infer<typeof levelPatchSchema>;

/** A service as services.yaml holds it. */
export interface ServiceRow {
  id: number;
  service: string;
  price: number;
  product_price: number;
  cat1: number;
  cat2: number;
  minutes: number;
  hidden?: boolean;
}

export interface LevelRow {
  id: number;
  name: string;
  adapter: number;
  description: string;
}

/** The price list as the files hold it, hidden services included. */
export function serviceRows(files: ReadonlyMap<string, string>): ServiceRow[] {
  return (YAML.parse(files.get(SERVICES_FILE) ?? "[]") as ServiceRow[] | null) ?? [];
}

export function levelRows(files: ReadonlyMap<string, string>): LevelRow[] {
  return (YAML.parse(files.get(LEVELS_FILE) ?? "[]") as LevelRow[] | null) ?? [];
}

/** £14, £14.50. */
export function money(amount: number): string {
  return Number.isInteger(amount) ? `£${amount}` : `£${amount.toFixed(2)}`;
}

/** A service as the studio's API answers it: the public fields and whether it is hidden. */
export type ServiceJson = Required<ServiceRow>;
export const serviceJson = (row: ServiceRow): ServiceJson => ({
  id: row.id,
  service: row.service,
  price: row.price,
  product_price: row.product_price,
  cat1: row.cat1,
  cat2: row.cat2,
  minutes: row.minutes,
  hidden: Boolean(row.hidden),
});

const serviceRef = (id: number) => ({ list: [], key: "id" as const, value: id });

/** "Roots £14 → £16", "Roots: product £3 → £4, 30 → 45 minutes, hidden". */
export function describeServiceChange(before: ServiceRow, after: ServiceRow): string {
  const parts: string[] = [];
  if (after.price !== before.price) parts.push(`${money(before.price)} → ${money(after.price)}`);
  if (after.product_price !== before.product_price) parts.push(`product ${money(before.product_price)} → ${money(after.product_price)}`);
  if (after.minutes !== before.minutes) parts.push(`${before.minutes} → ${after.minutes} minutes`);
  if (Boolean(after.hidden) !== Boolean(before.hidden)) parts.push(after.hidden ? "hidden" : "shown again");
  const renamed = after.service !== before.service;
  const name = renamed ? `${before.service} (now ${after.service})` : before.service;
  if (parts.length === 0) return renamed ? `${before.service} renamed ${after.service}` : `${name}: nothing changed`;
  return parts.length === 1 && parts[0]!.startsWith("£") ? `${name} ${parts[0]}` : `${name}: ${parts.join(", ")}`;
}

/** A service's change, planned on the files; 404 for an id the price list does not have. */
export function planServicePatch(files: ReadonlyMap<string, string>, id: number, patch: ServicePatch): { planned: Planned; after: ServiceJson } | Refusal {
  const before = serviceRows(files).find((s) => s.id === id);
  if (!before) return { kind: "not-found", message: "The price list has no service with that id" };
  // "Shown" is the files' default: written by leaving `hidden` out.
  const wanted: Partial<ServiceRow> = { ...patch, ...(patch.hidden === false ? { hidden: undefined } : {}) };
  const fields = (["service", "price", "product_price", "minutes", "hidden"] as const).filter((f) => f in patch);
  const changes: Change[] = fields.map((field) => ({ file: SERVICES_FILE, item: serviceRef(id), field, before: before[field], after: wanted[field] }));
  const after: ServiceRow = { ...before, ...patch };
  return { planned: { what: "price list", summary: describeServiceChange(before, after), changes }, after: serviceJson(after) };
}

/** A new service: the next id after every one the files hold (hidden ones too). */
export function planServiceCreate(files: ReadonlyMap<string, string>, input: ServiceCreate): { planned: Planned; id: number } {
  const id = Math.max(0, ...serviceRows(files).map((s) => s.id)) + 1;
  const row: ServiceRow = { id, ...input };
  const ordered = { id, service: row.service, price: row.price, product_price: row.product_price, cat1: row.cat1, cat2: row.cat2, minutes: row.minutes };
  return {
    planned: {
      what: "price list",
      summary: `Added ${row.service} at ${money(row.price)}${row.product_price > 0 ? ` + ${money(row.product_price)} product` : ""}`,
      changes: [{ file: SERVICES_FILE, item: serviceRef(id), after: ordered }],
    },
    id,
  };
}

/** A level's name or description. */
export function planLevelPatch(files: ReadonlyMap<string, string>, id: number, patch: LevelPatch): { planned: Planned } | Refusal {
  const before = levelRows(files).find((l) => l.id === id);
  if (!before) return { kind: "not-found", message: "There is no level with that id" };
  const fields = (["name", "description"] as const).filter((f) => patch[f] !== undefined);
  const changes: Change[] = fields.map((field) => ({ file: LEVELS_FILE, item: { list: [], key: "id", value: id }, field, before: before[field], after: patch[field] }));
  const words = [
    patch.name !== undefined && patch.name !== before.name ? `renamed ${patch.name}` : null,
    patch.description !== undefined && patch.description !== before.description ? "new description" : null,
  ].filter(Boolean);
  return { planned: { what: "levels", summary: `Level ${before.name}: ${words.join(", ") || "nothing changed"}`, changes } };
}
