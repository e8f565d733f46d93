import { describe, expect, it } from "vitest";
import { loadContent } from "~/modules/content/load-content.server";
import {
  addOnCat2For,
  addOnMatches,
  allSelected,
  availability,
  canGoDown,
  canGoUp,
  categoryOfColour,
  checkQuote,
  coloursInCategory,
  colourCategories,
  discountedTotal,
  findColourCategory,
  isListed,
  itemPrice,
  NEW_STARTER_MENS_CUT_MESSAGE,
  priceServices,
  skipsAddOn,
  slotOptions,
  type CalculatorType,
  type PricedService,
  type Selections,
} from "./pricing";

// The real price list and levels (content/services.yaml, content/levels.yaml).
const content = loadContent("content");
const services: PricedService[] = content.services;
const level = (id: number) => content.levels.find((l) => l.id === id)!;
const service = (id: number) => services.find((s) => s.id === id)!;

describe("itemPrice: price * (100 + adapter) / 100, plus product_price where the spec says, in whole pounds", () => {
  it.each([
    // [service id, level id, expected, arithmetic]
    [1, 1, 16, "Cut & Finish 16 * 100/100 = 16 (no product charge on a finish)"],
    [1, 4, 40, "16 * 250/100 = 40"],
    [1, 9, 77, "16 * 480/100 = 76.8, rounds to 77"],
    [5, 1, 20, "Roots 14 * 100/100 + 6 product = 20"],
    [5, 4, 41, "14 * 250/100 = 35 + 6 = 41"],
    [7, 3, 46, "Full Head Colour (short) 20 * 190/100 = 38 + 8 = 46"],
    [19, 9, 31, "colour add-on Gloss 6 * 480/100 = 28.8 + 2 = 30.8, rounds to 31"],
    [20, 4, 13, "finish add-on Curls 5 * 250/100 = 12.5, rounds half up to 13"],
    [23, 9, 15, "bond-building is flat: 15 at any level"],
    [24, 4, 12, "intensive treatment is flat: 12 at any level"],
    [25, 4, 25, "Men's Cut 10 * 250/100 = 25, no product charge on a cut"],
    [27, 1, 16, "Men's Colour Blend 12 * 100/100 + 4 product = 16"],
    [27, 9, 62, "12 * 480/100 = 57.6 + 4 = 61.6, rounds to 62"],
  ])("service %i at level %i costs £%i (%s)", (id, levelId, expected) => {
    expect(itemPrice(service(id), level(levelId))).toBe(expected);
  });

  it("works in pence, so a half pound is not lost to floating point", () => {
    // 0.1 * 300 = 30.000000000000004 in floating point; in pence it is exactly 30p + 10p product.
    const tiny: PricedService = { id: 99, service: "Tiny", price: 0.1, product_price: 0.1, cat1: 2, cat2: 1 };
    expect(itemPrice(tiny, { adapter: 200 })).toBe(0);
    const half: PricedService = { id: 98, service: "Half", price: 0.5, product_price: 0, cat1: 1, cat2: 0 };
    expect(itemPrice(half, { adapter: 0 })).toBe(1);
  });
});

describe("totals checked by hand for each type at levels 1, 4 and 9", () => {
  const cases: { type: CalculatorType; ids: number[]; levelId: number; total: number | null; working: string }[] = [
    // Colour: Full Head Colour (short) 7, Gloss 19, Bond-Building 23, Cut & Finish 1, Curls 20
    { type: "Colour", ids: [7, 19, 23, 1, 20], levelId: 1, total: 72, working: "(20+8) + (6+2) + 15 + 16 + 5 = 28+8+15+16+5 = 72" },
    { type: "Colour", ids: [7, 19, 23, 1, 20], levelId: 4, total: 143, working: "(50+8) + (15+2) + 15 + 40 + 12.5→13 = 58+17+15+40+13 = 143" },
    { type: "Colour", ids: [7, 19, 23, 1, 20], levelId: 9, total: 251, working: "(96+8) + (28.8+2→31) + 15 + 76.8→77 + 24 = 104+31+15+77+24 = 251" },
    // Colour without an add-on: Roots 5 (skips the add-on), no plex, Wash & Blow-dry 3, Straighten 22
    { type: "Colour", ids: [5, 3, 22], levelId: 1, total: 34, working: "(14+6) + 10 + 4 = 34" },
    { type: "Colour", ids: [5, 3, 22], levelId: 4, total: 76, working: "(35+6) + 25 + 10 = 76" },
    { type: "Colour", ids: [5, 3, 22], levelId: 9, total: 140, working: "(67.2+6=73.2→73) + 48 + 19.2→19 = 140" },
    // Cutting & Styling: Restyle 2, Hair Up 21, Intensive Repair 24
    { type: "CuttingStyling", ids: [2, 21, 24], levelId: 1, total: 50, working: "20 + 18 + 12 = 50" },
    { type: "CuttingStyling", ids: [2, 21, 24], levelId: 4, total: 107, working: "50 + 45 + 12 = 107" },
    { type: "CuttingStyling", ids: [2, 21, 24], levelId: 9, total: 194, working: "96 + 86.4→86 + 12 = 194" },
    // Men: Skin Fade 26, Colour Blend 27. New Starters may not cut (no total).
    { type: "Men", ids: [26, 27], levelId: 1, total: null, working: "refused: New Starters don't do men's cuts" },
    { type: "Men", ids: [26, 27], levelId: 4, total: 64, working: "12*2.5=30 + (30+4) = 64" },
    { type: "Men", ids: [26, 27], levelId: 9, total: 120, working: "57.6→58 + (57.6+4=61.6→62) = 120" },
  ];

  it.each(cases)("$type $ids at level $levelId: $working", ({ type, ids, levelId, total }) => {
    const check = checkQuote(ids, services, level(levelId));
    if (total === null) {
      expect(check).toEqual({ ok: false, error: NEW_STARTER_MENS_CUT_MESSAGE });
      return;
    }
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.type).toBe(type);
    expect(check.total).toBe(total);
    expect(check.items.reduce((sum, item) => sum + item.price, 0)).toBe(total);
  });
});

