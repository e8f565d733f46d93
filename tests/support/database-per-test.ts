/** A fresh database for each test of a describe block (vitest only: the benchmarks share databases.ts). */
import { afterEach } from "vitest";
import type { Db } from "~/.server/db/schema";
import { openMigratedTestDatabase, type TestEngine } from "./databases";

/**
 * For a describe block of tests below the HTTP layer: `open()` gives the test
 * a fresh migrated database of `engine`, which is closed and dropped after it.
 */
export function databasePerTest(engine: TestEngine): () => Promise<Db> {
  let opened: Awaited<ReturnType<typeof openMigratedTestDatabase>> | undefined;
  afterEach(async () => {
    await opened?.close();
    opened = undefined;
  });
  return async () => {
    opened = await openMigratedTestDatabase(engine);
    return opened.db;
  };
}
