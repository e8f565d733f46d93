/**
 * Every price the offers' words claim ("from £30", "average £68, £51 with the
 * offer", the New Year prices by level), and each stylist's "Average Cut &
 * Colour price" on the team pages, is worked out from the price list
 * (services.yaml and levels.yaml) with the calculator's own formula
 * (`itemPrice` in modules/pricing), never typed into the copy. The content
 * states each combination once, which services at which level, and the copy
 * says {{claimName}} where the price goes; a price edit moves every claim at
 * the next start. Pure (docs/decisions/0019).
 */
import { z } from "zod";
import type { Level, Service } from "~/modules/catalogue/entities";
import { id, text } from "~/modules/fields/content-fields";
import { availability, discountedTotal, itemPrice } from "~/modules/pricing/pricing";
import { formatPounds } from "~/utils/money";

/** A claim's name is a placeholder's: letters only, so {{newStarterFrom}} in the copy. */
const claimName = z.string().regex(/^[a-z][a-zA-Z]*$/, "letters only, starting lower-case (it is used as {{name}} in the copy)");

export const priceClaimsSchema = z.object({
  /** Sets of services from services.yaml, by id, that the claims price: "cutAndColour: { services: [1, 8] }". */
  combinations: z.record(claimName, z.object({ description: text.optional(), services: z.array(id).min(1) })),
  /** The combination the team pages price at each stylist's own level, as their "Average Cut & Colour price". */
  teamPrice: claimName,
  /** Each claim: a combination at one level, with what the offer takes off it. */
  claims: z.record(
    claimName,
    z.object({
      combination: claimName,
      /** A level id from levels.yaml. */
      level: id,
      /** A percentage off the whole ("25" for 25% off). */
      off: z.number().int().min(1).max(99).optional(),
      /** Services of the combination the offer gives free (the New Year offer's cut). */
      free: z.array(id).default([]),
    }),
  ),
});
export type PriceClaimsInput = z.output<typeof priceClaimsSchema>;

/** What a claim comes to: the price the visitor pays, and the price before the offer where it takes something off. */
export interface ClaimedPrice {
  price: number;
  was?: number;
}

/** One combination's price at one level (before any offer), with the services and level it priced, or what stops it being priced. */
function priceCombination(
  input: PriceClaimsInput,
  name: string,
  level: Level | undefined,
  levelId: number,
  services: readonly Service[],
): { full: number; chosen: Service[]; level: Level } | { problem: string } {
  const combination = input.combinations[name];
  if (!combination) return { problem: `unknown combination ${name}` };
  if (!level) return { problem: `unknown level ${levelId}` };
  const chosen = combination.services.map((serviceId) => services.find((s) => s.id === serviceId));
  const missing = combination.services.filter((_, i) => !chosen[i]);
  if (missing.length > 0) return { problem: `combination ${name} has unknown service ${missing.join(", ")}` };
  const priced = chosen as Service[];
  const barred = priced.filter((s) => !availability(s, level.id).available);
  if (barred.length > 0) return { problem: `a ${level.name} does not offer ${barred.map((s) => s.service).join(", ")}` };
  return { full: priced.reduce((sum, s) => sum + itemPrice(s, level), 0), chosen: priced, level };
}

/** Works out every claim from the price list; `problems` names each claim that cannot be priced. */
export function workOutClaims(
  input: PriceClaimsInput,
  services: readonly Service[],
  levels: readonly Level[],
): { prices: Record<string, ClaimedPrice>; problems: string[] } {
  const prices: Record<string, ClaimedPrice> = {};
  const problems: string[] = [];
  for (const [name, claim] of Object.entries(input.claims)) {
    const where = `priceClaims.claims.${name}`;
    const worked = priceCombination(input, claim.combination, levels.find((l) => l.id === claim.level), claim.level, services);
    if ("problem" in worked) {
      problems.push(`${where}: ${worked.problem}`);
      continue;
    }
    const combination = input.combinations[claim.combination]!;
    const strayFree = claim.free.filter((f) => !combination.services.includes(f));
    if (strayFree.length > 0) {
      problems.push(`${where}: free service ${strayFree.join(", ")} is not in combination ${claim.combination}`);
      continue;
    }
    const { full, chosen, level } = worked;
    const afterFree = full - chosen.filter((s) => claim.free.includes(s.id)).reduce((sum, s) => sum + itemPrice(s, level), 0);
    const price = claim.off === undefined ? afterFree : discountedTotal(afterFree, claim.off);
    prices[name] = price === full ? { price } : { price, was: full };
  }
  return { prices, problems };
}

/**
 * The team pages' "Average Cut & Colour price" for each level: the `teamPrice`
 * combination at that level. A level that cannot do it (a New Starter barred
 * from one of its colours) has no price, and `problems` says so only when a
 * stylist is at that level (the caller checks).
 */
export function teamPricesByLevel(
  input: PriceClaimsInput,
  services: readonly Service[],
  levels: readonly Level[],
): { prices: Map<number, number>; problems: Map<number, string> } {
  const prices = new Map<number, number>();
  const problems = new Map<number, string>();
  for (const level of levels) {
    const worked = priceCombination(input, input.teamPrice, level, level.id, services);
    if ("problem" in worked) problems.set(level.id, `priceClaims.teamPrice: ${worked.problem}`);
    else prices.set(level.id, worked.full);
  }
  return { prices, problems };
}

/** The placeholders the claims fill: {{name}} is what the visitor pays ("£51"), {{nameBefore}} the price before the offer ("£68"). */
export function claimTokens(prices: Record<string, ClaimedPrice>): Record<string, string> {
  const tokens: Record<string, string> = {};
  for (const [name, { price, was }] of Object.entries(prices)) {
    tokens[name] = formatPounds(price);
    tokens[`${name}Before`] = formatPounds(was ?? price);
  }
  return tokens;
}
