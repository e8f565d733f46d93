/**
 * "An outsider can keep new devices locked out indefinitely, including every
 * device after a PIN reset" (issue 18): `npm run staff -- reset NAME` now
 * prints a one-time link, good for 15 minutes, that gets the person in on a
 * new device while PIN sign-in is refused site-wide and for their account.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../support/databases";
import { STAFF, staffAccountsEnv, StaffClient } from "../support/staff-client";
import { runCli } from "../support/staff-cli";
import { startTestServer, type TestServer } from "../support/test-server";

describe.each(engines)("one-time sign-in links on %s", (engine) => {
  let server: TestServer;
  let address = 0;
  const client = () => new StaffClient(server.url, `198.18.0.${++address}`);
  const own = () => ({ origin: server.url });

  beforeAll(async () => {
    server = await startTestServer(engine, { STAFF_ACCOUNTS: staffAccountsEnv }, { pages: true });
  });
  afterAll(async () => {
    await server?.close();
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
});
