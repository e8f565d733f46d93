import { describe, expect, it } from "vitest";
import { seededShuffle } from "./shuffle";

describe("seededShuffle", () => {
  const items = Array.from({ length: 10 }, (_, i) => i);
  it("keeps every item and repeats for a seed", () => {
    const a = seededShuffle(items, 42);
    expect([...a].sort((x, y) => x - y)).toEqual(items);
    expect(seededShuffle(items, 42)).toEqual(a);
  });
  it("orders differently for different seeds", () => {
    const orders = new Set([1, 2, 3, 4, 5].map((seed) => seededShuffle(items, seed).join()));
    expect(orders.size).toBeGreaterThan(1);
  });
});
