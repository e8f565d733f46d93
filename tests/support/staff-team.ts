/**
 * A test server with its staff signed in: Morgan, a manager, and Rae, at
 * reception, each on an address of their own; and, when asked, a real SMTP
 * server the site sends to. For the staff desk's tests, which all need them.
 */
import { expect } from "vitest";
import { SmtpSink } from "./smtp-sink";
import { managerAndReceptionEnv, RAE, STAFF, StaffClient } from "./staff-client";
import { startTestServer, type TestServer } from "./test-server";
import type { TestEngine } from "./databases";

export { RAE };

export interface StaffTeam {
  server: TestServer;
  /** The SMTP server the site sends to (with `smtp: true`). */
  smtp: SmtpSink;
  morgan: StaffClient;
  rae: StaffClient;
  /** A client from an address no other test uses, so locks never leak between tests. */
  client(): StaffClient;
  close(): Promise<void>;
}

export interface StaffTeamOptions {
  /** Serve the pages too (needs the production build). */
  pages?: boolean;
  /** Start an SMTP server and send the site's email to it, the outbox polling often. */
  smtp?: boolean;
  /** More settings for the site. */
  env?: Record<string, string>;
  /** The first three parts of the staff's IPv4 addresses. */
  network?: string;
}

export async function startStaffTeam(engine: TestEngine, options: StaffTeamOptions = {}): Promise<StaffTeam> {
  const smtp = new SmtpSink();
  if (options.smtp) await smtp.start();
  const server = await startTestServer(
    engine,
    {
      STAFF_ACCOUNTS: managerAndReceptionEnv,
      RATE_LIMIT_PER_MINUTE: "1000",
      RATE_LIMIT_PER_HOUR: "10000",
      ...(options.smtp ? { SMTP_URL: smtp.url, OUTBOX_POLL_MS: "20" } : {}),
      ...options.env,
    },
    { pages: options.pages ?? false },
  );
  let address = 0;
  const client = () => new StaffClient(server.url, `${options.network ?? "198.51.100"}.${++address}`);
  const morgan = client();
  const rae = client();
  for (const [who, account] of [
    [morgan, STAFF.morgan],
    [rae, RAE],
  ] as const) {
    const signedIn = await who.signIn(account);
    if (signedIn.status !== 200) throw new Error(`${account.name} could not sign in: ${signedIn.status}`);
  }
  return {
    server,
    smtp,
    morgan,
    rae,
    client,
    close: async () => {
      await server.close();
      if (options.smtp) await smtp.stop();
    },
  };
}

/**
 * The lines of a list exported as CSV, after checking the answer is a download: a CSV attachment named
 * `name` (with its date), never kept by a cache, and no byte-order mark in the lines.
 */
export async function csvDownloadLines(response: Response, name: RegExp): Promise<string[]> {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(response.headers.get("content-disposition")).toMatch(name);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return (await response.text()).replace(/^\uFEFF/, "").trimEnd().split("\r\n");
}
