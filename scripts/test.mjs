// `npm test`: every check the project has, as fast as this machine allows.
//
// The production build, the unit tests, typecheck and lint side by side; then the
// integration tests, then the browser tests (both serve pages from that build;
// side by side they starved each other, see below), each alone. Each step's output is kept until it
// ends, then printed whole if it failed; every step reports its exit status and
// time, and the run fails if any step did.
//
//   npm test                      everything
//   npm test -- --skip e2e        leave a step out (typecheck, lint, unit, build, integration, e2e)
//
// The deploy image's check (npm run test:release) is a CI step of its own after this: an npm install
// and a production build beside these steps would cost them a third of their time on two cores.
import { spawn } from "node:child_process";
import os from "node:os";
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
    // TypeScript 7, the native compiler: the same checks as TypeScript 6 in a third of the CPU (decision 0047).
    // On one thread: as fast alone (14.9 s) in a fifth less CPU (17.7 against 22.0 CPU-s), which the tests beside it use.
    node("typescript-7/bin/tsc", "--noEmit", "--singleThreaded", "--incremental", "--tsBuildInfoFile", path.join(cache, "tsc", "typecheck.tsbuildinfo")),
  ],
  lint: [node("eslint/bin/eslint.js", ".", "--cache", "--cache-location", path.join(cache, "eslint") + path.sep)],
  unit: [node("vitest/vitest.mjs", "run", "--project", "unit")],
  build: [node("@react-router/dev/bin.cjs", "build")],
  integration: [node("vitest/vitest.mjs", "run", "--project", "integration")],
  e2e: [node("@playwright/test/cli.js", "test")],
  // The deploy image's steps on a clean copy, then the production server started from it (decision 0030).
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

/**
 * Every step with tests has timeouts, and niced it can be starved past them while the browsers have the
 * cores (the integration tests' waits did, and a unit test of picture resizing): they keep the machine's
 * normal priority. Typecheck and lint have no timeouts and wait on nothing, so they run niced, behind the
 * build and the unit tests.
 */
const firstInLine = new Set(["build", "unit", "integration", "e2e"]);
const NICE = 10;

/**
 * glibc gives freed memory back to the kernel at once, and the next allocation faults it in again, a page at a
 * time: on a machine where a page fault costs 16 µs that was a tenth of the integration tests (sharp's pictures,
 * the servers' buffers). A 64 MiB pad keeps it: the integration tests took 256 s against 281 (359 against 394 CPU-s), 30 November.
 */
const env = { ...process.env, MALLOC_TOP_PAD_: process.env.MALLOC_TOP_PAD_ ?? String(64 * 1024 * 1024) };

/** Runs one command; resolves with its exit code and everything it printed. */
function run([command, args], name) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    if (!firstInLine.has(name) && child.pid !== undefined) {
      try {
        // Set before the step starts its workers, which inherit it.
        os.setPriority(child.pid, NICE);
      } catch {
        // Not allowed here: the step runs at normal priority, only slower to leave room.
      }
    }
    let output = "";
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding("utf8");
      stream.on("data", (chunk) => {
        output += chunk;
      });
    }
    child.on("error", (error) => resolve({ code: 1, output: `${output}\n${error.stack ?? error}` }));
    child.on("close", (code, signal) => resolve({ code: code ?? 1, output: signal ? `${output}\nstopped by ${signal}` : output }));
  });
}

/** Runs a step's commands in turn, then reports it. */
async function step(name) {
  if (skipped.has(name)) {
    results.set(name, { status: "skipped", ms: 0, note: "--skip" });
    console.log(`- ${name}: skipped (--skip)`);
    return true;
  }
  const start = performance.now();
  let output = "";
  let code = 0;
  for (const command of steps[name]) {
    const result = await run(command, name);
    output += result.output;
    code = result.code;
    if (code !== 0) break;
  }
  const ms = performance.now() - start;
  const passed = code === 0;
  results.set(name, { status: passed ? "passed" : "failed", ms, note: passed ? "" : `exit status ${code}` });
  if (!passed) {
    console.log(`\n✘ ${name} failed (exit status ${code}, ${seconds(ms)}). Its output:\n`);
    console.log(output.trimEnd());
    console.log(`\n(end of ${name}'s output)\n`);
  } else {
    console.log(`✔ ${name}: exit status 0, ${seconds(ms)}`);
  }
  return passed;
}

function notRun(name, why) {
  results.set(name, { status: "skipped", ms: 0, note: why });
  console.log(`- ${name}: not run (${why})`);
}

console.log("Running the build, the unit tests, typecheck and lint side by side; then the integration tests, then the browser tests…");
/**
 * Typecheck and lint first, beside the build and the unit tests (+21 s there), not beside the browser tests,
 * which they slowed by about 100 s where a page fault costs 16 µs (448 s against 333–356 alone, 30 November):
 * niced or not, there is no idle core for them once the browsers run.
 */
const [built] = await Promise.all([step("build"), step("unit"), step("typecheck"), step("lint")]);
if (!built) {
  notRun("integration", "the build failed");
  notRun("e2e", "the build failed");
} else if (await step("integration")) {
  // Both serve the same build, each from servers of its own. In turn, not side by side: each alone keeps
  // two cores busy, and side by side their servers and browsers were starved past their timeouts (on a
  // machine where a page fault costs 12 µs, docs/performance.md: 1,297 s and 19 tests timed out, against
  // about 800 s in turn with none).
  await step("e2e");
} else notRun("e2e", "the integration tests failed");

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
