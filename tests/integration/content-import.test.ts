/**
 * "`npm run content -- import` follows symlinks out of its folder and takes a
 * 60 MB post (the studio caps a post at 20,000 characters)" (issue 31). The
 * command, in its own process as an operator runs it, meets a real link to a
 * file outside the folder; the function it calls meets posts over the studio's
 * limits. Nothing is imported in either case, and the site's content is as it was.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "~/.server/db/database.server";
import { readContentFiles, seedContentFiles } from "~/modules/site/content-store.server";
import { importContent } from "~/modules/studio/content-io.server";
import { createTestDatabase, engines, sqliteFileName, type TestDatabase } from "../support/databases";
import { fixtureContentDir } from "../support/fixture";

/** `npm run content -- import DIR` in its own process, on the test's database. */
function contentCommand(args: string[], database: TestDatabase) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const env: Record<string, string> = { NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: database.dataDir, CONTENT_DIR: fixtureContentDir };
    if (database.url) env.DATABASE_URL = database.url;
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/content.ts", ...args], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.stderr.on("data", (c: Buffer) => (out += c.toString()));
    child.on("close", (code) => resolve({ code, out }));
  });
}

describe.each(engines)("finding: npm run content -- import follows symlinks out of its folder and takes a 60 MB post (%s)", (engine) => {
  let database: TestDatabase;
  let opened: AppDatabase;
  let work: string;
  let before: Map<string, string>;
  /** A copy of the fixture salon's content/ to import, changed by each test. */
  const folder = (name: string) => {
    const dir = path.join(work, name);
    fs.cpSync(fixtureContentDir, dir, { recursive: true });
    return dir;
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine, { migrated: true });
    opened = openDatabase({ url: database.url, sqlitePath: path.join(database.dataDir, sqliteFileName) });
    await seedContentFiles(opened.db, opened.engine, fixtureContentDir);
    before = await readContentFiles(opened.db);
    work = fs.mkdtempSync(path.join(os.tmpdir(), "content-import-"));
  });
  afterAll(async () => {
    await opened?.close();
    await database?.drop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it("refuses a folder with a link to a file outside it, reading nothing through it", async () => {
    const secret = path.join(work, "outside.md");
    fs.writeFileSync(secret, "---\ntitle: Outside\nauthor: Nobody\ndate: 2026-01-01\n---\n\nA file from elsewhere on the server.\n");
    const dir = folder("with-link");
    fs.symlinkSync(secret, path.join(dir, "blog", "borrowed.md"));
    const { code, out } = await contentCommand(["import", dir], database);
    expect(code).toBe(1);
    expect(out).toContain("Nothing was imported.");
    expect(out).toContain("content/blog/borrowed.md: a link to outside the content folder");
    expect(out).not.toContain("A file from elsewhere");
    expect(await readContentFiles(opened.db)).toEqual(before);
  }, 60_000);

  it("still follows a link to a file inside the folder", async () => {
    const dir = folder("link-inside");
    fs.renameSync(path.join(dir, "facts.yaml"), path.join(dir, "pages", "facts-kept-here.yaml.txt"));
    fs.symlinkSync(path.join(dir, "pages", "facts-kept-here.yaml.txt"), path.join(dir, "facts.yaml"));
    expect((await importContent(opened, { name: "Developer" }, dir)).kind).toBe("unchanged");
  });

  it("refuses a 60 MB post unread, and a post of 20,001 characters as the studio does", async () => {
    const huge = folder("huge-post");
    const file = path.join(huge, "blog", "huge.md");
    fs.writeFileSync(file, "---\ntitle: Huge\nauthor: Morgan\ndate: 2026-03-01\n---\n\n");
    fs.appendFileSync(file, Buffer.alloc(60 * 1024 * 1024, "a"));
    const refusedUnread = await importContent(opened, { name: "Developer" }, huge);
    expect(refusedUnread).toEqual({ kind: "invalid", message: expect.stringContaining("content/blog/huge.md: 61441 KB, over the 1024 KB a content file may be") });

    const long = folder("long-post");
    fs.writeFileSync(path.join(long, "blog", "long.md"), `---\ntitle: Long\nauthor: Morgan\ndate: 2026-03-01\nexcerpt: A long post.\n---\n\n${"a".repeat(20_001)}\n`);
    const refused = await importContent(opened, { name: "Developer" }, long);
    expect(refused).toEqual({ kind: "invalid", message: expect.stringContaining("content/blog/long.md (body): Please keep a post to 20,000 characters or fewer") });
    expect(await readContentFiles(opened.db)).toEqual(before);

    // 20,000 characters is within the limit: imported, as one entry of the history.
    fs.writeFileSync(path.join(long, "blog", "long.md"), `---\ntitle: Long\nauthor: Morgan\ndate: 2026-03-01\nexcerpt: A long post.\n---\n\n${"a".repeat(20_000)}\n`);
    const accepted = await importContent(opened, { name: "Developer" }, long);
    expect(accepted, JSON.stringify(accepted)).toMatchObject({ kind: "done" });
  });
});
