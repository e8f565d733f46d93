import { describe, expect, it } from "vitest";
import { backoffMs, defaultWorkerOptions } from "./worker.server";

describe("backoffMs", () => {
  const options = { retryBaseMs: 1000, retryMaxMs: 60_000 };

  it("doubles from the base, between half and all of the ceiling", () => {
    expect(backoffMs(1, options, () => 0)).toBe(500);
    expect(backoffMs(1, options, () => 1)).toBe(1000);
    expect(backoffMs(3, options, () => 0)).toBe(2000);
    expect(backoffMs(3, options, () => 1)).toBe(4000);
  });

  it("never waits longer than the cap", () => {
    expect(backoffMs(30, options, () => 1)).toBe(60_000);
    expect(backoffMs(30, options, () => 0)).toBe(30_000);
  });

  it("keeps trying for well over an hour with the defaults before giving up", () => {
    let waited = 0;
    for (let attempt = 1; attempt < defaultWorkerOptions.maxAttempts; attempt++) waited += backoffMs(attempt, defaultWorkerOptions, () => 0);
    expect(waited).toBeGreaterThan(60 * 60_000);
  });
});
