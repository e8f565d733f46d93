/**
 * A test server with its staff signed in: Morgan, a manager, and Rae, at
 * reception, each on an address of their own; and, when asked, a real SMTP
 * server the site sends to. For the staff desk's tests, which all need them.
 */
import { afterAll, beforeAll, expect } from "vitest";
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
  /** A page's form posted by `who` as a browser without JavaScript sends it: from the site's own origin, unless other headers are given. */
  post(who: StaffClient, path: string, form: Record<string, string>, headers?: Record<string, string>): Promise<Response>;
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
    post: (who, path, form, headers = { origin: server.url }) => who.request("POST", path, { form, headers }),
    close: async () => {
      await server.close();
      if (options.smtp) await smtp.stop();
    },
  };
}

/**
 * A staff team for the tests of a describe: started before them and closed after them. The object answered is
 * filled in as they start, so its parts are read in hooks and tests, never at the describe's top level.
 */
export function staffTeamFor(engine: TestEngine, options: StaffTeamOptions = {}): StaffTeam {
  const team = {} as StaffTeam;
  let started: StaffTeam | undefined;
  beforeAll(async () => {
    started = await startStaffTeam(engine, options);
    Object.assign(team, started);
  });
  afterAll(async () => {
    await started?.close();
  });
  return team;
}

/**
 * A staff page as someone not signed in is answered it: 401, never kept by a cache, kept from search engines, the
 * PIN form posting back to `path`, and nothing of `hidden`.
 */
export async function expectPinFormOnly(response: Response, path: string, hidden: string): Promise<void> {
  expect(response.status, path).toBe(401);
  expect(response.headers.get("cache-control")).toBe("no-store");
  const page = (await response.text()).replace(/\s+/g, " ");
  expect(page).toContain('<meta name="robots" content="noindex, nofollow"/>');
  expect(page).toMatch(new RegExp(`<form id="staff-sign-in"[^>]*action="${path.replace("?", "\\?")}" method="post"`));
  expect(page).toMatch(/<label for="staff-sign-in-pin"[^>]*>PIN<\/label>/);
  expect(page).toMatch(/<input id="staff-sign-in-pin"[^>]*inputMode="numeric"/);
  expect(page).toMatch(/<button type="submit"[^>]*>Log In<\/button>/);
  expect(page).not.toContain(hidden);
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
