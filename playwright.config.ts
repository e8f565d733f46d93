import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { fixturePictureCopiesDir } from "./tests/support/fixture-pictures";
import { staffAccountsEnv } from "./tests/support/staff-client";

import { productionEnv, sinkPorts, sitePort as port } from "./tests/e2e/support/ports";

// The browser tests run the production build (npm run test:e2e builds it first)
// on its own port, against the fixture salon (tests/fixtures/content) and a
// fresh SQLite database made for this run. Email and text messages go to local
// catchers (tests/support/e2e-sinks.ts) on the next ports up.
//
// Playwright proves what a person does: journeys, keyboard and focus, and an
// accessibility scan of each kind of page at each viewport. What the server
// answers (headings, links, sitemap, headers, the API) is checked in-process by
// the integration tests, once, with no browser.
// The run's folder (its database, uploads and server log) and the server's log, which tests read
// (tests/e2e/no-javascript.spec.ts). Made here, in the runner's process, before the workers start: each
// worker loads this file again and inherits both rather than make a folder of its own.
const dataDir = (process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "bha-e2e-")));
const serverLog = (process.env.E2E_SERVER_LOG ??= path.join(dataDir, "server.log"));
const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
/**
 * Debian's headless shell: the same Chromium, built for headless use alone, without the full browser's windowing
 * and UI layers (Playwright's own default for headless runs). The browser tests took 305 CPU-s with it against 468
 * with the full browser, most of the suite's time on two cores (decision 0047). The full browser is the fallback.
 */
const headlessShell = "/usr/bin/chromium-headless-shell";
const executablePath = process.env.CHROMIUM_PATH ?? (fs.existsSync(headlessShell) ? headlessShell : "/usr/bin/chromium");
const launchOptions = { executablePath, args: chromiumArgs };
/** The browser tests that wait on the clock. */
const onTheClock = /studio-schedule\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Three browsers at once on two cores. With two, the cores stood idle a tenth of the run while a test waited on
  // its server, a mail or a hold (57 of 519 CPU-s; 262 s → 242 s with three). Four starved each other past their
  // timeouts on a machine where a page fault costs 12 µs (docs/performance.md).
  workers: Number(process.env.E2E_WORKERS ?? 3),
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace records every step of every test, at a fifth of the suite's time: off unless asked for
    // (E2E_TRACE=1 npm run test:e2e keeps one for each failed test, to open with `npx playwright show-trace`).
    trace: process.env.E2E_TRACE === "1" ? "retain-on-failure" : "off",
    launchOptions,
    // Still pages: no view transition between documents, no smooth scrolling, no rotating reviews. The browser
    // drew every moving frame in software, a seventh of the suite's CPU (400 → 340 CPU-s). The tests of what moves
    // ask for motion (public-pages.spec.ts, and the calculator's view transition in calculator.spec.ts).
    reducedMotion: "reduce",
  },
  projects: [
    // First in the queue: the test that waits for a real minute to pass (a post published on time) runs beside the
    // others from the start, not alone at the end (it set the suite's length: 60 to 100 s after the rest had ended).
    { name: "phone", testMatch: onTheClock, use: { ...devices["Galaxy S24"], launchOptions } },
    { name: "desktop", testIgnore: onTheClock, use: { ...devices["Desktop Chrome"], launchOptions } },
    // A small Android phone: 360 px wide, as most are.
    { name: "phone", testIgnore: onTheClock, use: { ...devices["Galaxy S24"], launchOptions } },
  ],
  webServer: [
    {
      command: `node --import tsx tests/support/e2e-sinks.ts ${sinkPorts.smtp} ${sinkPorts.sms} ${sinkPorts.inspect}`,
      url: `http://127.0.0.1:${sinkPorts.inspect}/messages`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: "node scripts/start.mjs",
      url: `http://127.0.0.1:${port}/api/salons`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        // Every request is logged, to a file the tests can read.
        LOG_LEVEL: "info",
        LOG_FILE: serverLog,
        ...productionEnv,
        CONTENT_DIR: path.resolve("tests/fixtures/content"),
        // The fixture salon's picture copies, made once per machine: not made again at every run's start, beside the browsers.
        PICTURE_COPIES_DIR: fixturePictureCopiesDir,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SMTP_URL: `smtp://127.0.0.1:${sinkPorts.smtp}?ignoreTLS=true`,
        SMS_TRANSPORT: "twilio",
        TWILIO_ACCOUNT_SID: "AC_e2e_account",
        TWILIO_AUTH_TOKEN: "e2e-token",
        TWILIO_FROM: "+447700900999",
        TWILIO_API_BASE: `http://127.0.0.1:${sinkPorts.sms}`,
        STAFF_NOTIFY_EMAIL: "staff@example.com",
        OUTBOX_POLL_MS: "100",
        OUTBOX_RETRY_BASE_MS: "200",
        // The browser sends forms as fast as it can; the minimum fill time has its own test below the browser.
        FORM_MIN_FILL_MS: "0",
        // Both browser projects save many quotes and post many forms from one address.
        RATE_LIMIT_PER_MINUTE: "1000",
        RATE_LIMIT_PER_HOUR: "10000",
        // A whole run sends more than a salon's hour of messages; the caps are tested in tests/integration/message-caps.test.ts.
        VISITOR_MESSAGES_PER_HOUR: "100000",
        // Two staff members for the staff area's journeys (tests/e2e/staff.spec.ts).
        STAFF_ACCOUNTS: staffAccountsEnv,
        // Long enough to press Undo on a phone, short enough to see the email arrive (tests/e2e/applicant-desk.spec.ts).
        STAFF_EMAIL_HOLD_SECONDS: "5",
      },
    },
  ],
});
