// `npm run bench`: how fast quotes are saved (SQLite) and how much JavaScript
// the calculator page loads. Starts the production build on a free loopback
// port with a fresh database, measures, and stops it. Not part of `npm test`.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import autocannon from "autocannon";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
  console.log("No build found: building first…");
  const built = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.cjs"), "build"], { cwd: root, stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bha-bench-"));
const server = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    LOG_LEVEL: "silent",
    NODE_ENV: "production",
    SESSION_SECRET: "bench-only-secret",
    // One client address sends everything here: lift the per-address limits.
    RATE_LIMIT_PER_MINUTE: "100000000",
    RATE_LIMIT_PER_HOUR: "100000000",
    VISITOR_MESSAGES_PER_HOUR: "100000000",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
const stop = () => {
  server.kill("SIGTERM");
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.on("exit", () => server.kill("SIGTERM"));

for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/api/salons`)).ok) break;
  } catch {
    // not up yet
  }
  if (i > 300) throw new Error("the server did not start");
  await new Promise((r) => setTimeout(r, 100));
}

// 1. Saving quotes: a full colour quote with a stylist, priced, stored, email and text queued.
const body = JSON.stringify({
  name: "Bench Mark",
  mobile: "07700 900123",
  email: "bench@example.com",
  referral: "google",
  salon_id: 3,
  regular: false,
  selector: "Stylist",
  stylist_id: 1,
  service_ids: [7, 19, 23, 1, 20],
});
const result = await autocannon({
  url: `${base}/api/save-quote-details`,
  method: "POST",
  headers: { "content-type": "application/json" },
  body,
  connections,
  duration,
});
const saved = result["2xx"];

// 2. The JavaScript the calculator page loads: its module preloads and script sources. (The inline
//    route manifest also names the modules of pages it links to; those load only on navigation.)
const html = await (await fetch(`${base}/prices/calculator?type=colour&regular=no&by=level&level=3`)).text();
const tags = [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+\.js)"|<script[^>]*src="([^"]+\.js)"/g)];
const imports = [...html.matchAll(/import(?:\s[^"]*from)?\s*\(?"(\/assets\/[\w.-]+\.js)"/g)];
const scripts = [...new Set([...tags.map((m) => m[1] ?? m[2]), ...imports.map((m) => m[1])])];
let raw = 0;
let gzip = 0;
for (const src of scripts) {
  const bytes = Buffer.from(await (await fetch(base + src)).arrayBuffer());
  raw += bytes.length;
  gzip += zlib.gzipSync(bytes, { level: 9 }).length;
}
stop();

const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
console.log(`
Quote saves (POST /api/save-quote-details, SQLite, ${connections} connections, ${duration}s)
  saved:       ${saved} quotes (${result.non2xx} non-2xx, ${result.errors} errors)
  rate:        ${result.requests.average.toFixed(1)} saves/s (min ${result.requests.min}, max ${result.requests.max})
  latency:     p50 ${result.latency.p50} ms, p97.5 ${result.latency.p97_5} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms

JavaScript loaded by /prices/calculator (${scripts.length} files)
  raw:         ${kb(raw)}
  gzip:        ${kb(gzip)}
`);
process.exit(result.non2xx > 0 || result.errors > 0 ? 1 : 0);
