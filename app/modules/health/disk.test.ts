import { describe, expect, it } from "vitest";
import { diskState } from "./disk";

describe("finding: /healthz says ok with a full disk (the 5% rule)", () => {
  it.each([
    [{ available: 1_000, total: 1_000 }, "ok"],
    [{ available: 50, total: 1_000 }, "ok"],
    [{ available: 49, total: 1_000 }, "low"],
    [{ available: 0, total: 1_000 }, "low"],
    [{ available: 2_621_440, total: 52_428_800 }, "ok"],
    [{ available: 2_621_439, total: 52_428_800 }, "low"],
    [{ available: 0, total: 0 }, "ok"],
  ] as const)("%o is %s", (blocks, state) => {
    expect(diskState(blocks)).toBe(state);
  });
});
