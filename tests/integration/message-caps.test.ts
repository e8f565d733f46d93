/**
 * The emails and texts that visitors' submissions make the site send are
 * capped per recipient and site-wide per hour; what is held back is stored
 * as suppressed, with the reason, for staff to see; staff replies are never
 * held back (issue 13: one address could make the site send 120 emails an
 * hour to addresses of its choosing, and text 60 numbers).
 */
import { CompiledQuery, sql, type KyselyPlugin, type RootOperationNode } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { runWithClient } from "~/.server/request-client.server";
import { enqueue, MESSAGE_CAPS_DEFAULT, purgeOutboxCounts, type MessageCaps, type OutgoingMessage } from "~/.server/outbox/outbox.server";
import { engines, openMigratedTestDatabase } from "../support/databases";
import { applicantBody } from "../support/staff-client";
import { startTestServer, type TestServer } from "../support/test-server";

type Opened = Awaited<ReturnType<typeof openMigratedTestDatabase>>;

const email = (to: string, trigger?: OutgoingMessage["trigger"]): OutgoingMessage => ({
  channel: "email",
  to,
  subject: "Your quote",
  text: "Hello",
  html: "<p>Hello</p>",
  template: "quote",
  ...(trigger ? { trigger } : {}),
});
const sms = (to: string): OutgoingMessage => ({ channel: "sms", to, text: "Hello", template: "quote-link" });

