/**
 * The site as `npm start` runs it (scripts/start.mjs and the production build), on a port of its own and a
 * fresh data folder, with the fixture salon: for what only the real process shows, such as a clean stop on
 * SIGTERM or a request Node cannot parse.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fixtureEnv } from "./fixture";
import { waitFor } from "./wait";

export interface NpmStart {
  port: number;
  /** All the server has written, its log at info. */
  output(): string;
  /** Its exit code, once it has stopped. */
  exit: Promise<number | null>;
  kill(signal: NodeJS.Signals): void;
  /** Stops it at once if it still runs, and removes its data. */
  close(): void;
}

/** Starts the server and answers once it says it is ready. */
export async function startNpmStart(): Promise<NpmStart> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bha-start-"));
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: { ...process.env, ...fixtureEnv, PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "info", NODE_ENV: "test" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  const exit = new Promise<number | null>((resolve) => child.on("exit", resolve));
  const close = () => {
    if (child.exitCode === null) child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor("the server to be ready", () => /is ready on http:\/\/localhost:\d+/.test(output), 60_000);
  } catch (error) {
    close();
    throw error;
  }
  const port = Number(/is ready on http:\/\/localhost:(\d+)/.exec(output)![1]);
  return { port, output: () => output, exit, kill: (signal) => child.kill(signal), close };
}
