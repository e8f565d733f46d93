import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteRevisionQuery } from "~/modules/site-switches/site-revision.server";
import { SNAPSHOT_POLL_MS } from "~/web/site-snapshot.server";
import { engines } from "../support/databases";
import { countQueries } from "../support/query-count";
import { STAFF, staffAccountsEnv, StaffClient } from "../support/staff-client";
import { startTestServer, type TestServer } from "../support/test-server";

// One snapshot of the site per change, not per request (decision record 0054):
// a visitor's content page asks the database nothing; a change made through
// one instance shows on another within 2 s, and at once on the instance that
// made it and to staff on any instance.
describe.each(engines)("the site's snapshot on %s", (engine) => {
  let a: TestServer;
  let b: TestServer;
  let morgan: StaffClient;
  // The outbox's worker sleeps through these tests (its claims run on a timer of their own, not per request).
  const env = { STAFF_ACCOUNTS: staffAccountsEnv, RATE_LIMIT_PER_MINUTE: "1000", RATE_LIMIT_PER_HOUR: "10000", OUTBOX_POLL_MS: "3600000" };
  const page = async (server: TestServer, path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}${path}`, { headers });
    expect(response.status, path).toBe(200);
    return response.text();
  };

  beforeAll(async () => {
    a = await startTestServer(engine, env, { pages: true });
    b = await startTestServer(engine, env, { pages: true, database: a.database });
    morgan = new StaffClient(a.url, "192.0.2.40");
    expect((await morgan.signIn(STAFF.morgan)).status).toBe(200);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("finding: every content page request asked the database whether content changed", async () => {
    const paths = ["/", "/team", "/about", "/online-shop", "/offers", "/blog"];
    for (const path of paths) for (let i = 0; i < 2; i++) await page(a, path);
    const revisionText = siteRevisionQuery.compile(a.services.db).sql;
    const counted = countQueries();
    const started = Date.now();
    try {
      // 300 visitors' requests, 20 at a time.
      for (let round = 0; round < 15; round++) await Promise.all(Array.from({ length: 20 }, (_, i) => page(a, paths[(round + i) % paths.length]!)));
    } finally {
      counted.stop();
    }
    const elapsed = Date.now() - started;
    // Only what runs on a clock, whatever the number of requests: each instance's read of the revision, about
    // one a second, and the page views counted in memory, written every ten seconds (visits.server.ts).
    const revisionReads = counted.texts.filter((text) => text === revisionText);
    expect(counted.texts.filter((text) => text !== revisionText && !text.includes('"visit_counts"'))).toEqual([]);
    expect(revisionReads.length).toBeLessThanOrEqual(2 * (Math.ceil(elapsed / SNAPSHOT_POLL_MS) + 1));
  });

  it("finding: a change made on one instance showed on another only because each request asked the database", async () => {
    // B keeps the shop page as bytes, then is asked nothing special: plain visitors' requests.
    await page(b, "/online-shop");
    await page(b, "/online-shop");
    const title = `Open late on Thursday (${engine})`;
    const added = await morgan.request("POST", "/api/staff/news-items", { json: { title, text: "We're open until nine." }, headers: { origin: a.url } });
    const changed = Date.now();
    expect(added.status).toBe(201);
    // The instance that made it shows it at once, to a visitor too.
    expect(await page(a, "/online-shop")).toContain(title);
    // Staff on the other instance see their change at once (the same session, through B).
    const onB = new StaffClient(b.url, "192.0.2.40");
    for (const [name, value] of morgan.cookies) onB.cookies.set(name, value);
    expect(await (await onB.request("GET", "/online-shop")).text()).toContain(title);
    // A visitor on B within 2 s.
    await expect.poll(() => page(b, "/online-shop"), { timeout: 2000, interval: 50 }).toContain(title);
    expect(Date.now() - changed).toBeLessThan(2000);
  });

  it("finding: a staff switch changed through one instance was not seen by the other's kept pages", async () => {
    expect(await page(b, "/")).toContain('id="offers"');
    expect((await morgan.request("PATCH", "/api/staff/settings", { json: { hideOffers: true }, headers: { origin: a.url } })).status).toBe(200);
    try {
      expect(await page(a, "/")).not.toContain('id="offers"');
      await expect.poll(() => page(b, "/"), { timeout: 2000, interval: 50 }).not.toContain('id="offers"');
    } finally {
      expect((await morgan.request("PATCH", "/api/staff/settings", { json: { hideOffers: false }, headers: { origin: a.url } })).status).toBe(200);
    }
    expect(await page(a, "/")).toContain('id="offers"');
  });
});
