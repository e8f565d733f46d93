import { spawn } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "~/.server/config.server";
import { startServices } from "../../server/start-services";
import { addStaff, findStaffByPin, listStaff, removeStaff, resetPin, syncStaffAccounts } from "~/modules/staff/accounts.server";
import { createStaffSession, readStaffSession, SESSION_IDLE_MS } from "~/modules/staff/sessions.server";
import { createTestDatabase, engines, openMigratedTestDatabase, type TestDatabase } from "../support/databases";
import { fixtureEnv } from "../support/fixture";

/** Runs `npm run staff -- …` (the same script) with `input` piped in as the typed lines. */
function runCli(args: string[], env: Record<string, string>, input: string) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/staff.ts", ...args], {
      env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "silent", ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.stderr.on("data", (c: Buffer) => (out += c.toString()));
    child.stdin.end(input);
    child.on("close", (code) => resolve({ code, out }));
  });
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

  it("keeps PINs only as argon2id hashes and finds the account a PIN belongs to", async () => {
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
    expect(await findStaffByPin(db, "390624")).toMatchObject({ name: "Sam" });
    expect(await findStaffByPin(db, "390625")).toBeUndefined();

    await expect(addStaff(db, "morgan", "482913")).rejects.toThrow("There is already a staff member called morgan.");
    await expect(addStaff(db, "Jo", "390624")).rejects.toThrow("Another staff member already uses that PIN");
    await expect(addStaff(db, "Jo", "111111")).rejects.toThrow(/one digit repeated/);
    await expect(resetPin(db, "Nobody", "482913")).rejects.toThrow("There is no staff member called Nobody.");

    const morgan = (await findStaffByPin(db, "845217"))!;
    const session = await createStaffSession(db, morgan.id);
    await resetPin(db, "MORGAN", "482913");
    expect(await readStaffSession(db, session)).toBeNull();
    expect(await findStaffByPin(db, "482913")).toMatchObject({ name: "Morgan" });
    expect(await findStaffByPin(db, "845217")).toBeUndefined();

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

  it("applies STAFF_ACCOUNTS: creates, keeps an unchanged PIN's sessions, resets a changed one", async () => {
    opened = await openMigratedTestDatabase(engine);
    const { db } = opened;
    expect(await syncStaffAccounts(db, "Morgan:845217,Sam:390624")).toEqual({ created: ["Morgan", "Sam"], updated: [] });
    const sam = (await findStaffByPin(db, "390624"))!;
    const session = await createStaffSession(db, sam.id);
    expect(await syncStaffAccounts(db, "Morgan:845217,Sam:390624")).toEqual({ created: [], updated: [] });
    expect(await readStaffSession(db, session)).not.toBeNull();
    expect(await syncStaffAccounts(db, "Morgan:390624,Sam:845217")).toEqual({ created: [], updated: ["Morgan", "Sam"] });
    expect(await readStaffSession(db, session)).toBeNull();
    expect(await findStaffByPin(db, "390624")).toMatchObject({ name: "Morgan" });

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
    await expect(started).rejects.toThrow(/^STAFF_ACCOUNTS is not valid: "Sam": A PIN can't be a straight run of digits up or down/);
    await expect(started).rejects.not.toThrow(/654321/);
  });

  it("npm run staff adds, lists, resets and removes accounts, asking for the PIN twice", async () => {
    database = await createTestDatabase(engine);
    const env = { DATA_DIR: database.dataDir, ...(database.url ? { DATABASE_URL: database.url } : {}) };

    const added = await runCli(["add", "Jo", "Bell"], env, "482913\n482913\n");
    // It names the database it wrote to, so nobody adds an account to one database and signs in against another.
    const where = database.url ? /to the PostgreSQL database at 127\.0\.0\.1:5432\/\S+ \(DATABASE_URL\)/ : `to the SQLite database at ${database.dataDir}/base.sqlite`;
    expect(added.out).toContain("Added Jo Bell (manager) ");
    expect(added.out).toMatch(where);
    expect(added.out).toContain("They can sign in at /staff with their PIN.");
    expect(added.out).not.toContain("482913");
    expect(added.code).toBe(0);

    const kim = await runCli(["add", "Kim", "--role", "reception"], env, "246810\n246810\n");
    expect(kim.code).toBe(0);
    expect(kim.out).toContain("Added Kim (reception) ");
    const refused = await runCli(["add", "Lee"], env, "999999\n");
    expect(refused.out).toContain("A PIN can't be one digit repeated");
    expect(refused.code).toBe(1);
    const mismatch = await runCli(["reset", "Jo Bell"], env, "555123\n555124\n");
    expect(mismatch.out).toContain("The two PINs are different.");
    expect(mismatch.code).toBe(1);

    const listed = await runCli(["list"], env, "");
    expect(listed.out).toMatch(/Jo Bell\W+manager/);
    expect(listed.out).toMatch(/Kim\W+reception/);
    expect(listed.out).toMatch(where instanceof RegExp ? /Staff accounts in the PostgreSQL database/ : `Staff accounts in the SQLite database at ${database.dataDir}/base.sqlite`);
    expect((await runCli(["reset", "jo bell"], env, "555123\n555123\n")).out).toContain("New PIN set for Jo Bell");
    expect((await runCli(["remove", "Kim"], env, "")).out).toContain("Removed Kim");
    const missing = await runCli(["remove", "Kim"], env, "");
    expect(missing.out).toContain("There is no staff member called Kim.");
    expect(missing.code).toBe(1);
    const usage = await runCli(["promote", "Kim"], env, "");
    expect(usage.code).toBe(2);
    expect(usage.out).toContain("npm run staff -- add <name>");
  });
});