describe("the price list", () => {
  it("lists only services priced above 0", () => {
    expect(isListed({ price: 0 })).toBe(false);
    expect(isListed({ price: 0.5 })).toBe(true);
    const free: PricedService = { id: 90, service: "Free fringe trim", price: 0, product_price: 0, cat1: 1, cat2: 0 };
    expect(slotOptions("finish", [...services, free]).map((s) => s.id)).toEqual([1, 2, 3, 4]);
    expect(checkQuote([90, 20], [...services, free], level(2))).toMatchObject({ ok: false });
  });

  it("prices a list and sums it", () => {
    // 16 + 10 + 12 = 38 at level 1
    expect(priceServices([service(1), service(3), service(24)], level(1))).toEqual({
      items: [
        { id: 1, service: "Cut & Finish", price: 16 },
        { id: 3, service: "Wash & Blow-dry", price: 10 },
        { id: 24, service: "Intensive Repair Treatment", price: 12 },
      ],
      total: 38,
    });
  });
});

describe("level limits", () => {
  it.each([
    [0, true, false],
    [1, true, false],
    [2, true, true],
    [8, true, true],
    [9, false, true],
  ])("level %i: up %s, down %s", (id, up, down) => {
    expect(canGoUp(id)).toBe(up);
    expect(canGoDown(id)).toBe(down);
  });
});

describe("New Starter restrictions (level 1)", () => {
  it.each([
    [25, "Men's Cut"],
    [26, "Men's Skin Fade"],
  ])("refuses men's cut %i (%s) with the spec's message", (id) => {
    expect(availability(service(id), 1)).toEqual({ available: false, reason: NEW_STARTER_MENS_CUT_MESSAGE });
    expect(availability(service(id), 2)).toEqual({ available: true });
  });

  it.each([
    [12, "Balayage"],
    [13, "Full Head Bleach"],
    [15, "Vivids"],
    [16, "Colour Correction"],
    [10, "Full Head Foils (by id)"],
    [14, "Colour Melt (by id)"],
  ])("fades out colour %i (%s) at level 1 only", (id) => {
    expect(availability(service(id), 1).available).toBe(false);
    expect(availability(service(id), 2).available).toBe(true);
  });

  it.each([5, 6, 7, 8, 9, 11, 27, 1, 20, 23, 24])("lets New Starters do service %i", (id) => {
    expect(availability(service(id), 1).available).toBe(true);
  });

  it("refuses a New Starter quote with a barred colour", () => {
    expect(checkQuote([12, 1, 20], services, level(1))).toMatchObject({ ok: false });
    expect(checkQuote([12, 1, 20], services, level(2))).toMatchObject({ ok: true });
  });
});

describe("colour categories", () => {
  it.each([
    ["roots", [5], true],
    ["roots-refresh", [6], true],
    ["full-head", [7, 8, 14], false],
    ["foils", [9, 10, 11], false],
    ["balayage", [12], true],
    ["bleach", [13], false],
    ["vivids", [15], true],
    ["correction", [16], true],
  ] as const)("%s offers %j and skips the add-on: %s", (key, ids, skip) => {
    const category = findColourCategory(key)!;
    expect(coloursInCategory(category, services).map((s) => s.id)).toEqual(ids);
    expect(category.skipAddOn).toBe(skip);
    for (const id of ids) {
      expect(skipsAddOn(service(id).cat2)).toBe(skip);
      expect(categoryOfColour(service(id), services)?.key).toBe(key);
    }
  });

  it("Roots and Roots & Refresh pick the first and second classic colour", () => {
    expect(colourCategories.filter((c) => c.pick !== undefined).map((c) => [c.label, c.pick])).toEqual([
      ["Roots", 0],
      ["Roots & Refresh", 1],
    ]);
  });
});

