// `npm run test:release` (CI runs it after `npm test`): the deploy image's steps (scripts/release.sh, which
// the Dockerfile runs) on a clean copy of the project in a temporary folder,
// then the production server started from that copy on a fresh SQLite database,
// and GET /healthz must answer 200. No container daemon is needed.
//
//   node scripts/release-check.mjs            (about 1–2 minutes on two cores, packages from npm's cache)
//   node scripts/release-check.mjs --keep     leave the copy in place and print where it is
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { root } from "./site-build.mjs";

const keep = process.argv.includes("--keep");
const started = performance.now();
const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const copy = fs.mkdtempSync(path.join(os.tmpdir(), "bha-release-"));
const dataDir = path.join(copy, "data");

function fail(message) {
  console.error(`✘ ${message}`);
  process.exitCode = 1;
}

let server;
try {
  // A clean copy: the project's files as git knows them (committed or not, never what .gitignore leaves out).
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8" })
    .split("\0")
    .filter(Boolean);
  for (const file of files) {
    const from = path.join(root, file);
    if (!fs.existsSync(from)) continue; // deleted but not yet committed
    fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    fs.copyFileSync(from, path.join(copy, file));
  }
  console.log(`Copied ${files.length} files to ${copy} (${seconds()})`);

  execFileSync("sh", ["scripts/release.sh", "--prefer-offline"], { cwd: copy, stdio: ["ignore", "inherit", "inherit"] });
  console.log(`Release steps done (${seconds()})`);

  fs.mkdirSync(dataDir);
  // The copy's own Node (the `node` package, as `npm start` uses), which its native modules were installed for.
  const node = fs.existsSync(path.join(copy, "node_modules/.bin/node")) ? path.join(copy, "node_modules/.bin/node") : process.execPath;
  server = spawn(node, ["scripts/start.mjs"], {
    cwd: copy,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      SESSION_SECRET: "release-check-secret-0123456789abcdef",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  server.stdout.on("data", (d) => (output += d));
  server.stderr.on("data", (d) => (output += d));
  const exited = new Promise((resolve) => server.on("exit", resolve));
  const port = await Promise.race([
    new Promise((resolve, reject) => {
      const timer = setInterval(() => {
        const ready = /is ready on http:\/\/localhost:(\d+)/.exec(output);
        if (ready) {
          clearInterval(timer);
          resolve(Number(ready[1]));
        }
      }, 100);
      setTimeout(() => {
        clearInterval(timer);
        reject(new Error(`the server did not start within 60 s:\n${output}`));
      }, 60_000);
    }),
    exited.then((code) => {
      throw new Error(`the server stopped (exit ${code}) before it was ready:\n${output}`);
    }),
  ]);
  if (/building the site first/.test(output)) fail("start.mjs rebuilt the site: the release's build was not taken as current");
  const response = await fetch(`http://127.0.0.1:${port}/healthz`);
  const body = await response.json();
  if (response.status !== 200 || body.status !== "ok" || body.database !== "ok") {
    fail(`GET /healthz answered ${response.status} ${JSON.stringify(body)}`);
  } else {
    console.log(`GET /healthz: 200 ${JSON.stringify(body)} (${seconds()})`);
  }
  const page = await fetch(`http://127.0.0.1:${port}/`);
  if (page.status !== 200) fail(`GET / answered ${page.status}`);
  if (fs.existsSync(path.join(copy, "node_modules/vitest"))) fail("dev tools are still installed: not a production install");
  if (!fs.existsSync(path.join(dataDir, "base.sqlite"))) fail("no database was made in DATA_DIR");
  server.kill("SIGTERM");
  const code = await exited;
  if (code !== 0) fail(`the server exited ${code} on SIGTERM`);
  server = undefined;
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
} finally {
  server?.kill("SIGKILL");
  if (keep) console.log(`The copy is kept at ${copy}`);
  else fs.rmSync(copy, { recursive: true, force: true });
}
console.log(process.exitCode ? `Release check failed (${seconds()})` : `✔ Release check passed (${seconds()})`);
