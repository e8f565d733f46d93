import { describe, expect, it } from "vitest";
import { shuffle } from "./shuffle";

describe("shuffle", () => {
  const items = Array.from({ length: 10 }, (_, i) => i);
  it("keeps every item, and leaves the list it was given as it was", () => {
    const given = [...items];
    expect([...shuffle(given)].sort((x, y) => x - y)).toEqual(items);
    expect(given).toEqual(items);
  });
  it("orders by its random numbers: the last item stays last when each draw is the top of the range", () => {
    expect(shuffle([1, 2, 3], () => 0.999)).toEqual([1, 2, 3]);
    expect(shuffle([1, 2, 3], () => 0)).toEqual([2, 3, 1]);
  });
  it("gives different orders over many shuffles", () => {
    expect(new Set(Array.from({ length: 20 }, () => shuffle(items).join())).size).toBeGreaterThan(1);
  });
});
