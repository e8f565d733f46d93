/**
 * The price list in the studio: what a manager may change of a service
 * (its name, price, product price, chair time and whether it is hidden),
 * adding one, and the levels' names and descriptions; with the words the
 * history shows ("Roots £14 → £16"). Pure: the changes are planned on the
 * files, and studio.server.ts stores them after the content loader's own
 * schemas have checked the whole site.
 */
import { baseForLevelPrices } from "~/modules/pricing/pricing";
import type { z } from "zod";
import type { levelRecordSchema, serviceRecordSchema } from "~/modules/catalogue/entities";
import { formatPrice } from "~/utils/money";
import { dataOf, type Change, type Planned, type Refusal } from "./changes";
import type { LevelPatch, LevelPriceAsked, ServiceCreate, ServicePatch } from "./studio-forms";

export const SERVICES_FILE = "services.yaml";
export const LEVELS_FILE = "levels.yaml";

/** A service as services.yaml holds it. */
export type ServiceRow = z.input<typeof serviceRecordSchema>;
export type LevelRow = z.input<typeof levelRecordSchema>;

/** The price list as the files hold it, hidden services included. */
export function serviceRows(files: ReadonlyMap<string, string>): ServiceRow[] {
  return dataOf<ServiceRow[]>(files, SERVICES_FILE, []);
}

export function levelRows(files: ReadonlyMap<string, string>): LevelRow[] {
  return dataOf<LevelRow[]>(files, LEVELS_FILE, []);
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

/** Where a service lives in the files, and a level: the place each one's version is of (versions.server.ts). */
export const servicePlace = (id: number) => ({ file: SERVICES_FILE, item: { list: [], key: "id" as const, value: id } });
export const levelPlace = (id: number) => ({ file: LEVELS_FILE, item: { list: [], key: "id" as const, value: id } });

/** "Roots £14 → £16", "Roots: product £3 → £4, 30 → 45 minutes, hidden". */
export function describeServiceChange(before: ServiceRow, after: ServiceRow): string {
  const parts: string[] = [];
  if (after.price !== before.price) parts.push(`${formatPrice(before.price)} → ${formatPrice(after.price)}`);
  if (after.product_price !== before.product_price) parts.push(`product ${formatPrice(before.product_price)} → ${formatPrice(after.product_price)}`);
  if (after.minutes !== before.minutes) parts.push(`${before.minutes} → ${after.minutes} minutes`);
  if (Boolean(after.hidden) !== Boolean(before.hidden)) parts.push(after.hidden ? "hidden" : "shown again");
  const renamed = after.service !== before.service;
  const name = renamed ? `${before.service} (now ${after.service})` : before.service;
  if (parts.length === 0) return renamed ? `${before.service} renamed ${after.service}` : `${name}: nothing changed`;
  return parts.length === 1 && parts[0]!.startsWith("£") ? `${name} ${parts[0]}` : `${name}: ${parts.join(", ")}`;
}

/**
 * A service's change, planned on the files; 404 for an id the price list does
 * not have. The page gives the price as each level charges it (`prices`): the
 * base price is worked out from them, or the change refused with why.
 */
export function planServicePatch(
  files: ReadonlyMap<string, string>,
  id: number,
  asked: ServicePatch & { prices?: LevelPriceAsked[] },
): { planned: Planned; after: ServiceJson } | Refusal {
  const before = serviceRows(files).find((s) => s.id === id);
  if (!before) return { kind: "not-found", message: "The price list has no service with that id" };
  const { prices, ...patch } = asked;
  if (prices) {
    const levels = levelRows(files);
    const wanted = prices.map((p) => ({ level: levels.find((l) => l.id === p.level), price: p.price }));
    if (wanted.some((w) => !w.level)) return { kind: "invalid", message: "A level of this form is no longer on the price list: load the page again" };
    const found = baseForLevelPrices({ ...before, product_price: patch.product_price ?? before.product_price }, wanted as { level: LevelRow; price: number }[]);
    if ("problem" in found) return { kind: "invalid", message: found.problem };
    patch.price = found.base;
  }
  // "Shown" is the files' default: written by leaving `hidden` out.
  const wanted: Partial<ServiceRow> = { ...patch, ...(patch.hidden === false ? { hidden: undefined } : {}) };
  const fields = (["service", "price", "product_price", "minutes", "hidden"] as const).filter((f) => f in patch);
  const changes: Change[] = fields.map((field) => ({ ...servicePlace(id), field, before: before[field], after: wanted[field] }));
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
      summary: `Added ${row.service} at ${formatPrice(row.price)}${row.product_price > 0 ? ` + ${formatPrice(row.product_price)} product` : ""}`,
      changes: [{ ...servicePlace(id), after: ordered }],
    },
    id,
  };
}

