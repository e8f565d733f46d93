import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// The browser tests run the production build (npm run test:e2e builds it first)
// on its own port, against a fresh SQLite database made for this run.
const port = Number(process.env.E2E_PORT ?? 3100);
/** The local mail server, Twilio stand-in and their inbox (tests/support/e2e-providers.ts). */
export const providerPorts = { smtp: port + 1, twilio: port + 2, inbox: port + 3 };
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
      command: `tsx tests/support/e2e-providers.ts ${providerPorts.smtp} ${providerPorts.twilio} ${providerPorts.inbox}`,
      url: `http://127.0.0.1:${providerPorts.inbox}/inbox`,
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
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        NODE_ENV: "test",
        SMTP_URL: `smtp://127.0.0.1:${providerPorts.smtp}?ignoreTLS=true`,
        STAFF_NOTIFY_EMAIL: "staff@example.com",
        SMS_TRANSPORT: "twilio",
        TWILIO_ACCOUNT_SID: "AC_e2e",
        TWILIO_AUTH_TOKEN: "e2e-token",
        TWILIO_FROM: "+447700900999",
        TWILIO_API_BASE: `http://127.0.0.1:${providerPorts.twilio}`,
        OUTBOX_POLL_MS: "100",
        OUTBOX_RETRY_BASE_MS: "200",
        // Many tests post forms from one address in a minute.
        RATE_LIMIT_PER_MINUTE: "1000",
        RATE_LIMIT_PER_HOUR: "10000",
      },
    },
  ],
});
