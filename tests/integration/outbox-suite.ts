import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "~/.server/config.server";
import { createLogger } from "~/.server/logger.server";
import { renderQuoteEmail, quoteTextMessage } from "~/modules/quotes/quote-email.server";
import { claimDue, enqueue, summarise, type OutgoingMessage, MESSAGE_CAPS_DEFAULT } from "~/.server/outbox/outbox.server";
import { createEmailTransport, createSmsTransport } from "~/.server/outbox/transports.server";
import { openDatabase } from "~/.server/db/database.server";
import { OutboxWorker, retryWhileBusy } from "~/.server/outbox/worker.server";
import { startServices, type AppServices } from "../../server/start-services";
import { createTestDatabase, type TestDatabase, type TestEngine } from "../support/databases";
import { sampleQuote } from "../support/emails";
import { fixture, fixtureEnv, people } from "../support/fixture";
import { SmsSink } from "../support/sms-sink";
import { SmtpSink } from "../support/smtp-sink";
import { waitFor } from "../support/wait";

const quote = sampleQuote({
  firstName: "Priya",
  link: "Zk3_q9Lm2XwA7bTc",
  services: [
    { service: "Full Head Colour (short)", price: 58 },
    { service: "Cut & Finish", price: 40 },
  ],
  total: 98,
  stylist: { name: people.lead.name },
  offer: { code: "QG20", percent: 20, discountedTotal: 78.4, expiresAt: "2026-11-26T10:00:00.000Z" },
});

export const email = (n: number): OutgoingMessage => ({
  channel: "email",
  to: `client${n}@example.com`,
  subject: `Message ${n}`,
  text: `Body ${n}`,
  html: `<p>Body ${n}</p>`,
  template: "test",
});

/**
 * The outbox's tests on one engine. Each engine has its own file
 * (outbox-sqlite.test.ts, outbox-postgres.test.ts), so the two run side by side.
 */