/** A level's name or description. */
export function planLevelPatch(files: ReadonlyMap<string, string>, id: number, patch: LevelPatch): { planned: Planned } | Refusal {
  const before = levelRows(files).find((l) => l.id === id);
  if (!before) return { kind: "not-found", message: "There is no level with that id" };
  const fields = (["name", "description"] as const).filter((f) => patch[f] !== undefined);
  const changes: Change[] = fields.map((field) => ({ ...levelPlace(id), field, before: before[field], after: patch[field] }));
  const words = [
    patch.name !== undefined && patch.name !== before.name ? `renamed ${patch.name}` : null,
    patch.description !== undefined && patch.description !== before.description ? "new description" : null,
  ].filter(Boolean);
  return { planned: { what: "levels", summary: `Level ${before.name}: ${words.join(", ") || "nothing changed"}`, changes } };
}

interface ClaimsFile {
  priceClaims?: {
    combinations?: Record<string, { services?: number[] }>;
    teamPrice?: string;
    claims?: Record<string, { combination?: string }>;
  };
  offers?: { slug: string; title: string; prices?: { claim: string }[] }[];
}

/**
 * What a change to one service's price moves besides the price list and the
 * calculator: the offers whose example prices (or words) claim it, other
 * pages that quote those claims, and the team's average prices. Offers by
 * slug (their titles may hold placeholders: the caller names them).
 */
export function whatAPriceMoves(files: ReadonlyMap<string, string>, serviceId: number): { offers: string[]; otherPages: number; team: boolean } {
  let parsed: ClaimsFile;
  try {
    parsed = dataOf<ClaimsFile>(files, "offers.yaml", {});
  } catch {
    return { offers: [], otherPages: 0, team: false };
  }
  const combinations = parsed.priceClaims?.combinations ?? {};
  const uses = (combination: string | undefined) => Boolean(combination && combinations[combination]?.services?.includes(serviceId));
  const claims = Object.entries(parsed.priceClaims?.claims ?? {})
    .filter(([, claim]) => uses(claim.combination))
    .map(([name]) => name);
  const quotes = (text: string) => claims.some((name) => text.includes(`{{${name}}}`) || text.includes(`{{${name}Was}}`));
  const offers = (parsed.offers ?? []).filter((o) => (o.prices ?? []).some((p) => claims.includes(p.claim)) || quotes(JSON.stringify(o))).map((o) => o.slug);
  const otherPages = [...files].filter(([name, text]) => name !== "offers.yaml" && quotes(text)).length;
  return { offers, otherPages, team: uses(parsed.priceClaims?.teamPrice) };
}

/** "Also moves 2 offers' prices and the team's average prices." */
export function describeWhatMoves(moves: { offers: string[]; otherPages: number; team: boolean }): string {
  const parts = [
    moves.offers.length > 0 ? `${moves.offers.length === 1 ? "1 offer" : `${moves.offers.length} offers`} (${moves.offers.join("; ")})` : null,
    moves.otherPages > 0 ? (moves.otherPages === 1 ? "1 other page" : `${moves.otherPages} other pages`) : null,
    moves.team ? "the team's average prices" : null,
  ].filter(Boolean);
  return parts.length === 0 ? "Its price shows on the price list and in the calculator only." : `A new price also changes ${parts.join(", ").replace(/, ([^,]*)$/, " and $1")}.`;
}
