// `npm test`: every check the project has, as fast as this machine allows.
//
// First, side by side: typecheck, lint, unit tests, and the production build
// followed by the integration tests (which serve pages from that build). Then,
// alone, the browser tests against the same build. Each step's output is kept
// until it ends, then printed whole if it failed; every step reports its exit
// status and time, and the run fails if any step did.
//
//   npm test                      everything
//   npm test -- --skip e2e        leave a step out (typecheck, lint, unit, build, integration, e2e)
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (file) => path.join(root, "node_modules", file);
const node = (file, ...args) => [process.execPath, [bin(file), ...args]];

// TypeScript and ESLint keep what they learnt last time in node_modules/.cache, so a second run checks only
// what changed (tsc follows every file a change reaches; the lint rules read one file at a time).
const cache = path.join(root, "node_modules", ".cache");
const steps = {
  typecheck: [
    node("@react-router/dev/bin.cjs", "typegen"),
    node("typescript/bin/tsc", "--noEmit", "--incremental", "--tsBuildInfoFile", path.join(cache, "tsc", "typecheck.tsbuildinfo")),
  ],
  lint: [node("eslint/bin/eslint.js", ".", "--cache", "--cache-location", path.join(cache, "eslint") + path.sep)],
  unit: [node("vitest/vitest.mjs", "run", "--project", "unit")],
  build: [node("@react-router/dev/bin.cjs", "build")],
  integration: [node("vitest/vitest.mjs", "run", "--project", "integration")],
  e2e: [node("@playwright/test/cli.js", "test")],
};

const skipped = new Set();
for (let i = 2; i < process.argv.length; i++) {
  if (process.argv[i] === "--skip") skipped.add(process.argv[++i]);
  else {
    console.error(`Unknown argument ${process.argv[i]}. Use --skip <step> (${Object.keys(steps).join(", ")}).`);
    process.exit(2);
  }
}
for (const name of skipped) {
  if (!(name in steps)) {
    console.error(`No step called ${name}: the steps are ${Object.keys(steps).join(", ")}.`);
    process.exit(2);
  }
}

const started = performance.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
/** name → { status: "passed" | "failed" | "skipped", ms, note } */
const results = new Map();

/** Runs one command; resolves with its exit code and everything it printed. */
function run([command, args], { live }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding("utf8");
      stream.on("data", (chunk) => {
        output += chunk;
        if (live) process.stdout.write(chunk);
      });
    }
    child.on("error", (error) => resolve({ code: 1, output: `${output}\n${error.stack ?? error}` }));
    child.on("close", (code, signal) => resolve({ code: code ?? 1, output: signal ? `${output}\nstopped by ${signal}` : output }));
  });
}

/** Runs a step's commands in turn, then reports it. */
async function step(name, { live = false } = {}) {
  if (skipped.has(name)) {
    results.set(name, { status: "skipped", ms: 0, note: "--skip" });
    console.log(`- ${name}: skipped (--skip)`);
    return true;
  }
  const start = performance.now();
  if (live) console.log(`\n▶ ${name}\n`);
  let output = "";
  let code = 0;
  for (const command of steps[name]) {
    const result = await run(command, { live });
    output += result.output;
    code = result.code;
    if (code !== 0) break;
  }
  const ms = performance.now() - start;
  const passed = code === 0;
  results.set(name, { status: passed ? "passed" : "failed", ms, note: passed ? "" : `exit status ${code}` });
  if (!passed && !live) {
    console.log(`\n✘ ${name} failed (exit status ${code}, ${seconds(ms)}). Its output:\n`);
    console.log(output.trimEnd());
    console.log(`\n(end of ${name}'s output)\n`);
  } else {
    console.log(`${passed ? "✔" : "✘"} ${name}: exit status ${code}, ${seconds(ms)}`);
  }
  return passed;
}

function notRun(name, why) {
  results.set(name, { status: "skipped", ms: 0, note: why });
  console.log(`- ${name}: not run (${why})`);
}

console.log("Running typecheck, lint, unit tests and the build (then the integration tests) side by side…");
const [buildPassed] = await Promise.all([
  step("build").then(async (built) => {
    if (built || skipped.has("build")) await step("integration");
    else notRun("integration", "the build failed");
    return built;
  }),
  step("typecheck"),
  step("lint"),
  step("unit"),
]);

const failedSoFar = [...results].filter(([, r]) => r.status === "failed").map(([name]) => name);
if (!buildPassed) notRun("e2e", "the build failed");
else if (failedSoFar.length > 0) notRun("e2e", `${failedSoFar.join(", ")} failed first`);
else await step("e2e", { live: true });

const total = performance.now() - started;
const order = ["typecheck", "lint", "unit", "build", "integration", "e2e"];
const width = Math.max(...order.map((n) => n.length));
console.log("\nStep".padEnd(width + 3) + "Result   Time");
for (const name of order) {
  const r = results.get(name);
  console.log(`${name.padEnd(width + 2)} ${r.status.padEnd(8)} ${r.status === "skipped" ? `(${r.note})` : seconds(r.ms)}`);
}
console.log(`${"total".padEnd(width + 2)} ${"".padEnd(8)} ${seconds(total)} (wall clock)`);

const failed = [...results].filter(([, r]) => r.status === "failed").map(([name]) => name);
if (failed.length > 0) {
  console.log(`\nFailed: ${failed.join(", ")}.`);
  process.exit(1);
}
