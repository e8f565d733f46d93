/**
 * The probe's finding (issue 31): "a few addresses silence the site's
 * messages". 220 contact posts from 22 addresses silenced every staff alert
 * for the hour; 100 quote saves from 10 addresses spent the visitors' hourly
 * budget with nobody told; one IPv6 /64 gave any number of clients. Each chain
 * runs as real parallel requests against a running server, on both engines;
 * the digest and the spent-budget notice are driven by calling the server's
 * own tick with the time it should think it is (no sleeping), and the emails
 * are read where they arrive: without SMTP_URL, the site's own .eml files.
 */
import fs from "node:fs";
import path from "node:path";
import PostalMime from "postal-mime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { summarise } from "~/.server/outbox/outbox.server";
import { BUDGET_SPENT_TEMPLATE, DIGEST_TEMPLATE } from "~/.server/outbox/staff-notices.server";
import { purgeExpired } from "~/modules/privacy/purge.server";
import { SENT_MESSAGE_RETENTION_DAYS } from "~/modules/submissions/retention";
import { engines } from "../support/databases";
import { leadLevelCut } from "../support/fixture";
import { saveQuote } from "../support/quotes";
import { STAFF, staffAccountsEnv, StaffClient } from "../support/staff-client";
import { startTestServer, type TestServer } from "../support/test-server";
import { waitFor, withinOneWindow } from "../support/wait";

const SALON = "salon.alerts@example.com";
const DIGEST_SECONDS = 900;

/** A contact message through the API, posing as `from` (X-Forwarded-For, which the test server trusts from loopback). */
const contact = (server: TestServer, from: string, name: string) =>
  fetch(`${server.url}/api/sendMessage`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": from },
    body: JSON.stringify({ name, email: `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`, message: "Do you have a chair free on Saturday?" }),
  });

/** A quote saved through the API, posing as `from`: an email and a text to the visitor. */
const saveQuoteAs = (server: TestServer, from: string, n: number) =>
  saveQuote(
    server.url,
    { name: `Visitor ${n}`, mobile: `07700 9${String(n).padStart(5, "0")}`, email: `visitor${n}@example.com`, referral: "google", ...leadLevelCut },
    { "x-forwarded-for": from },
  );

const statusesOf = (responses: Response[]) => responses.map((r) => r.status);

/** The email the outbox delivered as `outboxId`, as the mail transport wrote it (DATA_DIR/mail), once the outbox says it is sent. */
async function delivered(server: TestServer, outboxId: string) {
  const status = async () => (await server.services.db.selectFrom("outbox_messages").select("status").where("id", "=", outboxId).executeTakeFirstOrThrow()).status;
  await waitFor(`email ${outboxId} delivered`, async () => (await status()) === "sent", 30_000);
  const dir = path.join(server.database.dataDir, "mail");
  const file = fs.readdirSync(dir).find((name) => name.endsWith(`-${outboxId}.eml`));
  expect(file, `the .eml of ${outboxId}`).toBeDefined();
  return PostalMime.parse(fs.readFileSync(path.join(dir, file!)));
}

