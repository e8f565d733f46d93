import { describe, expect, it } from "vitest";
import { restoreOffersFile, reviseOffersFile } from "../../../db/migrations/0068-offer-audiences";
import { categoryCode, describeOfferServices, offerIncludesColour, offerSmallPrint, SKIN_TEST_TERM, unknownOfferServices } from "./offer-terms";

// A few services of the price list: a cut, an up-do, a colour, a colour extra, a men's cut and a men's colour.
const services = [
  { id: 1, service: "Cut & Blow-dry", cat1: 1, cat2: 0 },
  { id: 17, service: "Up-do", cat1: 4, cat2: 0 },
  { id: 5, service: "All-over Colour", cat1: 2, cat2: 1 },
  { id: 12, service: "Toner", cat1: 3, cat2: 1 },
  { id: 20, service: "Gents' Cut", cat1: 6, cat2: 0 },
  { id: 21, service: "Gents' Colour", cat1: 6, cat2: 1 },
];

describe("an offer's small print", () => {
  it("says who it is for, the terms every offer has, its own lines, and the skin test only with colour", () => {
    expect(offerSmallPrint({ audience: "new", services: [], terms: ["With Rosa only."] }, ["One offer per visit."], services)).toEqual([
      "New clients only.",
      "One offer per visit.",
      "With Rosa only.",
      SKIN_TEST_TERM,
    ]);
    // Hair up, for everyone: nothing about new clients, no skin test.
    expect(offerSmallPrint({ audience: "everyone", services: [17], terms: [] }, ["One offer per visit."], services)).toEqual(["One offer per visit."]);
    expect(offerSmallPrint({ audience: "returning", services: ["cutting-and-styling"], terms: [] }, [], services)).toEqual(["For clients who have been to us before."]);
  });

  it("counts colour by service or part of the price list, men's colour included", () => {
    expect(offerIncludesColour([], services)).toBe(true);
    expect(offerIncludesColour([17, 1], services)).toBe(false);
    expect(offerIncludesColour([5], services)).toBe(true);
    expect(offerIncludesColour(["colour-extras"], services)).toBe(true);
    expect(offerIncludesColour(["mens-hair"], services)).toBe(true);
    expect(offerIncludesColour([20], services)).toBe(false);
    expect(offerIncludesColour(["treatments"], services)).toBe(false);
  });

  it("names parts of the price list by code or name, and finds what the list does not have", () => {
    expect(categoryCode("Men's hair")).toBe("mens-hair");
    expect(categoryCode("COLOUR")).toBe("colour");
    expect(categoryCode("perms")).toBeUndefined();
    expect(unknownOfferServices([1, 99, "colour"], services)).toEqual([99]);
    expect(describeOfferServices(["colour", 17], services)).toBe("Colour, Up-do");
  });
});

describe("migration 0068: a stored offers file keeps meaning what it said", () => {
  const old = ["terms:", "  - New clients only.", "  - Cannot be combined with any other offer.", "  - A skin test is needed at least 48 hours before any colour service.", "offers:", "  - slug: general", "    title: 25% off", "  - slug: autumn", "    title: Autumn", ""].join("\n");
  it("makes every offer's audience new and takes the fixed lines off the terms, and back", () => {
    const revised = reviseOffersFile(old)!;
    expect(revised).toContain("terms:\n  - Cannot be combined with any other offer.\noffers:");
    expect(revised.match(/audience: new/g)).toHaveLength(2);
    expect(reviseOffersFile(revised)).toBeUndefined();
    const back = restoreOffersFile(revised)!;
    expect(back).not.toContain("audience");
    expect(back).toContain("New clients only.");
    expect(back).toContain("skin test");
  });
});
