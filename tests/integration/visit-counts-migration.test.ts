/**
 * Migration 0049 (decision 0051): the rows the counter kept under percent-encoded
 * spellings of a page before it read addresses as the router does are added to
 * the page's own row, on both engines; nothing else moves.
 */
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import * as oneSpelling from "../../db/migrations/0049-visit-counts-one-spelling";
import { databasePerTest } from "../support/database-per-test";
import { engines } from "../support/databases";

describe.each(engines)("finding: percent-encoded spellings of a page add visit rows without bound: the rows already kept (%s)", (engine) => {
  const openDatabase = databasePerTest(engine);

  it("adds each spelling's count to its page's row and removes it; a spelling that cannot decode goes; the funnel stays", async () => {
    const db = await openDatabase();
    const day = "2026-11-20";
    const other = "2026-11-21";
    await db
      .insertInto("visit_counts")
      .values([
        { day, kind: "page", key: "/team", count: 2 },
        { day, kind: "page", key: "/t%65am", count: 3 },
        { day, kind: "page", key: "/%54%45am", count: 1 },
        { day, kind: "page", key: "/privacy", count: 1 },
        { day, kind: "page", key: "/pr%69vacy/", count: 4 },
        { day, kind: "page", key: "/bad%zz", count: 7 },
        { day: other, kind: "page", key: "/t%65am", count: 5 },
        { day, kind: "funnel", key: "booking_clicks", count: 9 },
      ])
      .execute();

    await oneSpelling.up(db as unknown as Kysely<unknown>);
    const rows = await db.selectFrom("visit_counts").select(["day", "kind", "key", "count"]).orderBy("day").orderBy("kind").orderBy("key").execute();
    expect(rows.map((r) => ({ ...r, count: Number(r.count) }))).toEqual([
      { day, kind: "funnel", key: "booking_clicks", count: 9 },
      { day, kind: "page", key: "/privacy", count: 5 },
      { day, kind: "page", key: "/team", count: 6 },
      { day: other, kind: "page", key: "/team", count: 5 },
    ]);
  });
});
