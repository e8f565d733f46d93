/**
 * Migration 0068 (decision 0070): the shipped salon's offers, stored in the
 * database as they were before offers had an audience (every offer under the
 * terms "New clients only." and the skin-test line), keep saying both once
 * the migration has run, now made from each offer's audience and services; on
 * both engines.
 */
import path from "node:path";
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import * as audiences from "../../db/migrations/0068-offer-audiences";
import { offerSmallPrint, SKIN_TEST_TERM } from "~/modules/offers/offer-terms";
import { readContentDir } from "~/modules/site/content-files.server";
import { readContentFiles, writeContentFiles } from "~/modules/site/content-store.server";
import { loadContent } from "~/modules/site/load-content.server";
import { databasePerTest } from "../support/database-per-test";
import { engines } from "../support/databases";

describe.each(engines)("offers stored before they had an audience (%s)", (engine) => {
  const openDatabase = databasePerTest(engine);

  it("keep their new-client and skin-test lines, each once, made from their audience", async () => {
    const db = await openDatabase();
    const files = readContentDir(path.resolve("content"));
    const before = audiences.restoreOffersFile(files.get("offers.yaml")!)!;
    expect(before).toContain("New clients only.");
    files.set("offers.yaml", before);
    await writeContentFiles(db, files, new Date());

    await audiences.up(db as unknown as Kysely<unknown>);
    const content = loadContent(await readContentFiles(db));
    const { terms, offers } = content.copy.offers;
    expect(terms).not.toContain("New clients only.");
    expect(offers.length).toBeGreaterThan(5);
    for (const offer of offers) {
      expect(offer.audience).toBe("new");
      const lines = offerSmallPrint(offer, terms, content.services);
      expect(lines.filter((l) => l === "New clients only.")).toHaveLength(1);
      expect(lines.filter((l) => l === SKIN_TEST_TERM)).toHaveLength(1);
    }
  });
});
