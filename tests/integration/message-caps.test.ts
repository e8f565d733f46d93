/**
 * The emails and texts that visitors' submissions make the site send are
 * capped per recipient and site-wide per hour; what is held back is stored
 * as suppressed, with the reason, for staff to see; staff replies are never
 * held back (issue 13: one address could make the site send 120 emails an
 * hour to addresses of its choosing, and text 60 numbers).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { enqueue, MESSAGE_CAPS_DEFAULT, purgeOutboxCounts, type MessageCaps, type OutgoingMessage } from "~/.server/outbox/outbox.server";
import { engines, openMigratedTestDatabase } from "../support/databases";

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

  it("still caps texts per number (3 an hour)", async () => {
    const at = new Date("2026-11-22T10:00:00Z");
    const results = [];
    for (let i = 0; i < 4; i++) results.push((await enqueue(opened.db, sms("+447700900123"), caps, at)).status);
    expect(results).toEqual(["pending", "pending", "pending", "suppressed"]);
  });

  it("caps all messages from visitors' submissions site-wide per hour, staff alerts included", async () => {
    const four: MessageCaps = { visitorMessagesPerHour: 4 };
    const at = new Date("2026-11-22T10:00:00Z");
    const results = [];
    for (let i = 0; i < 3; i++) results.push((await enqueue(opened.db, email(`person${i}@example.com`), four, at)).status);
    results.push((await enqueue(opened.db, sms("+447700900555"), four, at)).status);
    results.push((await enqueue(opened.db, email("staff@example.com", "staff-alert"), four, at)).status);
    results.push((await enqueue(opened.db, sms("+447700900556"), four, at)).status);
    expect(results).toEqual(["pending", "pending", "pending", "pending", "suppressed", "suppressed"]);
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
