import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import type { Level, Service } from "~/modules/catalogue/entities";
import { loadContent } from "./load-content.server";
import { fixtureContentDir, fixtureCopy } from "../../../tests/support/fixture";
import { claimTokens, priceClaimsSchema, teamPricesByLevel, workOutClaims } from "~/modules/offers/price-claims";

const levels: Level[] = [
  { id: 1, name: "New Starter", adapter: 0 },
  { id: 2, name: "Apprentice", adapter: 40 },
  { id: 4, name: "Graduate Stylist", adapter: 150 },
];
const services: Service[] = [
  { id: 1, service: "Cut & Finish", price: 16, product_price: 0, cat1: 1, cat2: 0, minutes: 30 },
  { id: 3, service: "Wash & Blow-dry", price: 10, product_price: 0, cat1: 1, cat2: 0, minutes: 30 },
  { id: 5, service: "Roots", price: 14, product_price: 6, cat1: 2, cat2: 0, minutes: 30 },
  { id: 8, service: "Full Head Colour (long)", price: 26, product_price: 10, cat1: 2, cat2: 1, minutes: 30 },
  { id: 12, service: "Balayage", price: 42, product_price: 10, cat1: 2, cat2: 3, minutes: 30 },
];
const claims = (input: object) => workOutClaims(priceClaimsSchema.parse({ teamPrice: "cutColour", ...input }), services, levels);

describe("workOutClaims", () => {
  it.each([
    // The calculator's formula: price * (100 + adapter) / 100, plus the product charge for colour, each in whole pounds.
    ["a combination at New Starter", { combination: "rootsBlow", level: 1 }, { price: 30 }],
    ["the same at Graduate", { combination: "rootsBlow", level: 4 }, { price: 66 }], // 41 + 25
    // Apprentice: cut 22.4 → 22, colour 36.4 + 10 → 46: 68; 25% off → 51.
    ["a percentage off", { combination: "cutColour", level: 2, off: 25 }, { price: 51, was: 68 }],
    // Graduate: cut 40, colour 65 + 10 = 75: 115, the cut free → 75.
    ["a free service", { combination: "cutColour", level: 4, free: [1] }, { price: 75, was: 115 }],
    ["a free service and a percentage off", { combination: "cutColour", level: 4, free: [1], off: 20 }, { price: 60, was: 115 }],
  ])("prices %s", (_label, claim, expected) => {
    const { prices, problems } = claims({
      combinations: { rootsBlow: { services: [5, 3] }, cutColour: { services: [1, 8] } },
      claims: { it: claim },
    });
    expect(problems).toEqual([]);
    expect(prices.it).toEqual(expected);
  });

  it("names every claim that cannot be priced", () => {
    const { problems } = claims({
      combinations: { ok: { services: [1, 8] }, ghost: { services: [1, 99] }, balayage: { services: [12] } },
      claims: {
        noCombination: { combination: "missing", level: 1 },
        noLevel: { combination: "ok", level: 7 },
        noService: { combination: "ghost", level: 1 },
        barred: { combination: "balayage", level: 1 },
        strayFree: { combination: "ok", level: 1, free: [3] },
      },
    });
    expect(problems).toEqual([
      "priceClaims.claims.noCombination: unknown combination missing",
      "priceClaims.claims.noLevel: unknown level 7",
      "priceClaims.claims.noService: combination ghost has unknown service 99",
      "priceClaims.claims.barred: a New Starter does not offer Balayage",
      "priceClaims.claims.strayFree: free service 3 is not in combination ok",
    ]);
  });

  it("gives each claim two placeholders: what the visitor pays and the price before", () => {
    expect(claimTokens({ a: { price: 51, was: 68 }, b: { price: 30 } })).toEqual({ a: "£51", aBefore: "£68", b: "£30", bBefore: "£30" });
  });
});

describe("teamPricesByLevel", () => {
  it("prices the team's cut and colour at every level, and says which level cannot do it", () => {
    const input = priceClaimsSchema.parse({
      combinations: { cutColour: { services: [1, 8] }, balayage: { services: [1, 12] } },
      teamPrice: "cutColour",
      claims: {},
    });
    // New Starter: 16 + (26 + 10) = 52. Apprentice: 22.4 → 22, 36.4 + 10 → 46: 68. Graduate: 40 + (65 + 10) = 115.
    expect(teamPricesByLevel(input, services, levels).prices).toEqual(new Map([[1, 52], [2, 68], [4, 115]]));
    const barred = teamPricesByLevel({ ...input, teamPrice: "balayage" }, services, levels);
    expect(barred.problems.get(1)).toBe("priceClaims.teamPrice: a New Starter does not offer Balayage");
    // Graduate: cut 40, Balayage 42 * 2.5 + 10 = 115: 155.
    expect(barred.prices.get(4)).toBe(155);
  });
});

describe("the claims in the copy follow the price list", () => {
  let dir = "";
  afterEach(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("moves every claim when a price in a copy of the fixture changes, at the next start", () => {
    const before = loadContent(fixtureContentDir).copy.offers;
    const starter = before.offers.find((o) => o.slug === "new-starter")!;
    // Roots Touch-up (15 + 5) and Blow-dry (11) at New Starter.
    expect(before.claims.starterFrom).toEqual({ price: 31 });
    expect(starter.title).toBe("Roots and a blow-dry from £31");
    expect(starter.prices).toEqual([{ label: "Roots and blow-dry", price: 31 }]);

    dir = fixtureCopy(["services.yaml", "service: Blow-dry, price: 11,", "service: Blow-dry, price: 14,"]);

    const after = loadContent(dir).copy.offers;
    const moved = after.offers.find((o) => o.slug === "new-starter")!;
    expect(after.claims.starterFrom).toEqual({ price: 34 });
    expect(moved.title).toBe("Roots and a blow-dry from £34");
    expect(moved.headline).toBe("From £34");
    expect(moved.description).toContain("from £34 at");
    expect(moved.prices).toEqual([{ label: "Roots and blow-dry", price: 34 }]);
    // The Graduate's blow-dry is the free part of the welcome-back colour: 22 * 2.6 + 9 = 66; blow-dry 14 * 2.6 = 36.4 → 36.
    expect(after.offers.find((o) => o.slug === "welcome-back")!.prices).toEqual([{ label: "Graduate colour and blow-dry", price: 66, was: 102 }]);
  });

  it("moves the team pages' cut and colour when a price in a copy of the fixture changes", () => {
    const rosa = (dir: string) => loadContent(dir).stylists.find((s) => s.slug === "rosa")!;
    // Rosa is a Graduate (uplift 160%): Cut & Blow-dry 18 * 2.6 = 46.8 → 47; All-over Colour 22 * 2.6 + 9 = 66.2 → 66.
    expect(rosa(fixtureContentDir).average_price).toBe(113);
    dir = fixtureCopy(["services.yaml", "service: Cut & Blow-dry, price: 18,", "service: Cut & Blow-dry, price: 20,"]);
    // 20 * 2.6 = 52, + 66.
    expect(rosa(dir).average_price).toBe(118);
  });

  it("stops the start, naming the claim, when a price list change leaves a claim unpriceable", () => {
    dir = fixtureCopy(["offers.yaml", "rootsAndBlowDry: { services: [3, 2] }", "rootsAndBlowDry: { services: [3, 2, 7] }"]);
    expect(() => loadContent(dir)).toThrow(/content\/offers\.yaml: priceClaims\.claims\.starterFrom: a New Starter does not offer Hand-painted Balayage/);
  });
});
