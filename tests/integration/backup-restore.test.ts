import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BackupError, restoreDatabase } from "~/.server/db/backup.server";
import { openDatabase } from "~/.server/db/database.server";
import { createTestDatabase, engines, type TestDatabase } from "../support/databases";
import { salons, services as s } from "../support/fixture";
import { STAFF, staffAccountsEnv, StaffClient } from "../support/staff-client";
import { startTestServer, type TestServer } from "../support/test-server";

/** `npm run backup` / `npm run restore` as an operator runs them: the scripts, in their own process, from the build. */
function npmScript(script: "backup" | "restore", file: string, database: TestDatabase) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    const child = spawn(process.execPath, [`scripts/${script}.mjs`, file], {
      env: {
        ...process.env,
        NODE_ENV: "test",
        DATA_DIR: database.dataDir,
        ...(database.url ? { DATABASE_URL: database.url } : { DATABASE_URL: "" }),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

const quoteBody = (n: number) => ({
  name: `Backup Visitor ${n}`,
  mobile: `07700 9${String(n).padStart(5, "0")}`,
  email: `backup.${n}@example.com`,
  referral: "google",
  salon_id: salons.school.id,
  regular: false,
  selector: "Level",
  level_id: 3,
  service_ids: [s.blowDry.id],
});

async function readState(database: TestDatabase) {
  const opened = openDatabase({ url: database.url, sqlitePath: path.join(database.dataDir, "base.sqlite") });
  try {
    const quotes = await opened.db.selectFrom("quotes").select("link").execute();
    const sessions = await opened.db.selectFrom("staff_sessions").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    const devices = await opened.db.selectFrom("staff_devices").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    return { links: new Set(quotes.map((q) => q.link)), sessions: Number(sessions.n), devices: Number(devices.n) };
  } finally {
    await opened.close();
  }
}

describe.each(engines)("backup and restore on %s", (engine) => {
  let database: TestDatabase;
  let server: TestServer | undefined;
  let file: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    file = path.join(database.dataDir, "..", `${path.basename(database.dataDir)}.backup`);
    server = await startTestServer(engine, { STAFF_ACCOUNTS: staffAccountsEnv, RATE_LIMIT_PER_MINUTE: "100000", RATE_LIMIT_PER_HOUR: "100000" }, { database });
    // The quotes' messages wait in the outbox: sending them is the outbox tests' work, and here would only
    // take the machine's time from the savers and the backup.
    await server.services.outbox.stop();
  });
  afterAll(async () => {
    await server?.close();
    await database.drop();
    fs.rmSync(file, { force: true });
  });

  it("copies every quote acknowledged before the backup and none sent after it, while saves run; restore signs everyone out", async () => {
    const running = server!;
    const staff = new StaffClient(running.url);
    expect((await staff.signIn(STAFF.morgan)).status).toBe(200);

    const saved: { link: string; sentAt: number; ackedAt: number }[] = [];
    let n = 0;
    let stop = false;
    // Each refused save with its status and words, so a failure says what the site answered.
    const failures: string[] = [];
    const saver = async () => {
      while (!stop) {
        const sentAt = performance.now();
        const response = await fetch(`${running.url}/api/save-quote-details`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(quoteBody(n++)),
        });
        const text = await response.text();
        const body = (response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : {}) as { link?: string };
        if (response.status !== 201 || !body.link) failures.push(`${response.status} ${text.slice(0, 200)}`);
        else saved.push({ link: body.link, sentAt, ackedAt: performance.now() });
        // A busy salon's pace, not a flood: the backup process shares the machine's two cores with the savers.
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    const savers = [saver(), saver(), saver()];
    while (saved.length < 20) await new Promise((resolve) => setTimeout(resolve, 20));

    const backupStarted = performance.now();
    const backup = await npmScript("backup", file, database);
    const backupEnded = performance.now();
    expect(backup.output).toMatch(/Backed up the .* database to .*checked/);
    expect(backup.code).toBe(0);
    const savedDuring = saved.filter((q) => q.ackedAt > backupStarted && q.sentAt < backupEnded).length;
    // Saves go on after the backup, then stop.
    while (saved.filter((q) => q.sentAt > backupEnded).length < 10) await new Promise((resolve) => setTimeout(resolve, 20));
    stop = true;
    await Promise.all(savers);
    expect(failures).toEqual([]);

    // Refused while the site runs: the database is in use.
    const location = { url: database.url, sqlitePath: path.join(database.dataDir, "base.sqlite") };
    await expect(restoreDatabase(location, file)).rejects.toThrow(/stop/i);
    expect((await readState(database)).links.size).toBe(saved.length);

    await running.close();
    server = undefined;
    const restore = await npmScript("restore", file, database);
    expect(restore.output).toMatch(/Restored the .* database .*signed out/);
    expect(restore.code).toBe(0);

    const state = await readState(database);
    const before = saved.filter((q) => q.ackedAt < backupStarted);
    const after = saved.filter((q) => q.sentAt > backupEnded);
    expect(before.length).toBeGreaterThanOrEqual(20);
    expect(after.length).toBeGreaterThanOrEqual(10);
    expect(before.filter((q) => !state.links.has(q.link))).toEqual([]);
    expect(after.filter((q) => state.links.has(q.link))).toEqual([]);
    expect(state.sessions).toBe(0);
    expect(state.devices).toBe(0);
    console.log(`${engine}: ${before.length} saved before the backup, ${savedDuring} during, ${after.length} after`);

    // The restored site starts, and the signed-out staff member is asked to sign in again.
    server = await startTestServer(engine, { STAFF_ACCOUNTS: staffAccountsEnv }, { database });
    const again = await fetch(`${server.url}/api/staff/session`, { headers: { cookie: staff.cookieHeader } });
    expect(again.status).toBe(401);
    const one = before[0]!.link;
    expect((await fetch(`${server.url}/api/get-quote-details/${one}`)).status).toBe(200);
  });

  it("refuses a file that is not a backup of this site, and changes nothing", async () => {
    await server?.close();
    server = undefined;
    const stateBefore = await readState(database);
    const dir = fs.mkdtempSync(path.join(path.dirname(database.dataDir), "not-a-backup-"));
    try {
      const text = path.join(dir, "notes.backup");
      fs.writeFileSync(text, "These are not the droids you are looking for.\n".repeat(20));
      const otherSqlite = path.join(dir, "other.sqlite");
      const other = new SQLite(otherSqlite);
      other.exec("create table quotes (link text); create table kysely_migration (name text, timestamp text)");
      other.close();
      // A copy of the site's own live SQLite file, not made by the backup command.
      const rawCopy = path.join(dir, "raw-copy.sqlite");
      const candidates = [text, otherSqlite, path.join(dir, "missing.backup")];
      if (engine === "sqlite") {
        fs.copyFileSync(path.join(database.dataDir, "base.sqlite"), rawCopy);
        candidates.push(rawCopy);
      } else {
        // A PostgreSQL dump of another database.
        const otherDb = await createTestDatabase("postgres");
        const admin = new pg.Client({ connectionString: otherDb.url });
        await admin.connect();
        await admin.query("create table notes (id int); insert into notes values (1)");
        await admin.end();
        const dump = path.join(dir, "other.dump");
        await new Promise<void>((resolve, reject) =>
          spawn("pg_dump", ["--format=custom", `--file=${dump}`, `--dbname=${otherDb.url}`], { stdio: "ignore" }).on("close", (code) =>
            code === 0 ? resolve() : reject(new Error(`pg_dump exited ${code}`)),
          ),
        );
        await otherDb.drop();
        candidates.push(dump);
        // And a SQLite backup offered to a PostgreSQL site.
        candidates.push(otherSqlite);
      }
      // The command's own refusal is proven above (a busy database); here the same function it calls, in process.
      const location = { url: database.url, sqlitePath: path.join(database.dataDir, "base.sqlite") };
      for (const candidate of candidates) {
        await expect(restoreDatabase(location, candidate), candidate).rejects.toThrow(BackupError);
        await expect(restoreDatabase(location, candidate), candidate).rejects.toThrow(/cannot be restored|There is no file/);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const stateAfter = await readState(database);
    expect(stateAfter.links).toEqual(stateBefore.links);
  });
});
