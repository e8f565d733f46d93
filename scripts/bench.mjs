// `npm run bench [-- --postgres] [-- --no-build]`: how fast the production
// server answers, next to the fastest this machine can answer at all.
//
// Builds the site, starts it the way `npm start` does (scripts/start.mjs) on a
// fresh database (SQLite in a temporary folder; with --postgres a database of
// its own on 127.0.0.1:5432, dropped afterwards), and measures each target with
// autocannon (BENCH_CONNECTIONS, default 50; a 1 s warm-up on the same
// connections, then BENCH_SECONDS, default 4; BENCH_ONLY, a regular
// expression, picks targets by name). The ceiling is a bare Node `http`
// server, in a process of its own, answering the landing page's exact gzipped bytes; it is measured again
// (BENCH_CEILING_SECONDS, default 3) right before each target, and each rate is
// also given as a fraction of that neighbouring ceiling: on a shared machine
// the absolute numbers move with the load, the fractions much less. About two
// minutes in all. Prints a table and writes bench-results/bench-<engine>.json.
// Not part of `npm test`: speed is never a test here, only bytes are.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { BENCH_NAME, BENCH_PIN, startOnFreshDatabase } from "./bench-support.ts";
import { buildSite, root } from "./site-build.mjs";
import { waitFor } from "../tests/support/wait.ts";

const args = new Set(process.argv.slice(2));
const engine = args.has("--postgres") ? "postgres" : "sqlite";
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const ceilingSeconds = Number(process.env.BENCH_CEILING_SECONDS ?? 3);
const warmup = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const port = Number(process.env.BENCH_PORT ?? 3450);
const ceilingPort = port + 1;
// What a browser sends: every answer is compressed as it would be for a visitor.
const browser = { "accept-encoding": "gzip, deflate, br", "user-agent": "Mozilla/5.0 (bench)" };

/** Enough people for the staff list's five seconds at up to 1,400 reads a second (each may read 300 a minute). */
const STAFF_READERS = 24;
const readers = Array.from({ length: STAFF_READERS }, (_, i) => (i === 0 ? { name: BENCH_NAME, pin: BENCH_PIN } : { name: `${BENCH_NAME}${i + 1}`, pin: `${BENCH_PIN}${String(i).padStart(2, "0")}` }));

if (!args.has("--no-build")) buildSite("Building…", console.log, "ignore");
// One client address sends everything here: lift the per-address limits and the message cap.
// The staff's limits are fixed (per address, and 300 reads a minute per person): the staff list's target poses as
// many salon devices behind this host's proxy (TRUST_PROXY), each request from another address, signed in as
// STAFF_READERS people in turn, so it measures the page, not 429s.
const site = await startOnFreshDatabase(engine, port, {
  RATE_LIMIT_PER_MINUTE: "1000000000",
  RATE_LIMIT_PER_HOUR: "1000000000",
  VISITOR_MESSAGES_PER_HOUR: "1000000000",
  TRUST_PROXY: "loopback",
  STAFF_ACCOUNTS: readers.map(({ name, pin }) => `${name}:${pin}`).join(","),
});
const base = site.url;
let ceiling;
const stopAll = async () => {
  if (ceiling && ceiling.exitCode === null) {
    ceiling.kill("SIGTERM");
    await new Promise((r) => ceiling.once("exit", r));
  }
  await site.stop();
};
process.on("SIGINT", () => stopAll().then(() => process.exit(130)));

