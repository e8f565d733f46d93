import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// The browser tests run the production build (npm run test:e2e builds it first)
// on its own port, against a fresh SQLite database made for this run. Email
// and text messages go to local catchers (tests/support/e2e-sinks.ts) on the
// next ports up, which the tests read at http://127.0.0.1:{port + 12}/messages.
const port = Number(process.env.E2E_PORT ?? 3100);
export const sinkPorts = { smtp: port + 10, sms: port + 11, inspect: port + 12 };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bha-e2e-"));
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const launchOptions = { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs };

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    launchOptions,
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], launchOptions } },
    { name: "phone", use: { ...devices["Pixel 7"], launchOptions } },
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
        LOG_LEVEL: "warn",
        NODE_ENV: "test",
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
        // Both browser projects save many quotes and post many forms from one address.
        RATE_LIMIT_PER_MINUTE: "1000",
        RATE_LIMIT_PER_HOUR: "10000",
      },
    },
  ],
});