describe.each(engines)("message caps on %s", (engine) => {
  let opened: Opened;
  beforeAll(async () => {
    opened = await openMigratedTestDatabase(engine);
  });
  afterAll(async () => {
    await opened?.close();
  });
  afterEach(async () => {
    await opened.db.deleteFrom("outbox_messages").execute();
    await opened.db.deleteFrom("outbox_counts").execute();
  });
  const caps = MESSAGE_CAPS_DEFAULT;

  const statuses = async () =>
    (await opened.db.selectFrom("outbox_messages").select(["status", "last_error", "held_reason", "recipient"]).orderBy("created_at").execute());

  it("sends one address at most 3 emails an hour from visitors' submissions, and holds back the rest as suppressed with the reason", async () => {
    const start = new Date("2026-11-22T10:00:00Z");
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await enqueue(opened.db, email("target@example.com"), caps, new Date(start.getTime() + i * 60_000)));
    expect(results.map((r) => r.status)).toEqual(["pending", "pending", "pending", "suppressed", "suppressed"]);
    const held = (await statuses()).filter((m) => m.status === "suppressed");
    expect(held[0]!.last_error).toMatch(/3 emails to this address within 1 hour/);
    expect(held.map((m) => m.held_reason)).toEqual(["recipient", "recipient"]);
    expect(results.map((r) => r.heldReason)).toEqual([null, null, null, "recipient", "recipient"]);
    // Another address is not affected; an hour later the first may hear again.
    expect((await enqueue(opened.db, email("other@example.com"), caps, new Date(start.getTime() + 5 * 60_000))).status).toBe("pending");
    expect((await enqueue(opened.db, email("target@example.com"), caps, new Date(start.getTime() + 61 * 60_000))).status).toBe("pending");
  });

  it("counts a flood held back without reading it: each of the caps' counts is answered from an index of the messages not held back", async () => {
    const at = new Date("2026-11-22T10:00:00Z");
    // One address floods one inbox: all but the first 3 are held back.
    for (let i = 0; i < 40; i++) await runWithClient("192.0.2.9", () => enqueue(opened.db, email("flooded@example.com"), caps, at));
    expect(await statuses()).toHaveLength(40);
    // The next message's counts (to another inbox, so every cap is counted), as the database is asked them.
    const asked: RootOperationNode[] = [];
    const recorder: KyselyPlugin = {
      transformQuery: ({ node }) => (asked.push(node), node),
      transformResult: async ({ result }) => result,
    };
    await runWithClient("192.0.2.9", () => enqueue(opened.db.withPlugin(recorder), email("next@example.com"), caps, at));
    await enqueue(opened.db.withPlugin(recorder), email("alerts@example.com", "staff-alert"), caps, at);
    const counts = asked
      .map((node) => opened.db.getExecutor().compileQuery(node, { queryId: "plan" }))
      .filter((q) => /^select count\(\*\)/i.test(q.sql) && q.sql.includes('"outbox_messages"'));
    // Client, recipient for the hour and the day, staff alerts.
    expect(counts).toHaveLength(4);
    for (const query of counts) {
      const plan = await opened.db.transaction().execute(async (trx) => {
        if (engine === "postgres") await sql`set local enable_seqscan = off`.execute(trx);
        const explain = engine === "postgres" ? "explain" : "explain query plan";
        const { rows } = await trx.executeQuery(CompiledQuery.raw(`${explain} ${query.sql}`, [...query.parameters]));
        return rows.map((row) => Object.values(row as Record<string, unknown>).join(" ")).join("\n");
      });
      expect(plan, query.sql).toMatch(/outbox_(client|recipient|trigger)_unheld/);
    }
  });

  it("still caps texts per number (3 an hour)", async () => {
    const at = new Date("2026-11-22T10:00:00Z");
    const results = [];
    for (let i = 0; i < 4; i++) results.push((await enqueue(opened.db, sms("+447700900123"), caps, at)).status);
    expect(results).toEqual(["pending", "pending", "pending", "suppressed"]);
  });

  it("caps visitors' messages site-wide per hour; staff alerts are not in that count", async () => {
    const four: MessageCaps = { visitorMessagesPerHour: 4 };
    const at = new Date("2026-11-22T10:00:00Z");
    const results = [];
    for (let i = 0; i < 3; i++) results.push((await enqueue(opened.db, email(`person${i}@example.com`), four, at)).status);
    results.push((await enqueue(opened.db, email("staff@example.com", "staff-alert"), four, at)).status);
    results.push((await enqueue(opened.db, sms("+447700900555"), four, at)).status);
    results.push((await enqueue(opened.db, sms("+447700900556"), four, at)).status);
    expect(results).toEqual(["pending", "pending", "pending", "pending", "pending", "suppressed"]);
    expect((await statuses()).at(-1)!.last_error).toMatch(/4 messages from visitors' submissions site-wide within 1 hour/);
    expect((await statuses()).at(-1)!.held_reason).toBe("site-wide");
    // The hour is counted from a running count of each minute, not the messages: an hour on, the cap has room again.
    const later = new Date(at.getTime() + 60 * 60_000 + 60_000);
    expect((await enqueue(opened.db, sms("+447700900557"), four, later)).status).toBe("pending");
    // The running counts older than a day go in the daily purge.
    expect(await purgeOutboxCounts(opened.db, new Date(at.getTime() + 25 * 3_600_000))).toBeGreaterThan(0);
    expect((await opened.db.selectFrom("outbox_counts").selectAll().execute()).map((r) => r.minute)).toEqual([later.toISOString().slice(0, 16)]);
  });

  it("counts the hour from the running count alone: messages held back never enter it", async () => {
    const at = new Date("2026-11-22T10:00:00Z");
    for (let i = 0; i < 6; i++) await enqueue(opened.db, email("flood@example.com"), caps, at);
    const counted = await opened.db.selectFrom("outbox_counts").select((eb) => eb.fn.sum<number | string>("count").as("n")).executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBe(3);
  });

  it("one address can silence the site: no longer, staff alerts have their own budget, never held back by visitors' traffic", async () => {
    const four: MessageCaps = { visitorMessagesPerHour: 4 };
    const at = new Date("2026-11-22T10:00:00Z");
    // Visitors' messages use up their hour.
    for (let i = 0; i < 6; i++) await enqueue(opened.db, email(`person${i}@example.com`), four, at);
    // The staff are still told of what came in: one by one up to their own budget, then in the next digest, never held back.
    const alerts = [];
    for (let i = 0; i < 5; i++) alerts.push((await enqueue(opened.db, email("staff@example.com", "staff-alert"), four, at)).status);
    expect(alerts).toEqual(["pending", "pending", "pending", "pending", "digest"]);
    expect((await statuses()).at(-1)!.last_error).toMatch(/More than 4 staff alerts within 1 hour: this one goes in the next digest email/);
    expect((await statuses()).at(-1)!.held_reason).toBeNull();
    // And staff alerts never use up the visitors' budget: an hour on, visitors' messages go again.
    expect((await enqueue(opened.db, email("new@example.com"), four, new Date(at.getTime() + 61 * 60_000))).status).toBe("pending");
  });

  it("plus-addressing spread thank-yous over victim+N@: no longer, the per-recipient cap treats name+tag@ as name@", async () => {
    const at = new Date("2026-11-22T10:00:00Z");
    const results = [];
    for (let i = 0; i < 5; i++) results.push((await enqueue(opened.db, email(`Victim+${i}@Example.com`), caps, at)).status);
    results.push((await enqueue(opened.db, email("victim@example.com"), caps, at)).status);
    expect(results).toEqual(["pending", "pending", "pending", "suppressed", "suppressed", "suppressed"]);
    expect((await enqueue(opened.db, email("victim.other+1@example.com"), caps, at)).status).toBe("pending");
  });

  it("does not cap the staff's alerts per recipient: a busy hour reaches the staff inbox", async () => {
    const at = new Date("2026-11-22T10:00:00Z");
    for (let i = 0; i < 10; i++) expect((await enqueue(opened.db, email("staff@example.com", "staff-alert"), caps, at)).status).toBe("pending");
  });

  it("never holds back a reply staff chose to send", async () => {
    const one: MessageCaps = { visitorMessagesPerHour: 1 };
    const at = new Date("2026-11-22T10:00:00Z");
    for (let i = 0; i < 5; i++) await enqueue(opened.db, email("applicant@example.com"), one, at);
    expect((await enqueue(opened.db, email("applicant@example.com", "staff"), one, at)).status).toBe("pending");
  });
});

