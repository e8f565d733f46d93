/**
 * "On SQLite another process holding the write lock freezes every request for
 * about 10 s, then writes get 500" (issue 18). Now a write waits at most 2 s
 * for the lock, then answers 503 with Retry-After; reads never wait (WAL).
 * SQLite only: PostgreSQL locks rows, not the database.
 */
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/test-server";

describe("a SQLite database locked by another process", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("sqlite", { RATE_LIMIT_PER_MINUTE: "1000", RATE_LIMIT_PER_HOUR: "10000" });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("on SQLite, a request that cannot get the write lock within 2 s answers 503 with Retry-After, and reads never wait", async () => {
    const contact = (message: string) =>
      fetch(`${server.url}/api/sendMessage`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Lock Tester", email: "lock@example.com", message }),
      });
    // The site at work first (its start-up tidying done): a write goes through.
    expect((await contact("Is the site working?")).status).toBe(201);
    // Another process (a backup script, a console) takes the write lock and keeps it.
    const other = new SQLite(path.join(server.database.dataDir, "base.sqlite"));
    other.exec("BEGIN IMMEDIATE");
    try {
      const readStarted = Date.now();
      const read = await fetch(`${server.url}/api/services`);
      expect(read.status).toBe(200);
      expect(Date.now() - readStarted).toBeLessThan(1000);

      const writeStarted = Date.now();
      const write = await contact("Is the site free?");
      const waited = Date.now() - writeStarted;
      expect(write.status).toBe(503);
      expect(write.headers.get("retry-after")).toBe("2");
      expect(await write.json()).toEqual({ error: "The site is busy for a moment. Please try again in a few seconds." });
      expect(waited).toBeGreaterThanOrEqual(1900);
      expect(waited).toBeLessThan(6000);
    } finally {
      other.exec("ROLLBACK");
      other.close();
    }
    // The lock gone, writes go through again.
    expect((await contact("Is the site free now?")).status).toBe(201);
  }, 30_000);
});