describe("colour add-ons go with one kind of colour", () => {
  it.each([
    [2, 1, "foils take cat2 1"],
    [4, 2, "bleach takes cat2 2"],
    [1, 3, "full head colour takes cat2 3"],
    [0, undefined, "roots take none"],
    [3, undefined, "balayage takes none"],
  ])("colour cat2 %i → add-on cat2 %s (%s)", (colourCat2, addOnCat2, _why) => {
    expect(addOnCat2For(colourCat2)).toBe(addOnCat2);
  });

  it.each([
    [9, [17]],
    [13, [18]],
    [7, [19]],
    [5, []],
    [12, []],
  ])("colour %i lists add-ons %j", (colourId, addOnIds) => {
    expect(slotOptions("colourAddOn", services, { colour: service(colourId) }).map((s) => s.id)).toEqual(addOnIds);
  });

  it("refuses an add-on that does not go with the colour, or one without a colour", () => {
    expect(addOnMatches(service(17), service(7))).toBe(false);
    // Toner with Foils (17) on a full head colour (7)
    expect(checkQuote([7, 17, 1, 20], services, level(3))).toMatchObject({ ok: false, error: expect.stringContaining("doesn't go with") });
    // Gloss (19) on roots (5), which skip the add-on
    expect(checkQuote([5, 19, 1], services, level(3))).toMatchObject({ ok: false });
    // An add-on in a cutting quote
    expect(checkQuote([19, 1], services, level(3))).toMatchObject({ ok: false });
  });
});

describe("allSelected", () => {
  const cases: [CalculatorType, Selections, boolean, boolean][] = [
    ["Colour", { colour: 7, colourAddOn: 19, plex: 23, finish: 1, finishAddOn: 20 }, false, true],
    ["Colour", { colour: 7, colourAddOn: "none", plex: "none", finish: 1, finishAddOn: "none" }, false, true],
    ["Colour", { colour: 7, plex: 23, finish: 1, finishAddOn: 20 }, false, false],
    ["Colour", { colour: 5, finish: 1, finishAddOn: 20 }, true, true],
    ["Colour", { colour: 5, finish: 1 }, true, false],
    ["Colour", { colourAddOn: 19, plex: 23, finish: 1, finishAddOn: 20 }, false, false],
    ["CuttingStyling", { finish: 1, finishAddOn: 20, treatment: 24 }, false, true],
    ["CuttingStyling", { finish: 1, finishAddOn: 20 }, false, false],
    ["CuttingStyling", { finishAddOn: 20, treatment: "none" }, false, false],
    ["Men", { mensCut: 25, mensColour: "none" }, false, true],
    ["Men", { mensCut: 25 }, false, false],
    ["Men", { mensColour: 27 }, false, false],
  ];
  it.each(cases)("%s %j (skip %s) → %s", (type, selections, skip, expected) => {
    expect(allSelected(type, selections, skip)).toBe(expected);
  });
});

describe("checkQuote refuses what the calculator would not allow", () => {
  it.each([
    [[], "no services"],
    [[999], "an unknown id"],
    [[1, 1], "the same service twice"],
    [[1, 2], "two finishes"],
    [[7, 8, 1], "two colours"],
    [[25, 1], "a men's cut with a women's finish"],
    [[24, 23, 1], "bond-building in a cutting quote"],
    [[7, 24, 1], "an intensive treatment in a colour quote"],
    [[20], "a finish add-on without a finish"],
    [[7, 19], "a colour without a finish"],
    [[27], "a men's colour without a cut"],
  ])("%j: %s", (ids) => {
    expect(checkQuote(ids, services, level(3)).ok).toBe(false);
  });

  it("accepts optional steps left out, and orders items as the calculator does", () => {
    const check = checkQuote([1, 24], services, level(2));
    expect(check).toMatchObject({ ok: true, type: "CuttingStyling" });
    const colour = checkQuote([20, 1, 23, 9, 17], services, level(2));
    expect(colour.ok && colour.items.map((i) => i.id)).toEqual([9, 17, 23, 1, 20]);
  });
});

describe("first-visit offer", () => {
  it.each([
    [100, 80, "100 * 0.8 = 80"],
    [143, 114, "143 * 0.8 = 114.4, rounds to 114"],
    [72, 58, "72 * 0.8 = 57.6, rounds to 58"],
  ])("£%i → £%i (%s)", (total, expected) => {
    expect(discountedTotal(total)).toBe(expected);
  });
});
