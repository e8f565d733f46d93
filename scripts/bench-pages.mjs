// `npm run bench:pages [-- --no-build] [-- /path …]`: Lighthouse (mobile preset, its default)
// on the site's main pages, signed out, against the production build on a
// fresh SQLite database, BENCH_RUNS times each (default 3; the run with the
// median performance score is reported). For each page: the four scores, LCP,
// TBT, CLS, the JavaScript files and CSS it loads, gzipped (level 9, as the
// server sends it) and as transferred, and its own inline script (bytes, not
// counting JSON-LD data). Prints a table and writes bench-results/pages.json.
// Uses Debian's Chromium (CHROME_PATH, default /usr/bin/chromium).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startOnFreshDatabase } from "./bench-support.ts";
import { buildSite, root } from "./site-build.mjs";

const args = new Set(process.argv.slice(2));
const port = Number(process.env.BENCH_PORT ?? 3460);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const chromeFlags = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

if (!args.has("--no-build")) buildSite("Building…", console.log, "ignore");
const site = await startOnFreshDatabase("sqlite", port);
const base = site.url;
let chrome;
const stopAll = async () => {
  await chrome?.kill();
  await site.stop();
};
process.on("SIGINT", () => stopAll().then(() => process.exit(130)));

const firstLink = async (page, pattern) => {
  const html = await (await fetch(base + page)).text();
  const found = html.match(pattern)?.[1];
  if (!found) throw new Error(`no link like ${pattern} on ${page}`);
  return found;
};
// Pages named on the command line (`npm run bench:pages -- /team /joinus`), or these.
const named = process.argv.slice(2).filter((a) => a.startsWith("/"));
const pages = named.length > 0 ? named : [
  "/",
  "/team",
  await firstLink("/team", /href="(\/team\/[\w-]+)"/),
  await firstLink("/blog", /href="(\/blog\/[\w-]+)"/),
  "/offers/general",
  "/prices",
  "/prices/calculator?type=colour&regular=no&by=level&level=3",
  "/joinus",
  "/applicants",
];

const gzippedSize = (url) => {
  const { pathname } = new URL(url);
  const file = path.join(root, "build/client", pathname);
  return pathname.startsWith("/assets/") && fs.existsSync(file) ? zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length : 0;
};

chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
const results = [];
try {
  for (const page of pages) {
    // Each page BENCH_RUNS times; the run with the median performance score stands for it.
    const lhrs = [];
    for (let run = 0; run < runs; run++) {
      // Lighthouse now and then fails to record a trace (NO_NAVSTART): try up to three times.
      let lhr;
      for (let attempt = 0; attempt < 3 && (!lhr || lhr.runtimeError); attempt++) {
        const result = await lighthouse(
          base + page,
          // The staff sign-in page answers 401 by design (decision record 0013): audit it all the same.
          { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility", "best-practices", "seo"], ignoreStatusCode: true },
        );
        lhr = result.lhr;
      }
      lhrs.push(lhr);
    }
    const performances = lhrs.map((l) => Math.round((l.categories.performance?.score ?? 0) * 100));
    lhrs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
    const lhr = lhrs[Math.floor(lhrs.length / 2)];
    const html = await (await fetch(base + page)).text();
    const inlineScript = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter((m) => !/\bsrc=|application\/ld\+json/.test(m[1]))
      .reduce((n, m) => n + Buffer.byteLength(m[2]), 0);
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const audit = (id) => lhr.audits[id]?.numericValue ?? null;
    const requests = lhr.audits["network-requests"]?.details?.items ?? [];
    const bytes = (type) => {
      const items = requests.filter((r) => r.resourceType === type);
      return { gzip: items.reduce((n, r) => n + gzippedSize(r.url), 0), transferred: items.reduce((n, r) => n + (r.transferSize ?? 0), 0), files: items.length };
    };
    const failing = (category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .map((ref) => lhr.audits[ref.id])
        .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "manual" && a.scoreDisplayMode !== "notApplicable")
        .map((a) => a.id);
    if (lhr.runtimeError) console.error(`\n${page}: Lighthouse could not measure it: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    results.push({
      page,
      ...(lhr.runtimeError ? { error: lhr.runtimeError.code } : {}),
      performance: score("performance"),
      performanceRuns: performances,
      inlineScriptBytes: inlineScript,
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcpMs: Math.round(audit("largest-contentful-paint")),
      tbtMs: Math.round(audit("total-blocking-time")),
      cls: Number((audit("cumulative-layout-shift") ?? 0).toFixed(3)),
      lcpElement: lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
      js: bytes("Script"),
      css: bytes("Stylesheet"),
      // What kept a score below 100 (performance aside, whose audits are rarely all perfect).
      below100: { accessibility: failing("accessibility"), bestPractices: failing("best-practices"), seo: failing("seo") },
    });
    process.stdout.write(".");
  }
} finally {
  await stopAll();
}
console.log();

const load = os.loadavg().map((n) => n.toFixed(2)).join(" ");
fs.mkdirSync(path.join(root, "bench-results"), { recursive: true });
const out = path.join(root, "bench-results", "pages.json");
fs.writeFileSync(out, `${JSON.stringify({ date: new Date().toISOString(), loadAverage: load, results }, null, 2)}\n`);

const kb = (n) => (n / 1024).toFixed(1);
const pad = (s, n) => String(s).padEnd(n);
const num = (s, n) => String(s).padStart(n);
console.log(`\nLighthouse, mobile preset, median of ${runs} runs; load ${load}\n`);
console.log(`${pad("page", 44)}${num("perf", 5)}${num("runs", 12)}${num("a11y", 5)}${num("bp", 5)}${num("seo", 5)}${num("LCP ms", 8)}${num("TBT ms", 8)}${num("CLS", 7)}${num("JS KB gz", 10)}${num("CSS KB gz", 11)}${num("inline JS KB", 14)}`);
for (const r of results) {
  console.log(
    `${pad(r.page, 44)}${num(r.performance, 5)}${num(r.performanceRuns.join("/"), 12)}${num(r.accessibility, 5)}${num(r.bestPractices, 5)}${num(r.seo, 5)}${num(r.lcpMs, 8)}${num(r.tbtMs, 8)}${num(r.cls, 7)}${num(kb(r.js.gzip), 10)}${num(kb(r.css.gzip), 11)}${num(kb(r.inlineScriptBytes), 14)}`,
  );
  const notes = Object.entries(r.below100).filter(([, ids]) => ids.length > 0).map(([cat, ids]) => `${cat}: ${ids.join(", ")}`);
  if (notes.length > 0) console.log(`    below 100 because of ${notes.join("; ")}`);
}
console.log(`\nwritten to ${path.relative(root, out)}`);
