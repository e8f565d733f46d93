import { describe, expect, it } from "vitest";
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
  formatDuration,
  formatShortDuration,
  totalMinutes,
  isListed,
  itemPrice,
  levelPricesFor,
  baseForLevelPrices,
  levelNotOfferedMessage,
  lightensHair,
  levelOfferedAt,
  levelsAtSalon,
  neighbourLevel,
  NEW_STARTER_MENS_CUT_MESSAGE,
  onlyColourIn,
  quoteHasColour,
  priceServices,
  skipsAddOn,
  slotOptions,
  type CalculatorType,
  type Selections,
} from "./pricing";
import type { Service } from "~/modules/catalogue/entities";
import { fixture, level, salons } from "../../../tests/support/fixture";

// The fixture salon's price list and levels (tests/fixtures/content/services.yaml and levels.yaml):
// adapters 0, 50, 100, 160, 220, 280, 330 for levels 1 to 7.
const services: Service[] = fixture.services;
const service = (id: number) => services.find((s) => s.id === id)!;

describe("itemPrice: price * (100 + adapter) / 100, plus product_price where the spec says, in whole pounds", () => {
  it.each([
    // [service id, level id, expected, arithmetic]
    [1, 1, 18, "Cut & Blow-dry 18 * 100/100 = 18 (no product charge on a finish)"],
    [1, 4, 47, "18 * 260/100 = 46.8, rounds to 47"],
    [1, 7, 77, "18 * 430/100 = 77.4, rounds to 77"],
    [3, 1, 20, "Roots Touch-up 15 * 100/100 + 5 product = 20"],
    [3, 4, 44, "15 * 260/100 = 39 + 5 = 44"],
    [5, 3, 53, "All-over Colour 22 * 200/100 = 44 + 9 = 53"],
    [15, 7, 32, "colour add-on Gloss 7 * 430/100 = 30.1 + 2 = 32.1, rounds to 32"],
    [2, 2, 17, "Blow-dry 11 * 150/100 = 16.5, rounds half up to 17"],
    [16, 4, 16, "finish add-on Beach Waves 6 * 260/100 = 15.6, rounds to 16"],
    [18, 7, 14, "bond-building is flat: 14 at any level"],
    [19, 4, 11, "intensive treatment is flat: 11 at any level"],
    [20, 4, 29, "Gents' Cut 11 * 260/100 = 28.6, rounds to 29, no product charge on a cut"],
    [21, 1, 18, "Gents' Colour 13 * 100/100 + 5 product = 18"],
    [21, 7, 61, "13 * 430/100 = 55.9 + 5 = 60.9, rounds to 61"],
  ])("service %i at level %i costs £%i (%s)", (id, levelId, expected) => {
    expect(itemPrice(service(id), level(levelId))).toBe(expected);
  });

  it("works in pence, so a half pound is not lost to floating point", () => {
    // 0.1 * 300 = 30.000000000000004 in floating point; in pence it is exactly 30p + 10p product.
    const tiny: Service = { id: 99, service: "Tiny", price: 0.1, product_price: 0.1, cat1: 2, cat2: 1, minutes: 60 };
    expect(itemPrice(tiny, { adapter: 200 })).toBe(0);
    const half: Service = { id: 98, service: "Half", price: 0.5, product_price: 0, cat1: 1, cat2: 0, minutes: 30 };
    expect(itemPrice(half, { adapter: 0 })).toBe(1);
  });
});

