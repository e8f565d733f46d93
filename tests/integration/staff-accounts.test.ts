import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "~/.server/config.server";
import { startServices } from "../../server/start-services";
import type { Kysely } from "kysely";
import type { Database } from "~/.server/db/schema";
import { addStaff, findStaffByName, listStaff, removeStaff, resetPin, syncStaffAccounts } from "~/modules/staff/accounts.server";
import { pinMatches } from "~/modules/staff/pin-hash.server";
import { createStaffSession, readStaffSession, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "~/modules/staff/sessions.server";
import { createTestDatabase, engines, openMigratedTestDatabase, type TestDatabase } from "../support/databases";
import { fixtureEnv } from "../support/fixture";
import { runCli, spawnCli } from "../support/staff-cli";

/** Whether `name`'s PIN is `pin`. */
async function hasPin(db: Kysely<Database>, name: string, pin: string): Promise<boolean> {
  const account = await findStaffByName(db, name);
  return account !== undefined && (await pinMatches(account.pin_hash, pin));
}

describe.each(engines)("staff accounts on %s", (engine) => {
  let opened: Awaited<ReturnType<typeof openMigratedTestDatabase>> | undefined;
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await opened?.close();
    await database?.drop();
    opened = undefined;
    database = undefined;
  });

  it("keeps PINs only as argon2id hashes, and finds accounts by name without regard to case", async () => {
    opened = await openMigratedTestDatabase(engine);
    const { db } = opened;
    await addStaff(db, " Morgan ", "845217");
    await addStaff(db, "Sam", "390624");
    const rows = await db.selectFrom("staff_accounts").select(["name", "pin_hash"]).orderBy("name").execute();
    expect(rows.map((r) => r.name)).toEqual(["Morgan", "Sam"]);
    for (const row of rows) {
      expect(row.pin_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row.pin_hash).not.toMatch(/845217|390624/);
    }
    expect(await findStaffByName(db, " sAM")).toMatchObject({ name: "Sam" });
    expect(await hasPin(db, "Sam", "390624")).toBe(true);
    expect(await hasPin(db, "Sam", "390625")).toBe(false);

    await expect(addStaff(db, "morgan", "482913")).rejects.toThrow("There is already a staff member called morgan.");
    await expect(addStaff(db, "Jo", "390624")).rejects.toThrow("Another staff member already uses that PIN");
    await expect(addStaff(db, "Jo", "111111")).rejects.toThrow(/one digit repeated/);
    await expect(resetPin(db, "Nobody", "482913")).rejects.toThrow("There is no staff member called Nobody.");

    const morgan = (await findStaffByName(db, "Morgan"))!;
    const session = await createStaffSession(db, morgan.id);
    await resetPin(db, "MORGAN", "482913");
    expect(await readStaffSession(db, session)).toBeNull();
    expect(await hasPin(db, "Morgan", "482913")).toBe(true);
    expect(await hasPin(db, "Morgan", "845217")).toBe(false);

    await removeStaff(db, "Sam");
    expect((await listStaff(db)).map((s) => s.name)).toEqual(["Morgan"]);
  });

  it("ends a session 12 hours after it was last used, each use pushing the end back", async () => {
    opened = await openMigratedTestDatabase(engine);
    const { db } = opened;
    const { id } = await addStaff(db, "Morgan", "845217");
    const t0 = new Date("2026-11-22T08:00:00Z");
    const session = await createStaffSession(db, id, t0);
    const at = (ms: number) => new Date(t0.getTime() + ms);
    expect(await readStaffSession(db, session, at(SESSION_IDLE_MS - 60_000))).toEqual({ staffId: id, name: "Morgan", role: "manager" });
    // Used at 11h59: good until 23h59.
    expect(await readStaffSession(db, session, at(2 * SESSION_IDLE_MS - 120_000))).not.toBeNull();
    expect(await readStaffSession(db, session, at(3 * SESSION_IDLE_MS))).toBeNull();
  });

  it("ends a session 7 days after it began, however often it is used", async () => {
    opened = await openMigratedTestDatabase(engine);
    const { db } = opened;
    const { id } = await addStaff(db, "Morgan", "845217");
    const t0 = new Date("2026-10-01T08:00:00Z");
    const session = await createStaffSession(db, id, t0);
    // Used every 10 hours, never 12 idle: still ends at 7 days.
    let t = t0.getTime();
    while (t + 10 * 3_600_000 < t0.getTime() + SESSION_ABSOLUTE_MS) {
      t += 10 * 3_600_000;
      expect(await readStaffSession(db, session, new Date(t))).not.toBeNull();
    }
    expect(await readStaffSession(db, session, new Date(t0.getTime() + SESSION_ABSOLUTE_MS + 1000))).toBeNull();
  });

  it("STAFF_ACCOUNTS only creates accounts that don't exist: never overwrites a PIN changed since, never brings back a removed one", async () => {
    opened = await openMigratedTestDatabase(engine);
    const { db } = opened;
    expect(await syncStaffAccounts(db, "Morgan:845217,Sam:390624")).toEqual({ created: ["Morgan", "Sam"], kept: [], removed: [] });
    const sam = (await findStaffByName(db, "Sam"))!;
    const session = await createStaffSession(db, sam.id);
    // Sam changes her PIN; the next start lists the old one: hers stands, and so does her session.
    await resetPin(db, "Sam", "604817");
    const again = await createStaffSession(db, sam.id);
    expect(await syncStaffAccounts(db, "Morgan:845217,Sam:390624")).toEqual({ created: [], kept: ["Morgan", "Sam"], removed: [] });
    expect(await hasPin(db, "Sam", "604817")).toBe(true);
    expect(await readStaffSession(db, session)).toBeNull();
    expect(await readStaffSession(db, again)).not.toBeNull();
    // Morgan is removed; STAFF_ACCOUNTS still lists Morgan at the next start: Morgan stays removed.
    await removeStaff(db, "Morgan");
    expect(await syncStaffAccounts(db, "Morgan:845217:manager,Sam:390624")).toEqual({ created: [], kept: ["Sam"], removed: ["Morgan"] });
    expect(await findStaffByName(db, "Morgan")).toBeUndefined();
    // Added again on purpose, by the command: an account again.
    await addStaff(db, "Morgan", "845217");
    expect(await findStaffByName(db, "Morgan")).toBeDefined();

    await addStaff(db, "Jo", "482913");
    await expect(syncStaffAccounts(db, "Kim:482913")).rejects.toThrow('"Kim" has the same PIN as the existing account "Jo"');
  });

  it("refuses to start with a weak PIN in STAFF_ACCOUNTS, saying which account and why", async () => {
    database = await createTestDatabase(engine);
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: database.dataDir,
      ...fixtureEnv,
      STAFF_ACCOUNTS: "Morgan:845217,Sam:654321",
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    });
    const started = startServices(config);
    await expect(started).rejects.toThrow(/^STAFF_ACCOUNTS is not valid: "Sam": A PIN can't be a run of digits going up or down/);
    await expect(started).rejects.not.toThrow(/654321/);
  });

  it("npm run staff adds, lists, resets and removes accounts, asking for the PIN twice", async () => {
    database = await createTestDatabase(engine);
    const env = { DATA_DIR: database.dataDir, ...(database.url ? { DATABASE_URL: database.url } : {}) };

    // The first as an operator runs it, in its own process with the PIN piped in; the rest in this one.
    const added = await spawnCli(["add", "Jo", "Bell"], env, "482913\n482913\n");
    // It names the database it wrote to, so nobody adds an account to one database and signs in against another.
    const where = database.url ? /to the PostgreSQL database at 127\.0\.0\.1:5432\/\S+ \(DATABASE_URL\)/ : `to the SQLite database at ${database.dataDir}/base.sqlite`;
    expect(added.out).toContain("Added Jo Bell (manager) ");
    expect(added.out).toMatch(where);
    expect(added.out).toContain("They can sign in at /staff with their PIN.");
    expect(added.out).not.toContain("482913");
    expect(added.code).toBe(0);

    const kim = await runCli(["add", "Kim", "--role", "reception"], env, "604817\n604817\n");
    expect(kim.code).toBe(0);
    expect(kim.out).toContain("Added Kim (reception) ");
    const refused = await runCli(["add", "Lee"], env, "999999\n");
    expect(refused.out).toContain("A PIN can't be one digit repeated");
    expect(refused.code).toBe(1);
    const mismatch = await runCli(["reset", "Jo Bell"], env, "583127\n583128\n");
    expect(mismatch.out).toContain("The two PINs are different.");
    expect(mismatch.code).toBe(1);

    const listed = await runCli(["list"], env, "");
    expect(listed.out).toMatch(/Jo Bell\W+manager/);
    expect(listed.out).toMatch(/Kim\W+reception/);
    expect(listed.out).toMatch(where instanceof RegExp ? /Staff accounts in the PostgreSQL database/ : `Staff accounts in the SQLite database at ${database.dataDir}/base.sqlite`);
    expect((await runCli(["reset", "jo bell"], env, "583127\n583127\n")).out).toContain("New PIN set for Jo Bell");
    expect((await runCli(["remove", "Kim"], env, "")).out).toContain("Removed Kim");
    const missing = await runCli(["remove", "Kim"], env, "");
    expect(missing.out).toContain("There is no staff member called Kim.");
    expect(missing.code).toBe(1);
    const usage = await runCli(["promote", "Kim"], env, "");
    expect(usage.code).toBe(2);
    expect(usage.out).toContain("npm run staff -- add <name>");
  });
});
