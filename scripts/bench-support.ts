/**
 * What the benches share: mail and text sinks, a fresh database of either engine
 * that the bench can read behind the site's back, and the site as a real child
 * process (`scripts/start.mjs`, the production build), started, killed and
 * started again (the screenshots script starts its site so too).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { createTestDatabase, type TestDatabase, type TestEngine } from "../tests/support/databases";
import { SmsSink } from "../tests/support/sms-sink";
import { SmtpSink } from "../tests/support/smtp-sink";
import { waitFor } from "../tests/support/wait";

export const BENCH_PIN = "582914";
export const BENCH_NAME = "Bench";

export async function benchDatabase(engine: TestEngine) {
  const database: TestDatabase = await createTestDatabase(engine);
  let sqlite: SQLite.Database | undefined;
  let client: pg.Client | undefined;
  return {
    engine,
    /** DATA_DIR and, on PostgreSQL, DATABASE_URL for the site. */
    env: { DATA_DIR: database.dataDir, ...(database.url ? { DATABASE_URL: database.url } : {}) },
    /** Runs a read-only query (written for both engines) and returns its rows. */
    async query<T>(text: string): Promise<T[]> {
      if (engine === "sqlite") {
        sqlite ??= new SQLite(path.join(database.dataDir, "base.sqlite"), { readonly: true });
        return sqlite.prepare(text).all() as T[];
      }
      if (!client) {
        client = new pg.Client({ connectionString: database.url });
        await client.connect();
      }
      return (await client.query(text)).rows as T[];
    },
    async drop() {
      sqlite?.close();
      await client?.end();
      await database.drop();
    },
  };
}

export interface SiteProcess {
  readonly url: string;
  child: ChildProcess;
  /** Kills the process (SIGKILL: no goodbye; SIGTERM: a graceful stop) and waits for it to be gone. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port and waits until it answers. */
  restart(): Promise<void>;
}

/** The sites running, killed if the bench itself stops early, so no server outlives it. */
const running = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/** One secret for every process a bench starts, as instances behind one balancer share theirs. */
const sessionSecret = randomBytes(32).toString("hex");

/** Starts the site from the production build on `port` with `env`, and waits until it answers. */
export async function startSite(port: number, env: Record<string, string>): Promise<SiteProcess> {
  const url = `http://127.0.0.1:${port}`;
  // The bench's own database only: a DATABASE_URL of the shell's is never handed on (a SQLite run would write to it).
  const { DATABASE_URL: _shells, ...inherited } = process.env;
  const launch = async () => {
    const child = spawn(process.execPath, ["scripts/start.mjs"], {
      env: { ...inherited, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "error", ...(process.env.BENCH_LOG_FILE ? { LOG_FILE: process.env.BENCH_LOG_FILE } : {}), SESSION_SECRET: sessionSecret, ...env },
      stdio: ["ignore", "ignore", "inherit"],
    });
    running.add(child);
    child.once("exit", () => running.delete(child));
    const exited = new Promise<never>((_, reject) => child.once("exit", (code) => reject(new Error(`the site on ${port} exited (${code}) before answering`))));
    const answering = waitFor(`the site on ${port} to answer`, () => fetch(`${url}/api/levels`).then(() => true, () => false), 120_000);
    await Promise.race([answering, exited]);
    exited.catch(() => undefined);
    return child;
  };
  const site: SiteProcess = {
    url,
    child: await launch(),
    async kill(signal) {
      const child = site.child;
      if (child.exitCode !== null || child.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill(signal);
      });
    },
    async restart() {
      site.child = await launch();
    },
  };
  return site;
}

/**
 * The site on a fresh database of `engine` (SQLite in a temporary folder, or a PostgreSQL database of its own)
 * with one staff member, BENCH_NAME, unless `env` names others: for the throughput and Lighthouse benches.
 * stop() stops it and removes the database, as does a start that fails.
 */
export async function startOnFreshDatabase(engine: TestEngine, port: number, env: Record<string, string> = {}) {
  const database = await benchDatabase(engine);
  const url = `http://127.0.0.1:${port}`;
  const site = await startSite(port, { ...database.env, PUBLIC_URL: url, LOG_LEVEL: "silent", STAFF_ACCOUNTS: `${BENCH_NAME}:${BENCH_PIN}`, ...env }).catch(async (error: unknown) => {
    await database.drop();
    throw error;
  });
  const stop = async () => {
    await site.kill("SIGTERM");
    await database.drop();
  };
  return { url, dataDir: database.env.DATA_DIR, stop };
}

/**
 * A mail sink and a text sink for the site to send to, on BENCH_SMTP_PORT and
 * BENCH_SMS_PORT or else each benchmark's own defaults (so two can run at once).
 */
export async function startSinks(defaults: { smtp: number; sms: number }): Promise<{ smtp: SmtpSink; sms: SmsSink }> {
  const smtp = new SmtpSink();
  smtp.port = Number(process.env.BENCH_SMTP_PORT ?? defaults.smtp);
  await smtp.start();
  const sms = new SmsSink();
  sms.port = Number(process.env.BENCH_SMS_PORT ?? defaults.sms);
  await sms.start();
  return { smtp, sms };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls `send` `rate` times a second; the function it returns stops that and waits for the calls still under way. */
export function steadyLoad(rate: number, send: () => Promise<void>): () => Promise<void> {
  const inFlight = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const p = send().finally(() => inFlight.delete(p));
    inFlight.add(p);
  }, 1000 / rate);
  return async () => {
    clearInterval(timer);
    await Promise.all(inFlight);
  };
}

/**
 * Waits (up to `withinMs`) until no message in the outbox is pending or being sent, reading its rows with `read`,
 * then counts the deliveries at the sinks per outbox id (the email's X-Outbox-Id header, the text's Idempotency-Key).
 */
export async function drainOutbox<T extends { id: string; status: string }>(read: () => Promise<T[]>, withinMs: number, { smtp, sms }: { smtp: SmtpSink; sms: SmsSink }) {
  const deadline = Date.now() + withinMs;
  let rows = await read();
  while (rows.some((r) => r.status === "pending" || r.status === "sending") && Date.now() < deadline) {
    await sleep(250);
    rows = await read();
  }
  // Let a send that was in flight at the last look arrive.
  await sleep(1000);
  rows = await read();
  const queued = rows.filter((r) => r.status !== "suppressed");
  const deliveries = tally([...smtp.messages.map((m) => m.outboxId), ...sms.messages.map((m) => m.idempotencyKey ?? "")]);
  const duplicated = [...deliveries.values()].reduce((sum, count) => sum + Math.max(0, count - 1), 0);
  const lost = queued.filter((r) => !deliveries.has(r.id)).length;
  return { rows, queued, deliveries, duplicated, lost };
}

/** `--name=value` and `--flag` arguments. */
export function args(): Map<string, string> {
  const found = new Map<string, string>();
  for (const arg of process.argv.slice(2)) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (match) found.set(match[1]!, match[2] ?? "true");
  }
  return found;
}

/** Counts how often each value occurs. */
export function tally(values: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
}