describe.each(engines)("finding: a few addresses silence the site's messages, on %s", (engine) => {
  describe("the staff alerts", () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(engine, { STAFF_NOTIFY_EMAIL: SALON, STAFF_ALERT_DIGEST_SECONDS: String(DIGEST_SECONDS) });
    });
    afterAll(async () => {
      await server?.close();
    });

    const alerts = () =>
      server.services.db.selectFrom("outbox_messages").select(["id", "status", "subject", "digest_id", "held_reason"]).where("trigger", "=", "staff-alert").execute();
    const digests = () => server.services.db.selectFrom("outbox_messages").selectAll().where("template", "=", DIGEST_TEMPLATE).orderBy("created_at").execute();

    it("220 contact posts from 22 addresses at once: every staff alert is sent on its own or in one digest that names it, none suppressed", async () => {
      const posts = Array.from({ length: 220 }, (_, i) => contact(server, `203.0.113.${(i % 22) + 1}`, `Flood Sender ${i}`));
      expect(new Set(statusesOf(await Promise.all(posts)))).toEqual(new Set([201]));

      const stored = await alerts();
      expect(stored).toHaveLength(220);
      expect(stored.filter((a) => a.status === "suppressed")).toEqual([]);
      const single = stored.filter((a) => a.status !== "digest");
      const waiting = stored.filter((a) => a.status === "digest");
      // The budget (VISITOR_MESSAGES_PER_HOUR, 200) one by one; on PostgreSQL a few posts counted side by side may each see room.
      expect(single.length).toBeGreaterThanOrEqual(200);
      expect(waiting.length).toBeGreaterThan(0);
      expect(single.length + waiting.length).toBe(220);

      // The period's tick (the server's own, run now): one digest carries every alert waiting.
      const now = new Date();
      const sent = await server.services.staffNotices.tick(now);
      expect(sent.digest).toEqual({ id: expect.any(String), alerts: waiting.length });
      const [digest] = await digests();
      expect(digest).toMatchObject({ recipient: SALON, trigger: "site" });
      const after = await alerts();
      expect(after.filter((a) => a.status === "digest").map((a) => a.digest_id)).toEqual(waiting.map(() => digest!.id));
      // Carried, they no longer wait for anyone's attention in the outbox's summary.
      expect((await summarise(server.services.db, 1000)).attention.filter((m) => m.status === "digest")).toEqual([]);

      // It is delivered, naming each alert it carries by its subject (kind and who) and when.
      const mail = await delivered(server, digest!.id);
      expect(mail.to?.map((to) => to.address)).toEqual([SALON]);
      expect(mail.subject).toMatch(new RegExp(`^Website alerts digest: ${waiting.length} alerts? since`));
      for (const alert of waiting) expect(mail.text).toContain(alert.subject!);
      expect(mail.text).toMatch(/\d{2}:\d{2}: Website message from Flood Sender/);
      // And every alert sent on its own is delivered too.
      for (const alert of single) expect((await delivered(server, alert.id)).subject).toBe(alert.subject);
    });

    it("a flood gives at most one digest per period: alerts that come after it wait for the next period's", async () => {
      const before = (await digests()).length;
      const post = async (from: string, names: string[]) => expect(new Set(statusesOf(await Promise.all(names.map((name) => contact(server, from, name)))))).toEqual(new Set([201]));
      const period = DIGEST_SECONDS * 1000;
      // A period ahead of the clock, so that no digest of it has gone yet.
      const start = (Math.floor(Date.now() / period) + 1) * period;
      await post("198.51.100.23", ["Late Sender 1", "Late Sender 2", "Late Sender 3"]);
      expect((await server.services.staffNotices.tick(new Date(start + 1000))).digest).toEqual({ id: expect.any(String), alerts: 3 });
      // More in the same period: they wait, however often the tick comes, until the next period.
      await post("198.51.100.24", ["Later Sender 1", "Later Sender 2"]);
      for (const minute of [1, 5, 14]) expect((await server.services.staffNotices.tick(new Date(start + minute * 60_000))).digest).toBeNull();
      expect((await alerts()).filter((a) => a.status === "digest" && a.digest_id === null)).toHaveLength(2);
      expect((await server.services.staffNotices.tick(new Date(start + period + 1000))).digest).toEqual({ id: expect.any(String), alerts: 2 });
      expect(await digests()).toHaveLength(before + 2);
      expect((await alerts()).filter((a) => a.status === "digest" && a.digest_id === null)).toEqual([]);
    });

    it("two servers sharing the database send the period's digest once between them", async () => {
      const second = await startTestServer(engine, { STAFF_NOTIFY_EMAIL: SALON }, { database: server.database });
      try {
        const posts = await Promise.all(Array.from({ length: 6 }, (_, i) => contact(i % 2 ? second : server, "198.51.100.24", `Shared Sender ${i}`)));
        expect(new Set(statusesOf(posts))).toEqual(new Set([201]));
        const before = (await digests()).length;
        // Both servers tick at one moment of a later period: side by side on PostgreSQL. SQLite lets one process write at a
        // time, so two processes' ticks take turns; two servers in this one process must too, as better-sqlite3 waits for
        // the other's lock without yielding to it.
        const at = new Date((Math.floor(Date.now() / (DIGEST_SECONDS * 1000)) + 4) * DIGEST_SECONDS * 1000 + 5000);
        const tick = (s: TestServer) => s.services.staffNotices.tick(at);
        const both = engine === "postgres" ? await Promise.all([tick(server), tick(second)]) : [await tick(server), await tick(second)];
        expect(both.filter((sent) => sent.digest !== null)).toHaveLength(1);
        expect(both.find((sent) => sent.digest)!.digest!.alerts).toBe(6);
        expect(await digests()).toHaveLength(before + 1);
      } finally {
        await second.close();
      }
    });

    it("an alert its digest carried is purged with the sent messages; one still waiting for its digest is kept", async () => {
      expect((await contact(server, "198.51.100.25", "Waiting Sender")).status).toBe(201);
      const later = new Date(Date.now() + (SENT_MESSAGE_RETENTION_DAYS + 1) * 86_400_000);
      await purgeExpired(server.services.db, later, server.services.config.applicantRetention);
      const left = await alerts();
      expect(left.map((a) => [a.status, a.digest_id])).toEqual([["digest", null]]);
      expect(left[0]!.subject).toBe("Website message from Waiting Sender");
      // And it still goes in the next digest.
      expect((await server.services.staffNotices.tick(new Date(Date.now() + 86_400_000))).digest).toEqual({ id: expect.any(String), alerts: 1 });
    });
  });

  describe("the visitors' hourly budget", () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(engine, { STAFF_NOTIFY_EMAIL: SALON });
    });
    afterAll(async () => {
      await server?.close();
    });

    it("100 quote saves from 10 addresses at once spend it: the managers get exactly one alert that says so", async () => {
      const saves = Array.from({ length: 100 }, (_, n) => saveQuoteAs(server, `192.0.2.${(n % 10) + 1}`, n));
      expect(new Set(statusesOf(await Promise.all(saves)))).toEqual(new Set([201]));
      // A genuine visitor from elsewhere: the quote is saved, its messages held back by the spent budget.
      expect((await saveQuoteAs(server, "198.51.100.77", 500)).status).toBe(201);
      const held = await server.services.db.selectFrom("outbox_messages").select("held_reason").where("recipient", "=", "visitor500@example.com").execute();
      expect(held).toEqual([{ held_reason: "site-wide" }]);

      const now = new Date();
      const ticks = await Promise.all([server.services.staffNotices.tick(now), server.services.staffNotices.tick(now)]);
      expect(ticks.filter((t) => t.budgetSpent !== null)).toHaveLength(1);
      // Later in the hour, and into the next clock hour while the budget is still spent: no second alert.
      expect((await server.services.staffNotices.tick(new Date(now.getTime() + 10 * 60_000))).budgetSpent).toBeNull();
      expect((await server.services.staffNotices.tick(new Date(now.getTime() + 59 * 60_000))).budgetSpent).toBeNull();
      const notices = await server.services.db.selectFrom("outbox_messages").selectAll().where("template", "=", BUDGET_SPENT_TEMPLATE).execute();
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({ recipient: SALON, trigger: "site" });
      const mail = await delivered(server, notices[0]!.id);
      expect(mail.subject).toBe("The website's hourly message budget is spent");
      expect(mail.text).toContain("made the website send 200 emails and texts within the hour");
      // An hour on, the budget has room again: nothing to say.
      expect((await server.services.staffNotices.tick(new Date(now.getTime() + 61 * 60_000))).budgetSpent).toBeNull();
    });
  });

  describe("one client per network", () => {
    /** Long enough for a client's posts and the one after them, on a loaded machine: all in one minute's window. */
    const ONE_CLIENTS_POSTS_MS = 10_000;
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(engine, { STAFF_ACCOUNTS: staffAccountsEnv });
    });
    afterAll(async () => {
      await server?.close();
    });

    it("30 addresses in one IPv6 /64 count as one client: 10 of 30 posts accepted (RATE_LIMIT_PER_MINUTE), and one share of the messages", async () => {
      const inNetwork = (i: number) => `2001:db8:31:64:${((i * 4099) % 0x10000).toString(16)}:${i.toString(16)}::${(i + 1).toString(16)}`;
      await withinOneWindow(ONE_CLIENTS_POSTS_MS);
      const posts = await Promise.all(Array.from({ length: 30 }, (_, i) => contact(server, inNetwork(i), `Network Sender ${i}`)));
      const statuses = statusesOf(posts);
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20);
      // The next /64 is another client.
      expect((await contact(server, "2001:db8:31:65::1", "Next Network")).status).toBe(201);
      // What the posts queued is counted as one client's.
      const keys = await server.services.db
        .selectFrom("outbox_messages")
        .select("client_key")
        .distinct()
        .where("subject", "like", "Website message from Network Sender%")
        .execute();
      expect(keys).toHaveLength(1);
    });

    it("an IPv4-mapped IPv6 address is its IPv4 client", async () => {
      await withinOneWindow(ONE_CLIENTS_POSTS_MS);
      const mapped = await Promise.all(Array.from({ length: 10 }, (_, i) => contact(server, "::ffff:198.51.100.31", `Mapped Sender ${i}`)));
      expect(new Set(statusesOf(mapped))).toEqual(new Set([201]));
      expect((await contact(server, "198.51.100.31", "Plain Sender")).status).toBe(429);
    });

    it("sign-in counts wrong PINs by the /64: 10 from 10 of its addresses lock the whole network, even for the right PIN", async () => {
      const guesses = await Promise.all(
        Array.from({ length: 10 }, (_, i) => new StaffClient(server.url, `2001:db8:31:66::${(i + 1).toString(16)}`).signIn({ name: `Nobody${i}`, pin: "900000" })),
      );
      expect(new Set(statusesOf(guesses))).toEqual(new Set([401]));
      expect((await new StaffClient(server.url, "2001:db8:31:66:ffff::1").signIn(STAFF.sam)).status).toBe(429);
      expect((await new StaffClient(server.url, "2001:db8:31:67::1").signIn(STAFF.sam)).status).toBe(200);
    });
  });
});