// What to ask for: a blog post, a saved quote, a staff session.
const blogPage = await (await fetch(`${base}/blog`)).text();
const post = blogPage.match(/href="(\/blog\/[\w-]+)"/)?.[1];
if (!post) throw new Error("no blog post linked from /blog");
const quoteBody = JSON.stringify({
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
const saved = await fetch(`${base}/api/save-quote-details`, { method: "POST", headers: { "content-type": "application/json" }, body: quoteBody });
if (saved.status !== 201) throw new Error(`saving a quote: ${saved.status} ${await saved.text()}`);
const { link } = await saved.json();
const cookies = [];
for (const { name, pin } of readers) {
  const session = await fetch(`${base}/api/staff/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ name, pin }),
  });
  if (session.status !== 200) throw new Error(`signing in as ${name}: ${session.status} ${await session.text()}`);
  cookies.push(session.headers.getSetCookie().map((c) => c.split(";")[0]).join("; "));
}
const landing = await fetch(`${base}/`, { headers: browser });
// Public pages load no framework script (decision 0052): every page names the site's one hashed stylesheet.
const asset = (await fetch(`${base}/`, { headers: browser }).then((r) => r.text())).match(/"(\/assets\/[\w.-]+\.css)"/)?.[1];
if (!asset) throw new Error("no hashed stylesheet on /");

// The ceiling: the landing page's gzipped bytes, as fast as bare Node can send them.
const ceilingBody = path.join(site.dataDir, "landing.html.gz");
fs.writeFileSync(ceilingBody, landing.headers.get("content-encoding") === "gzip" ? Buffer.from(await landing.arrayBuffer()) : gzipSync(await landing.text()));
ceiling = spawn(
  process.execPath,
  [
    "-e",
    `const body = require("node:fs").readFileSync(${JSON.stringify(ceilingBody)});
     require("node:http").createServer((req, res) => {
       res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-encoding": "gzip", "content-length": body.length });
       res.end(body);
     }).listen(${ceilingPort}, "127.0.0.1");`,
  ],
  { stdio: ["ignore", "ignore", "inherit"] },
);
await waitFor(`the ceiling on ${ceilingPort} to answer`, () => {
  if (ceiling.exitCode !== null) throw new Error(`the ceiling exited (${ceiling.exitCode}) before answering`);
  return fetch(`http://127.0.0.1:${ceilingPort}/`).then((r) => r.ok, () => false);
}, 60_000);

const targets = [
  { name: "ceiling: bare Node, landing gzipped", url: `http://127.0.0.1:${ceilingPort}/` },
  { name: "hashed asset (the stylesheet)", url: base + asset },
  { name: "/", url: `${base}/`, page: "content" },
  { name: "/team", url: `${base}/team`, page: "content" },
  { name: post, url: base + post, page: "content" },
  { name: "/offers/general", url: `${base}/offers/general`, page: "content" },
  { name: "saved quote page", url: `${base}/quote/${link}`, page: "quote" },
  { name: "GET /api/services", url: `${base}/api/services` },
  { name: "staff list /applicants (signed in)", url: `${base}/applicants`, manyAddresses: true },
  {
    name: "POST /api/save-quote-details",
    url: `${base}/api/save-quote-details`,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: quoteBody,
  },
];

/** Each request from the next of 65,536 addresses (10.1.x.y), as X-Forwarded-For says to a trusted proxy, and signed in as the next reader. */
let nextAddress = 0;
const fromAnotherAddress = (request) => {
  const n = nextAddress++ & 0xffff;
  return { ...request, headers: { ...request.headers, "x-forwarded-for": `10.1.${n >> 8}.${n & 255}`, cookie: cookies[n % cookies.length] } };
};

// The machine is shared: its speed drifts during a run. So the ceiling is measured again right before
// each target, and each target's fraction is of the ceiling measured next to it.
//
// Each measurement warms up on the connections it then measures with: opening 50 connections into a
// server already at full load is a test of how fast it accepts them (measured with `ss`: the accept
// queue held all 50 and drained one about every 40 ms, a turn of the busy event loop), which put a
// two-second tail on the first requests of every run of a slow target. Only the answers that arrive
// after the warm-up are counted.
const measure = (target, duration) =>
  new Promise((resolve, reject) => {
    const latencies = [];
    let non2xx = 0;
    let errors = 0;
    let counting = false;
    const timer = setTimeout(() => (counting = true), warmup * 1000);
    const run = autocannon(
      {
        url: target.url,
        method: target.method ?? "GET",
        headers: { ...browser, ...target.headers },
        body: target.body,
        connections,
        duration: warmup + duration,
        ...(target.manyAddresses ? { requests: [{ setupRequest: fromAnotherAddress }] } : {}),
      },
      (error, result) => {
        clearTimeout(timer);
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
        resolve({
          requests: { average: latencies.length / duration, total: latencies.length },
          latency: { p50: at(0.5), p99: at(0.99), max: latencies.at(-1) ?? 0 },
          non2xx,
          errors: errors + result.timeouts,
        });
      },
    );
    run.on("response", (_client, status, _bytes, ms) => {
      if (!counting) return;
      latencies.push(Math.round(ms));
      if (status < 200 || status > 299) non2xx++;
    });
    run.on("reqError", () => counting && errors++);
  });
// BENCH_ONLY (a regular expression) measures only the targets whose names match it.
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
const [ceilingTarget, ...allPages] = targets;
const pages = only ? allPages.filter((t) => only.test(t.name)) : allPages;
const results = [];
const ceilings = [];
for (const target of pages) {
  const ceilingRun = await measure(ceilingTarget, ceilingSeconds);
  ceilings.push(ceilingRun);
  const r = await measure(target, seconds);
  const rate = Math.round(r.requests.average);
  const ceilingRate = Math.round(ceilingRun.requests.average);
  results.push({
    name: target.name,
    kind: target.page ?? null,
    requestsPerSecond: rate,
    p50ms: r.latency.p50,
    p99ms: r.latency.p99,
    maxMs: r.latency.max,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    ceilingRequestsPerSecond: ceilingRate,
    ofCeiling: Number((rate / ceilingRate).toFixed(3)),
  });
  process.stdout.write(".");
}
console.log();
const ceilingSummary = {
  name: ceilingTarget.name,
  kind: "ceiling",
  requestsPerSecond: Math.round(ceilings.reduce((n, c) => n + c.requests.average, 0) / ceilings.length),
  minRequestsPerSecond: Math.round(Math.min(...ceilings.map((c) => c.requests.average))),
  maxRequestsPerSecond: Math.round(Math.max(...ceilings.map((c) => c.requests.average))),
  p50ms: Math.max(...ceilings.map((c) => c.latency.p50)),
  p99ms: Math.max(...ceilings.map((c) => c.latency.p99)),
  non2xx: ceilings.reduce((n, c) => n + c.non2xx, 0),
  errors: ceilings.reduce((n, c) => n + c.errors, 0),
  ofCeiling: 1,
};
results.unshift(ceilingSummary);

const load = os.loadavg().map((n) => n.toFixed(2)).join(" ");
const report = {
  date: new Date().toISOString(),
  engine,
  connections,
  seconds,
  ceilingSeconds,
  machine: { cpus: os.cpus().length, loadAverage: load, node: process.version },
  results,
};
fs.mkdirSync(path.join(root, "bench-results"), { recursive: true });
const out = path.join(root, "bench-results", `bench-${engine}.json`);
fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);

const pad = (s, n) => String(s).padEnd(n);
const num = (s, n) => String(s).padStart(n);
console.log(`\n${engine}, ${connections} connections, ${seconds}s each after ${warmup}s warm-up, each next to ${ceilingSeconds}s of the ceiling; ${os.cpus().length} cores, load ${load}`);
console.log(`ceiling ${ceilingSummary.minRequestsPerSecond}–${ceilingSummary.maxRequestsPerSecond} req/s during the run; "of ceiling" is against the ceiling measured just before each target\n`);
console.log(`${pad("target", 38)}${num("req/s", 8)}${num("p50 ms", 8)}${num("p99 ms", 8)}${num("errors", 8)}${num("of ceiling", 12)}`);
for (const r of results) {
  console.log(`${pad(r.name, 38)}${num(r.requestsPerSecond, 8)}${num(r.p50ms, 8)}${num(r.p99ms, 8)}${num(r.non2xx + r.errors, 8)}${num(`${(r.ofCeiling * 100).toFixed(1)}%`, 12)}`);
}
console.log(`\nwritten to ${path.relative(root, out)}`);

await stopAll();
process.exit(results.some((r) => r.non2xx + r.errors > 0) ? 1 : 0);
