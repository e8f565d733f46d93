import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, engines, postgresAdminUrl, sqliteFileName, type TestEngine } from "../support/databases";
import { canMakeImmutable, canMountTinyDisk, refuseWrites, tinyDisk } from "../support/disks";
import { startTestServer, type TestServer } from "../support/test-server";

// GET /healthz (API contract, "Running the site"): 200 while the database answers, 503 when it cannot be reached.
describe.each(["sqlite", "postgres"] as const)("GET /healthz on %s", (engine) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it("answers 200 with the outbox's queue, never rate limited, with nothing personal", async () => {
    server = await startTestServer(engine, { RATE_LIMIT_PER_MINUTE: "1", RATE_LIMIT_PER_HOUR: "1" });
    // A message waiting: queued to a visitor's address, due in an hour.
    const created = new Date(Date.now() - 90_000).toISOString();
    await server.services.db
      .insertInto("outbox_messages")
      .values({
        id: "health-test-1", channel: "email", template: "quote", recipient: "visitor@example.com", subject: "Your quote",
        body_text: "Hello", body_html: null, reply_to: null, status: "pending", attempts: 0,
        next_attempt_at: new Date(Date.now() + 3_600_000).toISOString(), locked_until: null, locked_by: null,
        last_error: null, provider_id: null, related_type: null, related_id: null, created_at: created, updated_at: created, sent_at: null,
      })
      .execute();
    for (let i = 0; i < 15; i++) {
      const response = await fetch(`${server.url}/healthz`);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("set-cookie")).toBeNull();
      const body = (await response.json()) as { status: string; database: string; disk: string; outbox: { waiting: number; oldest_waiting_seconds: number } };
      expect(body).toMatchObject({ status: "ok", database: "ok", disk: "ok", outbox: { waiting: 1 } });
      expect(body.outbox.oldest_waiting_seconds).toBeGreaterThanOrEqual(89);
      expect(body.outbox.oldest_waiting_seconds).toBeLessThan(600);
      const text = JSON.stringify(body);
      expect(text).not.toContain("example.com");
      expect(text).not.toMatch(/sqlite|postgres|\/tmp|\d+\.\d+\.\d+/i);
    }
    expect((await fetch(`${server.url}/healthz`, { method: "POST" })).status).toBe(405);
  });

  if (engine === "sqlite") {
    it("answers 503 when the database connection is gone", async () => {
      server = await startTestServer(engine);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      await server.services.db.destroy();
      const response = await fetch(`${server.url}/healthz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "unavailable", database: "unreachable", disk: "ok" });
    });
  } else {
    it("answers 503 when the database refuses connections, and 200 again once it takes them", async () => {
      server = await startTestServer(engine);
      const name = new URL(server.database.url!).pathname.slice(1);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      const admin = new pg.Client({ connectionString: postgresAdminUrl });
      await admin.connect();
      try {
        // The right to connect taken away, and the site's open connections cut.
        await admin.query(`alter database ${name} allow_connections false`);
        await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [name]);
        let response = await fetch(`${server.url}/healthz`);
        // The first request may meet a connection the pool has not yet noticed is cut; the next cannot.
        if (response.status === 200) response = await fetch(`${server.url}/healthz`);
        expect(response.status).toBe(503);
        expect(await response.json()).toEqual({ status: "unavailable", database: "unreachable", disk: "ok" });
        await admin.query(`alter database ${name} allow_connections true`);
        // Back within a few checks, as a load balancer's next probes find it: on a loaded machine the first
        // may still meet what the cut left behind (it answered 503 once in CI).
        const url = `${server.url}/healthz`;
        await expect.poll(async () => (await fetch(url)).status, { timeout: 5_000 }).toBe(200);
      } finally {
        await admin.query(`alter database ${name} allow_connections true`);
        await admin.end();
      }
    });

    it("answers 503 within its timeout when the database's port is closed", async () => {
      // A relay to PostgreSQL that the test closes: the site's connections go through it.
      const sockets = new Set<net.Socket>();
      const target = new URL(postgresAdminUrl);
      const relay = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        sockets.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        client.on("error", () => upstream.destroy());
        upstream.on("error", () => client.destroy());
      });
      await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
      const port = (relay.address() as net.AddressInfo).port;
      const database = await createTestDatabase(engine);
      const url = new URL(database.url!);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      server = await startTestServer(engine, { DATABASE_URL: url.toString() }, { database });
      try {
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
        relay.close();
        for (const socket of sockets) socket.destroy();
        let response = await fetch(`${server.url}/healthz`);
        if (response.status === 200) response = await fetch(`${server.url}/healthz`);
        expect(response.status).toBe(503);
      } finally {
        await server.close();
        server = undefined;
        await database.drop();
      }
    });
  }
});

type HealthBody = { status: string; database: string; disk: string };
const health = async (server: TestServer) => {
  const response = await fetch(`${server.url}/healthz`);
  return { status: response.status, body: (await response.json()) as HealthBody };
};

describe.each(engines)("finding: /healthz says ok with a read-only database or a full disk (%s)", (engine: TestEngine) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  if (engine === "postgres") {
    it("answers 503 with database: read-only while the database takes no writes, and 200 once it does", async () => {
      server = await startTestServer(engine);
      expect(await health(server)).toMatchObject({ status: 200, body: { status: "ok", database: "ok", disk: "ok" } });
      const name = new URL(server.database.url!).pathname.slice(1);
      const admin = new pg.Client({ connectionString: postgresAdminUrl });
      await admin.connect();
      // Every new session of the site's database read only, and the open ones cut, so the pool makes new ones.
      const readOnly = async (on: boolean) => {
        await admin.query(`alter database ${name} set default_transaction_read_only = ${on ? "on" : "off"}`);
        await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [name]);
      };
      try {
        await readOnly(true);
        const url = server.url;
        // The first check may meet a connection the pool has not yet noticed is cut (unreachable); then read-only.
        await expect.poll(async () => (await health({ url } as TestServer)).body.database, { timeout: 5_000 }).toBe("read-only");
        expect(await health(server)).toEqual({ status: 503, body: { status: "unavailable", database: "read-only", disk: "ok", outbox: { waiting: 0, oldest_waiting_seconds: 0 } } });
        await readOnly(false);
        await expect.poll(async () => (await health({ url } as TestServer)).status, { timeout: 5_000 }).toBe(200);
      } finally {
        await admin.query(`alter database ${name} set default_transaction_read_only = off`);
        await admin.end();
      }
    });
  } else {
    it.skipIf(!canMakeImmutable)("answers 503 with database: read-only while the disk refuses the database's writes, and 200 once it takes them", async () => {
      server = await startTestServer(engine);
      expect(await health(server)).toMatchObject({ status: 200, body: { database: "ok" } });
      const file = path.join(server.database.dataDir, sqliteFileName);
      // The database file and its log refuse every write, through the descriptors already open too.
      const files = [file, `${file}-wal`];
      refuseWrites(files, true);
      try {
        expect(await health(server)).toEqual({ status: 503, body: { status: "unavailable", database: "read-only", disk: "ok", outbox: { waiting: 0, oldest_waiting_seconds: 0 } } });
        // Reads still answer meanwhile.
        expect((await fetch(`${server.url}/api/services`)).status).toBe(200);
      } finally {
        refuseWrites(files, false);
      }
      expect(await health(server)).toMatchObject({ status: 200, body: { status: "ok", database: "ok" } });
    });
  }

  it.skipIf(!canMountTinyDisk)("answers 503 with disk: low under 5% free where the site writes, and 200 once there is room", async () => {
    const disk = tinyDisk(16 * 1024);
    const database = await createTestDatabase(engine, { migrated: true });
    try {
      // DATA_DIR on a small disk of its own (the SQLite database in it too).
      if (engine === "sqlite") fs.copyFileSync(path.join(database.dataDir, sqliteFileName), path.join(disk.dir, sqliteFileName));
      server = await startTestServer(engine, { DATA_DIR: disk.dir }, { database: { ...database, dataDir: disk.dir } });
      expect(await health(server)).toMatchObject({ status: 200, body: { status: "ok", database: "ok", disk: "ok" } });
      // 3% left: under the 5% line, room enough for the database still.
      disk.fill(Math.floor(16 * 1024 * 1024 * 0.03));
      expect(await health(server)).toMatchObject({ status: 503, body: { status: "unavailable", database: "ok", disk: "low" } });
      // 6% left: back to 200.
      disk.empty();
      disk.fill(Math.floor(16 * 1024 * 1024 * 0.06));
      expect(await health(server)).toMatchObject({ status: 200, body: { status: "ok", database: "ok", disk: "ok" } });
      await server.close();
      server = undefined;
    } finally {
      await server?.close();
      server = undefined;
      await database.drop();
      disk.unmount();
    }
  });
});
