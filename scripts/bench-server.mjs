// The production site for the benchmarks (scripts/bench.mjs, scripts/bench-pages.mjs):
// built, started the way `npm start` does (scripts/start.mjs) on a fresh database
// (SQLite in a temporary folder, or with engine "postgres" a database of its own
// on 127.0.0.1:5432), and everything removed again by stop().
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const BENCH_PIN = "582914";
export const BENCH_NAME = "Bench";
const postgresAdmin = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export function build() {
  console.log("Building…");
  const cli = path.join(root, "node_modules/@react-router/dev/bin.cjs");
  const built = spawnSync(process.execPath, [cli, "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, NODE_ENV: "production" } });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

/** Starts the site on 127.0.0.1:port; resolves once it answers. */
export async function startSite({ engine = "sqlite", port, env = {} }) {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bha-bench-"));
  const cleanups = [() => fs.rmSync(dataDir, { recursive: true, force: true })];
  let databaseUrl = "";
  if (engine === "postgres") {
    const name = `bha_bench_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: postgresAdmin });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(postgresAdmin);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    cleanups.push(async () => {
      const dropper = new pg.Client({ connectionString: postgresAdmin });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    });
  }
  const child = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "silent",
      NODE_ENV: "production",
      SESSION_SECRET: randomBytes(24).toString("hex"),
      STAFF_ACCOUNTS: `${BENCH_NAME}:${BENCH_PIN}`,
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  // A bench that fails part way leaves no site running behind it (nor the caller's output pipe held open).
  const killChild = () => child.kill("SIGTERM");
  process.once("exit", killChild);
  const stop = async () => {
    process.off("exit", killChild);
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    await waitFor(`${base}/api/salons`, () => child.exitCode !== null);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, dataDir, stop };
}

export async function waitFor(url, failed = () => false) {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    if (i > 600 || failed()) throw new Error(`${url} did not answer`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
