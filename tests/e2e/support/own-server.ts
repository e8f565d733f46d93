/**
 * A server of a test's own (the production build, as `npm start` runs it) on
 * a fresh database: for journeys that change what every visitor sees, such as
 * hiding the offers, so the other tests, which share the run's server, are
 * never affected.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { fixturePictureCopiesDir } from "../../support/fixture-pictures";
import { productionEnv } from "./ports";

export interface OwnServer {
  base: string;
  /** The last 20,000 characters the server wrote (its log at info: every request). */
  output(): string;
  stop(): Promise<void>;
}

/** The fixture salon, as the run's own server has (playwright.config.ts). Tests read names from it, never literals. */
export const e2eContentDir = path.resolve("tests/fixtures/content");

/**
 * A server of the tests' own, started by the first test of the group that asks for it (`await own.get()`),
 * on the run's port plus `portOffset` plus the worker's index, and stopped after the group (`own.stop()` in
 * an afterAll). Playwright runs a group's beforeAll even in a browser project whose every test the group
 * skips; started on demand, a server costs nothing where no test needs it. `publicHost` is the name the
 * browser uses for it (a passkey is bound to a name, not an address).
 */
export function ownServerOnDemand(portOffset: number, env: Record<string, string> = {}, { publicHost = "127.0.0.1" } = {}) {
  let started: Promise<OwnServer> | undefined;
  // A test that fails shows what its server said last, to tell a server's fault from the page's.
  test.afterEach(async ({ browserName: _browser }, testInfo) => {
    if (testInfo.status === testInfo.expectedStatus || !started) return;
    const server = await started.catch(() => undefined);
    if (server) await testInfo.attach("the test's own server's log", { body: server.output().slice(-8_000), contentType: "text/plain" });
  });
  return {
    get(): Promise<OwnServer> {
      const port = Number(process.env.E2E_PORT ?? 3100) + portOffset + test.info().parallelIndex;
      started ??= startOwnServer(port, env, publicHost);
      return started;
    },
    async stop(): Promise<void> {
      const server = await started?.catch(() => undefined);
      started = undefined;
      await server?.stop();
    },
  };
}

async function startOwnServer(port: number, env: Record<string, string> = {}, publicHost = "127.0.0.1"): Promise<OwnServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bha-own-"));
  const base = `http://${publicHost}:${port}`;
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      CONTENT_DIR: e2eContentDir,
      // The run server's copies of the fixture's pictures: a server of its own made them all again, in AVIF,
      // beside the browsers (38 CPU-s for the scheduled post's minute of waiting).
      PICTURE_COPIES_DIR: fixturePictureCopiesDir,
      PUBLIC_URL: base,
      ...productionEnv,
      // Info, to see it say it is ready (and the requests, should a test fail).
      LOG_LEVEL: "info",
      LOG_FILE: "",
      RATE_LIMIT_PER_MINUTE: "1000",
      RATE_LIMIT_PER_HOUR: "10000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // The last of what it said: enough to tell why it stopped.
  let output = "";
  const keep = (d: Buffer) => (output = (output + d.toString()).slice(-20_000));
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  // Ready when this server says so (not merely when something answers on the port). A server that does not
  // come up is stopped, not left running to slow the rest of the run.
  try {
    await expect
      .poll(
        () => {
          if (child.exitCode !== null) throw new Error(`The test's own server stopped at start:\n${output}`);
          return output.includes(`is ready on http://localhost:${port}`);
        },
        { timeout: 150_000, message: `the server on port ${port} to start` },
      )
      .toBe(true);
  } catch (error) {
    if (child.exitCode === null) child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    base,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
