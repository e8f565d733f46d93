import { describe, expect, it } from "vitest";
import { hit } from "~/.server/rate-limit.server";
import { databasePerTest } from "../support/database-per-test";
import { engines } from "../support/databases";

describe.each(engines)("rate limits on %s", (engine) => {
  const openDatabase = databasePerTest(engine);

  it("allows up to the limit per client and window, then says how long to wait", async () => {
    const db = await openDatabase();
    const limit = { name: "test", windowMs: 60_000, max: 2 };
    const at = new Date("2026-11-22T10:00:15Z");

    const results = [];
    for (let i = 0; i < 3; i++) results.push(await hit(db, limit, "203.0.113.7", at));
    expect(results.map((r) => r.allowed)).toEqual([true, true, false]);
    expect(results[2]!.retryAfter).toBe(45);
    expect((await hit(db, limit, "203.0.113.8", at)).allowed).toBe(true);
    // The next window starts afresh.
    expect((await hit(db, limit, "203.0.113.7", new Date("2026-11-22T10:01:00Z"))).allowed).toBe(true);
  });

  it("counts hits from concurrent requests without losing any", async () => {
    const db = await openDatabase();
    const limit = { name: "burst", windowMs: 60_000, max: 10 };
    const at = new Date("2026-11-22T10:00:00Z");
    const results = await Promise.all(Array.from({ length: 25 }, () => hit(db, limit, "198.51.100.1", at)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });
});