describe("totals checked by hand for each type at levels 1, 4 and 7", () => {
  const cases: { type: CalculatorType; ids: number[]; levelId: number; total: number | null; working: string }[] = [
    // Colour: All-over Colour 5, Gloss 15, Bond Repair 18, Cut & Blow-dry 1, Beach Waves 16
    { type: "Colour", ids: [5, 15, 18, 1, 16], levelId: 1, total: 78, working: "(22+9) + (7+2) + 14 + 18 + 6 = 31+9+14+18+6 = 78" },
    { type: "Colour", ids: [5, 15, 18, 1, 16], levelId: 4, total: 163, working: "(57.2+9→66) + (18.2+2→20) + 14 + 46.8→47 + 15.6→16 = 163" },
    { type: "Colour", ids: [5, 15, 18, 1, 16], levelId: 7, total: 253, working: "(94.6+9→104) + (30.1+2→32) + 14 + 77.4→77 + 25.8→26 = 253" },
    // Colour without an add-on: Roots Touch-up 3 (skips the add-on), no plex, Blow-dry 2, Up-do 17
    { type: "Colour", ids: [3, 2, 17], levelId: 1, total: 51, working: "(15+5) + 11 + 20 = 51" },
    { type: "Colour", ids: [3, 2, 17], levelId: 4, total: 125, working: "(39+5) + 28.6→29 + 52 = 125" },
    { type: "Colour", ids: [3, 2, 17], levelId: 7, total: 203, working: "(64.5+5=69.5→70) + 47.3→47 + 86 = 203" },
    // Cutting & Styling: Cut & Blow-dry 1, Up-do 17, Deep Conditioning 19
    { type: "CuttingStyling", ids: [1, 17, 19], levelId: 1, total: 49, working: "18 + 20 + 11 = 49" },
    { type: "CuttingStyling", ids: [1, 17, 19], levelId: 4, total: 110, working: "46.8→47 + 52 + 11 = 110" },
    { type: "CuttingStyling", ids: [1, 17, 19], levelId: 7, total: 174, working: "77.4→77 + 86 + 11 = 174" },
    // Men: Gents' Cut 20, Gents' Colour 21. New Starters may not cut (no total).
    { type: "Men", ids: [20, 21], levelId: 1, total: null, working: "refused: New Starters don't do men's cuts" },
    { type: "Men", ids: [20, 21], levelId: 4, total: 68, working: "28.6→29 + (33.8+5=38.8→39) = 68" },
    { type: "Men", ids: [20, 21], levelId: 7, total: 108, working: "47.3→47 + (55.9+5=60.9→61) = 108" },
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
    // Fringe Trim (22) is a finish priced at 0.
    expect(slotOptions("finish", services).map((s) => s.id)).toEqual([1, 2]);
    expect(checkQuote([22, 16], services, level(2))).toMatchObject({ ok: false });
  });

  it("prices a list and sums it", () => {
    // 18 + 6 + 11 = 35 at level 1
    expect(priceServices([service(1), service(16), service(19)], level(1))).toEqual({
      items: [
        { id: 1, service: "Cut & Blow-dry", price: 18 },
        { id: 16, service: "Beach Waves", price: 6 },
        { id: 19, service: "Deep Conditioning", price: 11 },
      ],
      total: 35,
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
  it("refuses the men's cut with the spec's message", () => {
    expect(availability(service(20), 1)).toEqual({ available: false, reason: NEW_STARTER_MENS_CUT_MESSAGE });
    expect(availability(service(20), 2)).toEqual({ available: true });
  });

  it.each([
    [7, "Balayage"],
    [8, "Full Head Bleach"],
    [9, "Vivids"],
    [11, "Colour Correction"],
    [10, "a foils colour, by id"],
    [14, "a full head colour, by id"],
  ])("fades out colour %i (%s) at level 1 only", (id) => {
    expect(availability(service(id), 1).available).toBe(false);
    expect(availability(service(id), 2).available).toBe(true);
  });

  it.each([3, 4, 5, 6, 21, 1, 16, 18, 19])("lets New Starters do service %i", (id) => {
    expect(availability(service(id), 1).available).toBe(true);
  });

  it("refuses a New Starter quote with a barred colour", () => {
    expect(checkQuote([7, 1, 16], services, level(1))).toMatchObject({ ok: false });
    expect(checkQuote([7, 1, 16], services, level(2))).toMatchObject({ ok: true });
  });
});

describe("colour categories", () => {
  it.each([
    ["roots", [3], true],
    ["roots-refresh", [4], true],
    ["full-head", [5, 14], false],
    ["foils", [6, 10], false],
    ["balayage", [7], true],
    ["bleach", [8], false],
    ["vivids", [9], true],
    ["correction", [11], true],
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
    [6, [12]],
    [8, [13]],
    [5, [15]],
    [3, []],
    [7, []],
  ])("colour %i lists add-ons %j", (colourId, addOnIds) => {
    expect(slotOptions("colourAddOn", services, { colour: service(colourId) }).map((s) => s.id)).toEqual(addOnIds);
  });

  it("refuses an add-on that does not go with the colour, or one without a colour", () => {
    expect(addOnMatches(service(12), service(5))).toBe(false);
    // Toner for Highlights (12) on an all-over colour (5)
    expect(checkQuote([5, 12, 1, 16], services, level(3))).toMatchObject({ ok: false, error: expect.stringContaining("doesn't go with") });
    // Gloss (15) on roots (3), which skip the add-on
    expect(checkQuote([3, 15, 1], services, level(3))).toMatchObject({ ok: false });
    // An add-on in a cutting quote
    expect(checkQuote([15, 1], services, level(3))).toMatchObject({ ok: false });
  });
});

describe("allSelected", () => {
  const cases: [CalculatorType, Selections, boolean, boolean][] = [
    ["Colour", { colour: 5, colourAddOn: 15, plex: 18, finish: 1, finishAddOn: 16 }, false, true],
    ["Colour", { colour: 5, colourAddOn: "none", plex: "none", finish: 1, finishAddOn: "none" }, false, true],
    ["Colour", { colour: 5, plex: 18, finish: 1, finishAddOn: 16 }, false, false],
    ["Colour", { colour: 3, finish: 1, finishAddOn: 16 }, true, true],
    ["Colour", { colour: 3, finish: 1 }, true, false],
    ["Colour", { colourAddOn: 15, plex: 18, finish: 1, finishAddOn: 16 }, false, false],
    ["CuttingStyling", { finish: 1, finishAddOn: 16, treatment: 19 }, false, true],
    ["CuttingStyling", { finish: 1, finishAddOn: 16 }, false, false],
    ["CuttingStyling", { finishAddOn: 16, treatment: "none" }, false, false],
    ["Men", { mensCut: 20, mensColour: "none" }, false, true],
    ["Men", { mensCut: 20 }, false, false],
    ["Men", { mensColour: 21 }, false, false],
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
    [[5, 6, 1], "two colours"],
    [[20, 1], "a men's cut with a women's finish"],
    [[19, 18, 1], "bond-building in a cutting quote"],
    [[5, 19, 1], "an intensive treatment in a colour quote"],
    [[16], "a finish add-on without a finish"],
    [[5, 15], "a colour without a finish"],
    [[21], "a men's colour without a cut"],
  ])("%j: %s", (ids) => {
    expect(checkQuote(ids, services, level(3)).ok).toBe(false);
  });

  it("accepts optional steps left out, and orders items as the calculator does", () => {
    const check = checkQuote([1, 19], services, level(2));
    expect(check).toMatchObject({ ok: true, type: "CuttingStyling" });
    const colour = checkQuote([16, 1, 18, 6, 12], services, level(2));
    expect(colour.ok && colour.items.map((i) => i.id)).toEqual([6, 12, 18, 1, 16]);
  });
});

describe("first-visit offer", () => {
  it.each([
    [100, 80, "100 * 0.8 = 80"],
    [163, 130, "163 * 0.8 = 130.4, rounds to 130"],
    [78, 62, "78 * 0.8 = 62.4, rounds to 62"],
    [72, 58, "72 * 0.8 = 57.6, rounds to 58"],
  ])("£%i → £%i (%s)", (total, expected) => {
    expect(discountedTotal(total)).toBe(expected);
  });
});

describe("levels are offered where someone works at them", () => {
  // The fixture: the school has levels 1, 3 and 4; the default salon 5 and 7; the other salon 5.
  const stylists = fixture.stylists;
  it.each([
    [salons.school.id, [1, 3, 4]],
    [salons.sister.id, [5, 7]],
    [salons.other.id, [5]],
  ])("salon %i offers levels %j", (salonId, ids) => {
    expect(levelsAtSalon(fixture.levels, salonId, stylists).map((l) => l.id)).toEqual(ids);
    expect(levelOfferedAt(2, salonId, stylists)).toBe(false);
  });

  it.each([
    [3, "up", [1, 3, 4], 4],
    [4, "up", [1, 3, 4], undefined],
    [3, "down", [1, 3, 4], 1],
    [1, "down", [1, 3, 4], undefined],
    [5, "down", [5, 7], undefined],
    [5, "up", [5, 7], 7],
    [9, "up", [10], undefined],
  ] as const)("from level %i, %s among %j: %s", (from, direction, offered, expected) => {
    expect(neighbourLevel(from, direction, offered)).toBe(expected);
  });

  it("says which level the salon lacks, with the right article", () => {
    expect(levelNotOfferedMessage("Improver", "Quayside Salon")).toBe(
      "We don't have an Improver at Quayside Salon. Please choose one of the levels Quayside Salon offers, or another salon.",
    );
  });
});

describe("a colour's add-on and bond-building go with it", () => {
  it.each([
    [[18, 1, 16], "bond-building with no colour"],
    [[12, 1], "a toner with no colour"],
  ])("%j: refuses %s, naming the orphan", (ids) => {
    const check = checkQuote(ids, services, level(3));
    expect(check).toMatchObject({ ok: false, error: expect.stringContaining("goes with a colour") });
  });
});

describe("quoteHasColour: the skin-test note shows exactly then", () => {
  it.each([
    [[5, 1], true],
    [[20, 21], true],
    [[20], false],
    [[1, 16, 19], false],
    [[3, 18, 1], true],
  ])("%j → %s", (ids, expected) => {
    expect(quoteHasColour(ids.map(service))).toBe(expected);
  });
});

describe("a colour category with one colour skips its sub-step", () => {
  it("picks the one balayage, but not one of the several foils", () => {
    const balayage = findColourCategory("balayage")!;
    expect(onlyColourIn(balayage, services, 3)?.id).toBe(7);
    expect(onlyColourIn(findColourCategory("foils")!, services, 3)).toBeUndefined();
    // At level 1 only one foils colour is offered (10 is barred): that one is chosen.
    expect(onlyColourIn(findColourCategory("foils")!, services, 1)?.id).toBe(6);
    expect(onlyColourIn(balayage, services, 1)).toBeUndefined();
  });
});

describe("chair time", () => {
  it.each([
    [150, "about 2 hours 30 minutes", "2 hr 30 min"],
    [60, "about 1 hour", "1 hr"],
    [45, "about 45 minutes", "45 min"],
    [61, "about 1 hour 1 minute", "1 hr 1 min"],
    [125, "about 2 hours 5 minutes", "2 hr 5 min"],
  ])("%i minutes read as '%s' and '%s'", (minutes, long, short) => {
    expect(formatDuration(minutes)).toBe(long);
    expect(formatShortDuration(minutes)).toBe(short);
  });

  it("adds up the services' minutes, processing included, and a checked quote carries them", () => {
    const ids = [5, 15, 18, 1, 16];
    const chosen = ids.map((id) => fixture.services.find((s) => s.id === id)!);
    expect(totalMinutes(chosen)).toBe(chosen.reduce((sum, s) => sum + s.minutes, 0));
    const check = checkQuote(ids, fixture.services, level(4));
    expect(check.ok && check.minutes).toBe(totalMinutes(chosen));
  });
});

describe("which colours lighten the hair (the bond-building step's words)", () => {
  it.each([
    [3, false, "Roots Touch-up"],
    [5, false, "All-over Colour"],
    [6, true, "Half Head Highlights"],
    [7, true, "Hand-painted Balayage"],
    [8, true, "Lightening Lift"],
    [9, true, "Pastel Vivids"],
  ])("service %i lightens: %s (%s)", (id, expected) => {
    expect(lightensHair(fixture.services.find((s) => s.id === id))).toBe(expected);
  });
  it("says nothing lightens without a colour", () => {
    expect(lightensHair(undefined)).toBe(false);
  });
});

describe("a service's price as each level charges it", () => {
  const levels = [
    { id: 1, name: "New Starter", adapter: 0 },
    { id: 2, name: "Trainee", adapter: 50 },
    { id: 4, name: "Graduate", adapter: 160 },
    { id: 7, name: "Director", adapter: 330 },
  ];
  const roots = { cat1: 2, cat2: 0, product_price: 5 };
  const at = (prices: number[]) => prices.map((price, i) => ({ level: levels[i]!, price }));

  it("says each level's price, product charge included", () => {
    expect(levelPricesFor(roots, 15, levels).map((p) => p.price)).toEqual([20, 28, 44, 70]);
  });

  it.each([
    ["all four, as they are", at([20, 28, 44, 70]), 15],
    ["the New Starter's price alone", [{ level: levels[0]!, price: 22 }], 17],
    ["the Trainee's alone (a whole pound first)", [{ level: levels[1]!, price: 31 }], 17],
    ["the Director's alone (to 10p when no whole pound or 50p fits)", [{ level: levels[3]!, price: 75 }], 16.2],
  ])("works the base price out from %s", (_, wanted, base) => {
    expect(baseForLevelPrices(roots, wanted)).toEqual({ base });
    // And back: the base gives every price asked for.
    for (const w of wanted) expect(itemPrice({ ...roots, price: base }, w.level)).toBe(w.price);
  });

  it("every base price's level prices lead back to a base with the same level prices", () => {
    for (const base of [1, 9.5, 14.99, 15, 23.4, 61]) {
      const prices = levelPricesFor(roots, base, levels);
      const found = baseForLevelPrices(roots, prices);
      expect("base" in found && levelPricesFor(roots, found.base, levels)).toEqual(prices);
    }
  });

  it.each([
    [roots, at([20, 28, 44, 60]), "These prices cannot all be right: at £20 for New Starter, Director charges £70, not £60. Each level adds its own share"],
    [roots, at([5]), "Each price includes the £5 product charge: New Starter's £5 leaves nothing for the work"],
    [{ cat1: 5, cat2: 1, product_price: 0 }, at([14, 16]), "A treatment costs the same at every level: New Starter £14, Trainee £16. Give one price."],
    [roots, [], "Give the price at one level at least"],
  ])("refuses prices no base price makes: %#", (service, wanted, problem) => {
    const found = baseForLevelPrices(service, wanted);
    expect("problem" in found ? found.problem : found).toContain(problem);
  });

  it("a treatment's one price is its base; a service without a product charge ignores it", () => {
    expect(baseForLevelPrices({ cat1: 5, cat2: 1, product_price: 0 }, at([14, 14]))).toEqual({ base: 14 });
    expect(baseForLevelPrices({ cat1: 1, cat2: 0, product_price: 3 }, at([20, 30]))).toEqual({ base: 20 });
  });
});
