import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { isStorageFull, openDatabase } from "./database.server";

// Issue 31: "on a full disk the next upload gets 500". The errors a full disk
// really gives, made for real: the file system's ENOSPC (writing to /dev/full),
// and SQLite's SQLITE_FULL out of a transaction (its page limit reached), which
// SQLite answers by ending the transaction itself: the error that reaches the
// request must still be SQLITE_FULL, not Kysely's failed ROLLBACK after it.
describe("finding: nothing bounds the CVs the public can store (a full disk is told apart, never a 500)", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bha-full-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("knows the file system's ENOSPC", () => {
    let error: unknown;
    try {
      fs.writeFileSync("/dev/full", "a CV");
    } catch (caught) {
      error = caught;
    }
    expect((error as NodeJS.ErrnoException).code).toBe("ENOSPC");
    expect(isStorageFull(error)).toBe(true);
  });

  it("keeps SQLite's SQLITE_FULL from a transaction SQLite has ended itself", async () => {
    const opened = openDatabase({ sqlitePath: path.join(dir, "full.sqlite") });
    try {
      await sql`create table cvs (bytes blob not null)`.execute(opened.db);
      const { page_count } = (await sql<{ page_count: number }>`pragma page_count`.execute(opened.db)).rows[0]!;
      // On the writing connection: a pragma that answers a row would otherwise run on the reading one.
      await opened.db.transaction().execute((trx) => sql.raw(`pragma max_page_count = ${page_count}`).execute(trx));
      const stored = opened.db.transaction().execute(async (trx) => {
        await sql`insert into cvs (bytes) values (${Buffer.alloc(100_000)})`.execute(trx);
      });
      const error = await stored.then(() => null, (caught: unknown) => caught);
      expect((error as { code?: string }).code).toBe("SQLITE_FULL");
      expect(isStorageFull(error)).toBe(true);
      // The connection is fine afterwards: the next transaction runs.
      await opened.db.transaction().execute(async (trx) => void (await sql`select 1`.execute(trx)));
    } finally {
      await opened.close();
    }
  });

  it("does not take other errors for a full disk", () => {
    expect(isStorageFull(new Error("boom"))).toBe(false);
    expect(isStorageFull(null)).toBe(false);
  });
});
