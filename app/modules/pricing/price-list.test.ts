import { describe, expect, it } from "vitest";
import { fixture, level } from "../../../tests/support/fixture";
import { priceList } from "./price-list";
import { checkQuote, itemPrice, levelsAtSalon } from "./pricing";

const schoolLevels = levelsAtSalon(fixture.levels, 3, fixture.stylists);

describe("the price list", () => {
  const list = priceList(fixture.services, schoolLevels);

  it("has a column for each level the school offers, and every listed service once", () => {
    expect(list.levels.map((l) => l.id)).toEqual(schoolLevels.map((l) => l.id));
    const ids = list.categories.flatMap((c) => c.rows.map((r) => r.id));
    expect(new Set(ids).size).toBe(ids.length);
    // Id 22 costs nothing, so it is never listed.
    expect(ids).not.toContain(22);
    expect(ids.length).toBe(fixture.services.filter((s) => s.price > 0).length);
  });

  it("prices each cell as a one-service quote would, and leaves out what a level may not do", () => {
    for (const row of list.categories.flatMap((c) => c.rows)) {
      const service = fixture.services.find((s) => s.id === row.id)!;
      row.prices.forEach((price, i) => {
        const lvl = level(list.levels[i]!.id);
        expect(price).toBe(price === null ? null : itemPrice(service, lvl));
      });
      expect(row.from).toBe(Math.min(...row.prices.filter((p): p is number => p !== null)));
      expect(row.minutes).toBe(service.minutes);
    }
    // A New Starter does no balayage (id 7): its cell is empty, its "from" the next level's price.
    const balayage = list.categories.flatMap((c) => c.rows).find((r) => r.id === 7)!;
    expect(balayage.prices[0]).toBeNull();
    expect(balayage.from).toBe(balayage.prices[1]);
  });

  it("agrees with a checked quote, line by line", () => {
    const check = checkQuote([5, 15, 18, 1, 16], fixture.services, level(4));
    if (!check.ok) throw new Error(check.error);
    const column = list.levels.findIndex((l) => l.id === 4);
    const rows = list.categories.flatMap((c) => c.rows);
    for (const item of check.items) expect(rows.find((r) => r.id === item.id)!.prices[column]).toBe(item.price);
  });
});
