import { describe, expect, it } from "vitest";
import { readContentDir } from "~/modules/site/content-files.server";
import { applyChanges, dataOf, fileChanges, overlaps, valueAt, type Change } from "./changes";
import { describeServiceChange, describeWhatMoves, whatAPriceMoves } from "./price-list";
import { newStylistSlug, planStylistMove, stylistRows } from "./team";

const fixture = readContentDir("tests/fixtures/content");
const roots = { file: "services.yaml", item: { list: [], key: "id" as const, value: 3 } };

describe("studio changes", () => {
  it("changes one field in place, keeping the file's comments, and goes back exactly", () => {
    const change: Change = { ...roots, field: "price", before: 15, after: 16 };
    const after = applyChanges(fixture, [change]);
    expect(valueAt(after, change)).toBe(16);
    expect(after.get("services.yaml")).toContain("# minutes: chair time, processing included.");
    expect(after.get("services.yaml")).toContain("- { id: 3, service: Roots Touch-up, price: 16, product_price: 5, cat1: 2, cat2: 0, minutes: 90 }");
    expect(applyChanges(after, [change], "backward").get("services.yaml")).toBe(fixture.get("services.yaml"));
  });

  it("adds a whole item like the list's others, and takes it away again", () => {
    const add: Change = { file: "services.yaml", item: { list: [], key: "id", value: 23 }, after: { id: 23, service: "Fringe Shape", price: 5, product_price: 0, cat1: 1, cat2: 0, minutes: 15 } };
    const after = applyChanges(fixture, [add]);
    expect(after.get("services.yaml")).toMatch(/- \{ id: 23, service: Fringe Shape, price: 5, product_price: 0, cat1: 1, cat2: 0, minutes: 15 \}\n$/);
    expect(valueAt(applyChanges(after, [add], "backward"), add)).toBeUndefined();
  });

  it.each([
    [{ ...roots, field: "price" }, { ...roots, field: "price" }, true],
    [{ ...roots, field: "price" }, { ...roots, field: "minutes" }, false],
    [{ ...roots, field: "price" }, { ...roots }, true],
    [{ ...roots, field: "price" }, { file: "services.yaml" }, true],
    [{ ...roots, field: "price" }, { file: "services.yaml", item: { list: [], key: "id" as const, value: 4 }, field: "price" }, false],
    [{ ...roots, field: "price" }, { file: "levels.yaml" }, false],
  ])("tells whether %j and %j alter the same place: %s", (a, b, same) => {
    expect(overlaps(a, b)).toBe(same);
  });

  it("reads a file's data as the caller's own copy, however often it is read, and refuses a file that is not YAML", () => {
    const first = dataOf<{ id: number; price: number }[]>(fixture, "services.yaml", []);
    first.find((s) => s.id === 3)!.price = 999;
    first.pop();
    const again = dataOf<{ id: number; price: number }[]>(fixture, "services.yaml", []);
    expect(again).toHaveLength(first.length + 1);
    expect(again.find((s) => s.id === 3)?.price).toBe(15);
    expect(valueAt(fixture, { ...roots, field: "price" })).toBe(15);
    expect(dataOf(new Map([["levels.yaml", ""]]), "levels.yaml", [])).toEqual([]);
    expect(dataOf(new Map(), "levels.yaml", [])).toEqual([]);
    const broken = new Map([["levels.yaml", "- { id: 1, name: [unclosed"]]);
    expect(() => dataOf(broken, "levels.yaml", [])).toThrow();
    expect(() => dataOf(broken, "levels.yaml", [])).toThrow();
  });

  it("lists the files an import changes", () => {
    const edited = new Map(fixture).set("levels.yaml", "[]").set("blog/new.md", "x");
    edited.delete("news.yaml");
    expect(fileChanges(fixture, edited).map((c) => [c.file, c.after === undefined])).toEqual([
      ["blog/new.md", false],
      ["levels.yaml", false],
      ["news.yaml", true],
    ]);
  });
});

describe("the price list's words", () => {
  const row = { id: 3, service: "Roots", price: 14, product_price: 3, cat1: 2, cat2: 0, minutes: 30 };
  it.each([
    [{ price: 16 }, "Roots £14 → £16"],
    [{ price: 14.5 }, "Roots £14 → £14.50"],
    [{ minutes: 45 }, "Roots: 30 → 45 minutes"],
    [{ price: 16, product_price: 4 }, "Roots: £14 → £16, product £3 → £4"],
    [{ hidden: true }, "Roots: hidden"],
    [{ service: "Roots Touch-up" }, "Roots renamed Roots Touch-up"],
    [{ service: "Root Fix", price: 15 }, "Roots (now Root Fix) £14 → £15"],
  ])("describes %j as “%s”", (patch, words) => {
    expect(describeServiceChange(row, { ...row, ...patch })).toBe(words);
  });

  it("names what a price moves: the offers that claim it and the team's averages", () => {
    expect(whatAPriceMoves(fixture, 3)).toEqual({ offers: ["new-starter"], otherPages: 0, team: false });
    expect(whatAPriceMoves(fixture, 1).team).toBe(true);
    expect(describeWhatMoves({ offers: ["Spring", "Rosa"], otherPages: 1, team: true })).toBe("A new price also changes 2 offers (Spring; Rosa), 1 other page and the team's average prices.");
    expect(describeWhatMoves({ offers: [], otherPages: 0, team: false })).toBe("Its price shows on the price list and in the calculator only.");
  });
});

describe("the team", () => {
  it("makes a new stylist's slug from the first name, unique, never a calculator page", () => {
    expect(newStylistSlug(fixture, { first_name: "Jo", last_name: "Marsh" })).toBe("jo");
    expect(newStylistSlug(fixture, { first_name: "Rosa", last_name: "Pike" })).toBe("rosa-pike");
    expect(newStylistSlug(fixture, { first_name: "List", last_name: "Ow" })).toBe("list-ow");
    expect(newStylistSlug(fixture, { first_name: "Zoë", last_name: "Ng" })).toBe("zoe");
  });

  it("moves a stylist past the next one of the same salon, and refuses past the end", () => {
    const school = stylistRows(fixture).filter((s) => s.salon === 3).map((s) => s.slug);
    const planned = planStylistMove(fixture, school[1]!, "up");
    if ("kind" in planned) throw new Error(planned.message);
    const after = applyChanges(fixture, planned.planned.changes);
    expect(stylistRows(after).filter((s) => s.salon === 3).map((s) => s.slug)).toEqual([school[1], school[0], ...school.slice(2)]);
    expect(planStylistMove(fixture, school[0]!, "up")).toMatchObject({ kind: "invalid" });
  });
});
