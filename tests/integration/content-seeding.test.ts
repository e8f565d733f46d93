import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "~/.server/db/database.server";
import { listTeam } from "~/modules/catalogue/catalogue.server";
import { loadContent } from "~/modules/site/load-content.server";
import { seedContent } from "~/modules/site/seed-content.server";
import { createTestDatabase, engines, type TestDatabase } from "../support/databases";
import { fixtureContentDir, fixtureCopy, schoolTeam } from "../support/fixture";

describe.each(engines)("content seeding on %s", (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
  });

  it("is idempotent, and picks up an edited content file at the next start", async () => {
    database = await createTestDatabase(engine);
    const open = () => openDatabase({ url: database!.url, sqlitePath: path.join(database!.dataDir, "db.sqlite") });

    const first = open();
    await migrateToLatest(first.db);
    const content = loadContent(fixtureContentDir);
    const initial = await seedContent(first.db, first.engine, content);
    expect(initial.updated).toContain("stylists");
    const before = await first.db.selectFrom("stylists").selectAll().orderBy("id").execute();
    await first.close();

    // A restart with the same files changes nothing.
    const second = open();
    expect(await migrateToLatest(second.db)).toEqual([]);
    const again = await seedContent(second.db, second.engine, loadContent(fixtureContentDir));
    expect(again.updated).toEqual([]);
    expect(await second.db.selectFrom("stylists").selectAll().orderBy("id").execute()).toEqual(before);
    await second.close();

    // Editing a file updates just what changed.
    const edited = fixtureCopy(["stylists.yaml", `first_name: ${content.stylists[0]!.first_name}`, "first_name: Renamed"]);
    const third = open();
    const report = await seedContent(third.db, third.engine, loadContent(edited));
    expect(report.updated).toEqual(["stylists"]);
    const team = await listTeam(third.db);
    expect(team[0]!.first_name).toBe("Renamed");
    expect(team).toHaveLength(schoolTeam.length);
    await third.close();
    fs.rmSync(edited, { recursive: true, force: true });
  });
});
