/**
 * "An outsider can keep new devices locked out indefinitely, including every
 * device after a PIN reset" (issue 18): `npm run staff -- reset NAME` now
 * prints a one-time link, good for 15 minutes, that gets the person in on a
 * new device while PIN sign-in is refused site-wide and for their account.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findStaffByName } from "~/modules/staff/accounts.server";
import { createSignInLink, signInLinkPath } from "~/modules/staff/sign-in-links.server";
import { engines } from "../support/databases";
import { waitFor } from "../support/wait";
import { STAFF, staffAccountsEnv, StaffClient } from "../support/staff-client";
import { runCli } from "../support/staff-cli";
import { startTestServer, type TestServer } from "../support/test-server";

describe.each(engines)("one-time sign-in links on %s", (engine) => {
  let server: TestServer;
  let address = 0;
  // The site's own log, as it writes it in production (LOG_FILE), at info: every request is in it.
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "sign-in-link-log-"));
  const logFile = path.join(logDir, "site.log");
  const logText = () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8") : "");
  const client = () => new StaffClient(server.url, `198.18.0.${++address}`);
  const own = () => ({ origin: server.url });

  beforeAll(async () => {
    server = await startTestServer(engine, { STAFF_ACCOUNTS: staffAccountsEnv, LOG_LEVEL: "info", LOG_FILE: logFile }, { pages: true });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(logDir, { recursive: true, force: true });
  });

  it("an outsider can keep new devices locked out: a reset's one-time link gets in through every lock, once, for 15 minutes", async () => {
    // An outsider locks Sam's account for new devices and fills the site-wide count.
    const outsider = client();
    for (let i = 0; i < 12; i++) await outsider.signIn({ name: "Sam", pin: `9${String(i).padStart(5, "0")}` });
    await Promise.all(Array.from({ length: 110 }, (_, i) => new StaffClient(server.url, `198.18.1.${(i % 40) + 1}`).signIn({ name: `Nobody ${i}`, pin: "918273" })));
    expect((await client().signIn(STAFF.sam)).status).toBe(429);

    const env = { DATA_DIR: server.database.dataDir, PUBLIC_URL: server.url, ...(server.database.url ? { DATABASE_URL: server.database.url } : {}) };
    const reset = await runCli(["reset", "Sam"], env, "604817\n604817\n");
    expect(reset.code).toBe(0);
    expect(reset.out).not.toContain("604817");
    const link = new RegExp(`${server.url}(/staff/link/[A-Za-z0-9_-]{43})`).exec(reset.out)?.[1];
    expect(link).toBeDefined();

    // A new device: opening the link only asks to confirm (a link preview must not use it up).
    const phone = client();
    for (let i = 0; i < 2; i++) {
      const page = await phone.request("GET", link!);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Sign in as Sam");
    }
    const used = await phone.request("POST", link!, { form: {}, headers: own() });
    expect(used.status).toBe(303);
    expect(used.headers.get("location")).toBe("/staff");
    expect(await (await phone.request("GET", "/api/staff/session")).json()).toMatchObject({ name: "Sam" });

    // Once only.
    const again = await client().request("POST", link!, { form: {}, headers: own() });
    expect(again.status).toBe(410);
    expect((await client().request("GET", link!)).status).toBe(410);
    // From another site: refused.
    const second = await runCli(["reset", "Sam"], env, "604817\n604817\n");
    const other = new RegExp(`${server.url}(/staff/link/[A-Za-z0-9_-]{43})`).exec(second.out)![1]!;
    expect((await client().request("POST", other, { form: {}, headers: { origin: "https://evil.example" } })).status).toBe(403);
    // 15 minutes later it has run out.
    await server.services.db.updateTable("staff_sign_in_links").set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
    expect((await client().request("POST", other, { form: {}, headers: own() })).status).toBe(410);

    const trail = await server.services.db.selectFrom("audit_events").select(["actor", "action", "detail"]).where("subject_type", "=", "staff").execute();
    expect(trail).toContainEqual({ actor: "npm run staff", action: "sign-in-link-made", detail: "for Sam, 15 minutes" });
    expect(trail).toContainEqual({ actor: "Sam", action: "signed-in", detail: "one-time sign-in link" });
  }, 60_000);

  it("finding: the one-time sign-in link's token is written whole in the request log; now no log line holds it", async () => {
    const morgan = (await findStaffByName(server.services.db, STAFF.morgan.name))!;
    const tokens = [await createSignInLink(server.services.db, morgan, "a test"), await createSignInLink(server.services.db, morgan, "a test")];
    const [first, second] = tokens.map(signInLinkPath) as [string, string];
    const phone = client();
    // Every way the link's address reaches the server: opened, its page's data, a wrong method,
    // from another site, spelt with encoded slashes, used, and named as the next page's referer.
    expect((await phone.request("GET", first)).status).toBe(200);
    await phone.request("GET", `${first}.data`);
    await phone.request("PUT", first, { form: {} });
    await client().request("GET", `/staff%2Flink%2F${tokens[1]}`);
    expect((await client().request("POST", second, { form: {}, headers: { origin: "https://evil.example" } })).status).toBe(403);
    expect((await phone.request("POST", first, { form: {}, headers: own() })).status).toBe(303);
    expect((await phone.request("GET", "/staff", { headers: { referer: `${server.url}${first}` } })).status).toBe(200);
    // Used up: answered 410, and that is logged as a warning.
    expect((await client().request("POST", first, { form: {}, headers: own() })).status).toBe(410);

    // Last, a request the log names by its query: once its line is in, so is every line before it (the file is written a moment later).
    await client().request("GET", `${first}?last=request`);
    await waitFor("the log to hold the requests", () => /staff\/link\/[^"]*\?last=request/.test(logText()));
    const log = logText();
    for (const token of tokens) expect(log).not.toContain(token);
    const lines = log.trim().split("\n").map((line) => JSON.parse(line) as { req?: { url?: string; referer?: string }; res?: { statusCode?: number } });
    const urls = lines.filter((l) => l.req?.url?.includes("[redacted]")).map((l) => `${l.res?.statusCode} ${l.req!.url}`);
    expect(urls).toEqual(expect.arrayContaining(["200 /staff/link/[redacted]", "403 /staff/link/[redacted]", "303 /staff/link/[redacted]", "410 /staff/link/[redacted]"]));
    expect(lines.some((l) => l.req?.referer === `${server.url}/staff/link/[redacted]`)).toBe(true);
  }, 60_000);
});