describe.each(engines)("one client address's share of the messages on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { VISITOR_MESSAGES_PER_HOUR: "40", RATE_LIMIT_PER_MINUTE: "1000", RATE_LIMIT_PER_HOUR: "10000" });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("one address can silence the site: no longer, one client address may use at most a tenth of the hourly message budget", async () => {
    const apply = (from: string, n: number) =>
      fetch(`${server.url}/api/joinus`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": from },
        body: JSON.stringify(applicantBody(`Share Tester ${n}`, { email: `share.${from.replace(/\./g, "-")}.${n}@example.com` })),
      });
    for (let n = 0; n < 6; n++) expect((await apply("192.0.2.77", n)).status).toBe(201);
    // A real visitor from elsewhere is still answered.
    expect((await apply("198.51.100.200", 0)).status).toBe(201);
    const thanks = await server.services.db
      .selectFrom("outbox_messages")
      .select(["recipient", "status", "last_error", "trigger"])
      .where("template", "=", "applicant-thank-you")
      .orderBy("created_at")
      .execute();
    const mine = thanks.filter((m) => m.recipient.includes("192-0-2-77"));
    expect(mine.map((m) => m.status)).toEqual(["pending", "pending", "pending", "pending", "suppressed", "suppressed"].map((s, i) => (i < 4 ? expect.stringMatching(/pending|sending|sent/) : s)));
    expect(mine[4]!.last_error).toMatch(/4 messages from one client's submissions within 1 hour/);
    expect(thanks.find((m) => m.recipient.includes("198-51-100-200"))!.status).not.toBe("suppressed");
    // The staff are told of every applicant all the same.
    const alerts = await server.services.db.selectFrom("outbox_messages").select("status").where("trigger", "=", "staff-alert").execute();
    expect(alerts).toHaveLength(7);
    expect(alerts.filter((a) => a.status === "suppressed")).toEqual([]);
  });
});