export function outboxSuite(engine: TestEngine) {
  describe(`outbox on ${engine}`, () => {
    let database: TestDatabase;
    let smtp: SmtpSink;
    let sms: SmsSink;
    const running: AppServices[] = [];

    const start = async (env: Record<string, string> = {}) => {
      const config = loadConfig({
        NODE_ENV: "test",
        ...fixtureEnv,
        DATA_DIR: database.dataDir,
        PUBLIC_URL: "https://base.example.com",
        SMTP_URL: smtp.url,
        OUTBOX_POLL_MS: "20",
        OUTBOX_RETRY_BASE_MS: "50",
        ...sms.env,
        ...(database.url ? { DATABASE_URL: database.url } : {}),
        ...env,
      });
      const services = await startServices(config);
      running.push(services);
      return services;
    };
    const stop = async (services: AppServices) => {
      running.splice(running.indexOf(services), 1);
      await services.close();
    };

    beforeEach(async () => {
      database = await createTestDatabase(engine);
      smtp = new SmtpSink();
      await smtp.start();
      sms = new SmsSink();
      await sms.start();
    });
    afterEach(async () => {
      for (const services of running.splice(0)) await services.close();
      await smtp.stop();
      await sms.stop();
      await database.drop();
    });

    it("delivers a queued quote email and text message with the right content", async () => {
      const services = await start();
      const rendered = await renderQuoteEmail(services.brand, quote);
      await services.db.transaction().execute(async (trx) => {
        await enqueue(trx, { channel: "email", to: "priya@example.com", template: "quote", ...rendered }, MESSAGE_CAPS_DEFAULT);
        await enqueue(trx, { channel: "sms", to: "+447700900123", text: quoteTextMessage(services.brand, quote), template: "quote" }, MESSAGE_CAPS_DEFAULT);
      });
      services.outbox.wake();
      await waitFor("the email and the text", () => smtp.messages.length === 1 && sms.messages.length === 1);

      const mail = smtp.messages[0]!;
      expect(mail.to).toEqual(["priya@example.com"]);
      expect(mail.from).toBe(/<([^>]+)>/.exec(fixture.settings.mail.from)?.[1]);
      expect(mail.subject).toBe(`Your ${fixture.settings.name} quote: £98`);
      for (const body of [mail.html, mail.text]) {
        expect(body).toContain("Full Head Colour (short)");
        expect(body).toContain("£58");
        expect(body).toContain("£98");
        expect(body).toContain("QG20");
        expect(body).toContain("£78");
        expect(body).toContain("26th November 2026");
        expect(body).toContain("https://base.example.com/quote/Zk3_q9Lm2XwA7bTc");
        const { street, town, postcode } = fixture.settings.address;
        expect(body).toContain(`${street}, ${town}, ${postcode}`);
        expect(body).toContain(fixture.settings.phone);
      }
      expect(mail.messageId).toBe(`<${mail.outboxId}@example.com>`);

      const text = sms.messages[0]!;
      expect(text).toMatchObject({ to: "+447700900123", from: "+447700900999", accountSid: "AC_test_account" });
      expect(text.body).toBe(`Hi Priya, your quote for ${fixture.settings.name}: https://base.example.com/quote/Zk3_q9Lm2XwA7bTc To book, call ${fixture.settings.phone}`);
      expect(text.body.length).toBeLessThanOrEqual(160);
      expect(text.authorization).toBe(`Basic ${Buffer.from("AC_test_account:test-token").toString("base64")}`);
      expect(text.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

      // The provider has it; the worker records that a moment later.
      await waitFor("both to be recorded as sent", async () => {
        const { counts } = await summarise(services.db);
        return counts.length === 2 && counts.every((c) => c.status === "sent" && c.count === 1);
      });
    });

    it("keeps messages while the mail server is down and sends them when it is back", async () => {
      await smtp.stop();
      const services = await start();
      for (let n = 1; n <= 3; n++) await enqueue(services.db, email(n), MESSAGE_CAPS_DEFAULT);
      services.outbox.wake();

      await waitFor("failed attempts to be recorded", async () => {
        const rows = await services.db.selectFrom("outbox_messages").select(["status", "attempts", "last_error"]).execute();
        return rows.every((r) => r.status === "pending" && r.attempts >= 2 && r.last_error !== null);
      });
      expect(smtp.messages).toHaveLength(0);

      await smtp.start();
      await waitFor("all three to arrive", () => smtp.messages.length === 3, 15_000);
      await waitFor("all three to be recorded as sent, with the error cleared", async () => {
        const rows = await services.db.selectFrom("outbox_messages").select(["status", "last_error"]).execute();
        return rows.every((r) => r.status === "sent" && r.last_error === null);
      });
      // Stopping waits for any send in flight, so a repeat would be caught here.
      await stop(services);
      expect(smtp.messages.map((m) => m.subject).sort()).toEqual(["Message 1", "Message 2", "Message 3"]);
    });

    it("neither loses nor repeats a message when the server restarts mid-run", async () => {
      const first = await start();
      const total = 40;
      for (let n = 1; n <= total; n++) await enqueue(first.db, email(n), MESSAGE_CAPS_DEFAULT);
      first.outbox.wake();
      await waitFor("some to be sent", () => smtp.messages.length >= 5);
      await stop(first); // a graceful restart: SIGTERM in production
      const sentBeforeRestart = smtp.messages.length;
      expect(sentBeforeRestart).toBeLessThan(total);

      const second = await start();
      await waitFor("the rest to arrive", () => smtp.messages.length >= total, 20_000);
      await waitFor("all to be recorded as sent", async () => {
        const rows = await second.db.selectFrom("outbox_messages").select("status").execute();
        return rows.every((r) => r.status === "sent");
      });
      // Stopping waits for any send in flight, so a repeat would be caught here.
      await stop(second);
      const ids = smtp.messages.map((m) => m.outboxId);
      expect(ids).toHaveLength(total);
      expect(new Set(ids).size).toBe(total);
    });

    it("takes over the messages of a worker that died mid-send once its claim expires", async () => {
      const services = await start({ OUTBOX_POLL_MS: "60000" }); // its own worker stays out of the way
      await services.outbox.stop();
      for (let n = 1; n <= 3; n++) await enqueue(services.db, email(n), MESSAGE_CAPS_DEFAULT);
      // A worker claims the messages and then dies before sending anything.
      const claimed = await claimDue(services.db, services.engine, { workerId: "dead-worker", batch: 10, leaseMs: 200 });
      expect(claimed).toHaveLength(3);

      const logger = createLogger("silent");
      const heir = new OutboxWorker(
        {
          db: services.db,
          engine: services.engine,
          logger,
          transports: { email: createEmailTransport(services.config, "hello@example.com", logger), sms: createSmsTransport(services.config, logger) },
        },
        { pollMs: 20 },
      );
      expect(await heir.runOnce()).toBe(0); // still claimed
      // A quarter of a second later, the 200 ms claim has run out.
      expect(await heir.runOnce(() => new Date(Date.now() + 250))).toBe(3);
      expect(smtp.messages).toHaveLength(3);
      const rows = await services.db.selectFrom("outbox_messages").select(["status", "attempts"]).execute();
      expect(rows.every((r) => r.status === "sent" && r.attempts === 2)).toBe(true);
    });

    it("does not send a text again that the provider took before the process that sent it died", async () => {
      const services = await start({ OUTBOX_POLL_MS: "60000" });
      await services.outbox.stop();
      const text = (n: number): OutgoingMessage => ({ channel: "sms", to: `+44770090012${n}`, text: `Your quote ${n}`, template: "test" });
      for (let n = 1; n <= 2; n++) await enqueue(services.db, text(n), MESSAGE_CAPS_DEFAULT);
      // A worker claims both, hands the first to the provider, and dies before recording it.
      const logger = createLogger("silent");
      const transports = { email: createEmailTransport(services.config, "hello@example.com", logger), sms: createSmsTransport(services.config, logger) };
      const claimed = await claimDue(services.db, services.engine, { workerId: "dead-worker", batch: 10, leaseMs: 200 });
      const first = claimed.find((m) => m.body_text === "Your quote 1")!;
      const { providerId } = await transports.sms.send(first);

      const heir = new OutboxWorker({ db: services.db, engine: services.engine, logger, transports }, { pollMs: 20 });
      expect(await heir.runOnce(() => new Date(Date.now() + 250))).toBe(2);
      expect(sms.messages.map((m) => m.body).sort()).toEqual(["Your quote 1", "Your quote 2"]);
      const rows = await services.db.selectFrom("outbox_messages").select(["body_text", "status", "provider_id", "interrupted_at"]).orderBy("body_text").execute();
      // Both were taken over from the dead worker's claim; the provider was asked about each, and had the first.
      expect(rows.map((r) => [r.body_text, r.status, r.interrupted_at === null])).toEqual([
        ["Your quote 1", "sent", false],
        ["Your quote 2", "sent", false],
      ]);
      expect(sms.lookups).toBe(2);
      expect(rows[0]!.provider_id).toBe(providerId);
    });

    it("starts no send in the second half of its claim, and sends those messages on a later claim", async () => {
      const services = await start({ OUTBOX_POLL_MS: "60000" });
      await services.outbox.stop();
      for (let n = 1; n <= 3; n++) await enqueue(services.db, email(n), MESSAGE_CAPS_DEFAULT);
      const logger = createLogger("silent");
      const transports = { email: createEmailTransport(services.config, "hello@example.com", logger), sms: createSmsTransport(services.config, logger) };
      const worker = new OutboxWorker({ db: services.db, engine: services.engine, logger, transports }, { leaseMs: 60_000, pollMs: 20 });
      const base = Date.now();
      let readings = 0;
      // The claim reads the clock first; every later reading is 31 s on, past half of the 60 s claim.
      expect(await worker.runOnce(() => new Date(base + (readings++ === 0 ? 0 : 31_000)))).toBe(3);
      expect(smtp.messages).toHaveLength(0);
      const held = await services.db.selectFrom("outbox_messages").select("status").execute();
      expect(held.map((r) => r.status)).toEqual(["sending", "sending", "sending"]);
      // Once the claim has run out, the next pass claims them again and sends them.
      expect(await worker.runOnce(() => new Date(base + 61_000))).toBe(3);
      expect(smtp.messages.map((m) => m.subject).sort()).toEqual(["Message 1", "Message 2", "Message 3"]);
    });

    it("with two workers at once, sends each message exactly once", async () => {
      const services = await start({ OUTBOX_POLL_MS: "60000" });
      await services.outbox.stop();
      const total = 60;
      for (let n = 1; n <= total; n++) await enqueue(services.db, email(n), MESSAGE_CAPS_DEFAULT);
      const logger = createLogger("silent");
      const transports = {
        email: createEmailTransport(services.config, "hello@example.com", logger),
        sms: createSmsTransport(services.config, logger),
      };
      const workers = [1, 2].map(() => new OutboxWorker({ db: services.db, engine: services.engine, logger, transports }, { batch: 5, pollMs: 10 }));
      // On PostgreSQL each worker gets its own connection from the pool, so the claims really do race.
      const counts = await Promise.all(
        workers.map(async (w) => {
          let mine = 0;
          for (;;) {
            const n = await w.runOnce();
            if (n === 0) return mine;
            mine += n;
          }
        }),
      );
      expect(counts[0]! + counts[1]!).toBe(total);
      if (engine === "postgres") expect(Math.min(...counts)).toBeGreaterThan(0);
      const ids = smtp.messages.map((m) => m.outboxId);
      expect(ids).toHaveLength(total);
      expect(new Set(ids).size).toBe(total);
    });

    // On SQLite a request's transaction holds the write lock (BEGIN IMMEDIATE) and nothing else: reads go on beside it,
    // and the worker waits for the lock on timers (the next test).
    it.skipIf(engine === "sqlite")("keeps delivering while the requests hold every connection they have (decision 0021)", async () => {
      const services = await start();
      await enqueue(services.db, email(1), MESSAGE_CAPS_DEFAULT);
      // Requests in the middle of transactions hold the whole request side: all ten of the PostgreSQL pool's
      // connections (each having written a row).
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const window = { window_start: new Date().toISOString(), count: 1, expires_at: new Date(Date.now() + 60_000).toISOString() };
      const holders = Array.from({ length: 10 }, (_, i) =>
        services.db.transaction().execute(async (trx) => {
          await trx.insertInto("rate_limits").values({ key: `held:${i}`, ...window }).execute();
          await gate;
        }),
      );
      // Any further query for the requests now waits for a connection: proof they are all held.
      let probed = false;
      const probe = services.db.selectFrom("outbox_messages").select("id").execute().then(() => (probed = true));
      const observer = openDatabase({ url: database.url, sqlitePath: services.config.sqlitePath });
      try {
        services.outbox.wake();
        await waitFor("the email to be sent and recorded while the request side is held", async () => {
          const row = await observer.db.selectFrom("outbox_messages").select("status").executeTakeFirst();
          return smtp.messages.length === 1 && row?.status === "sent";
        });
        expect(probed).toBe(false);
      } finally {
        release();
        await Promise.all(holders);
        await probe;
        await observer.close();
      }
      expect(smtp.messages.map((m) => m.subject)).toEqual(["Message 1"]);
    });

    if (engine === "sqlite") {
      it("waits, without blocking the requests, while a request's transaction holds SQLite's write lock", async () => {
        const services = await start({ OUTBOX_POLL_MS: "60000" });
        await services.outbox.stop();
        await enqueue(services.db, email(1), MESSAGE_CAPS_DEFAULT);
        let release!: () => void;
        const gate = new Promise<void>((resolve) => (release = resolve));
        let wrote!: () => void;
        const written = new Promise<void>((resolve) => (wrote = resolve));
        const window = { window_start: new Date().toISOString(), count: 1, expires_at: new Date(Date.now() + 60_000).toISOString() };
        const holder = services.db.transaction().execute(async (trx) => {
          await trx.insertInto("rate_limits").values({ key: "held", ...window }).execute();
          wrote();
          await gate;
        });
        await written;
        const own = openDatabase({ sqlitePath: services.config.sqlitePath });
        try {
          let attempts = 0;
          const claim = retryWhileBusy(() => {
            attempts++;
            return claimDue(own.worker, "sqlite", { workerId: "patient", batch: 10, leaseMs: 60_000 });
          }, 30_000);
          // The claim met the lock and is waiting on a timer: this test's own code still runs meanwhile.
          await waitFor("the claim to meet the lock and try again", () => attempts >= 2);
          release();
          await holder;
          expect(await claim).toHaveLength(1);
        } finally {
          release();
          await own.close();
        }
      });
    }

    it("gives up at once on a number the provider rejects, and marks it failed with the reason", async () => {
      sms.failWith = 400;
      const services = await start();
      await enqueue(services.db, { channel: "sms", to: "+447700900124", text: "Hello", template: "test" }, MESSAGE_CAPS_DEFAULT);
      services.outbox.wake();
      await waitFor("the failure", async () => {
        const row = await services.db.selectFrom("outbox_messages").select("status").executeTakeFirst();
        return row?.status === "failed";
      });
      const row = await services.db.selectFrom("outbox_messages").selectAll().executeTakeFirstOrThrow();
      expect(row.attempts).toBe(1);
      expect(row.last_error).toContain("400");
      const summary = await summarise(services.db);
      expect(summary.attention[0]).toMatchObject({ status: "failed", channel: "sms" });
    });

    it("retries a provider outage and delivers afterwards", async () => {
      sms.failWith = 503;
      const services = await start();
      await enqueue(services.db, { channel: "sms", to: "+447700900125", text: "Hello again", template: "test" }, MESSAGE_CAPS_DEFAULT);
      services.outbox.wake();
      await waitFor("two failed attempts", async () => {
        const row = await services.db.selectFrom("outbox_messages").select("attempts").executeTakeFirst();
        return (row?.attempts ?? 0) >= 2;
      });
      sms.failWith = undefined;
      await waitFor("delivery", () => sms.messages.length === 1);
    });

    it("will not let the site flood one phone with texts", async () => {
      const services = await start({ OUTBOX_POLL_MS: "60000" });
      const results = [];
      for (let n = 0; n < 4; n++) {
        results.push(await enqueue(services.db, { channel: "sms", to: "+447700900126", text: `Text ${n}`, template: "test" }, MESSAGE_CAPS_DEFAULT));
      }
      expect(results.map((r) => r.status)).toEqual(["pending", "pending", "pending", "suppressed"]);
      expect((await enqueue(services.db, { channel: "sms", to: "+447700900127", text: "Other", template: "test" }, MESSAGE_CAPS_DEFAULT)).status).toBe("pending");
    });

    it("sends nothing for a record whose transaction rolled back", async () => {
      const services = await start();
      await expect(
        services.db.transaction().execute(async (trx) => {
          await enqueue(trx, email(1), MESSAGE_CAPS_DEFAULT);
          throw new Error("the form failed to save");
        }),
      ).rejects.toThrow("the form failed to save");
      expect(await services.db.selectFrom("outbox_messages").selectAll().execute()).toEqual([]);
    });
  });
}
