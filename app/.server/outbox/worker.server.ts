/**
 * Delivers the outbox. Runs inside each server process; claims due messages
 * (safely when several servers share one PostgreSQL), sends them, and retries
 * failures with exponential backoff and jitter until `maxAttempts`, after which
 * a message is marked failed and logged as an error for staff to see.
 */
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Engine } from "../db/database.server";
import type { Database } from "../db/schema";
import type { Logger } from "../logger.server";
import type { RenderedEmail } from "../email/render.server";
import { claimDue, markFailedAttempt, markSent, recordRendered, type OutboxMessage } from "./outbox.server";
import { PermanentDeliveryError, type Delivery, type DeliveryExtras, type Transport } from "./transports.server";

export const defaultWorkerOptions = {
  pollMs: 1000,
  batch: 10,
  /** How long a claim lasts; longer than any send can take (SMTP and Twilio time out within 30 s). */
  leaseMs: 60_000,
  // 15 s, 30 s, 1 min … capped at 10 min: 20 attempts span about two and a half hours.
  maxAttempts: 20,
  retryBaseMs: 15_000,
  retryMaxMs: 10 * 60_000,
  /**
   * Sends in flight at once within a claimed batch. One SMTP connection per message is a few round
   * trips; four side by side keep pace with a busy hour (decision 0021). It is also how many messages
   * one killed process can leave sent but not recorded as sent.
   */
  sendConcurrency: 4,
};
type WorkerOptions = typeof defaultWorkerOptions;

/** Delay before attempt `attempts + 1`: doubling from the base, capped, with "equal jitter" so retries spread out. */
export function backoffMs(attempts: number, options: Pick<WorkerOptions, "retryBaseMs" | "retryMaxMs">, random = Math.random): number {
  const ceiling = Math.min(options.retryMaxMs, options.retryBaseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** SQLite's answer when another connection holds the write lock (the worker's connection does not wait for it). */
function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED"));
}

/**
 * Runs one of the worker's statements, trying again while SQLite says the database
 * is busy: a request's transaction holds the write lock for a moment. The retries
 * wait on timers, so the requests go on (and commit) meanwhile. PostgreSQL waits
 * for row locks itself and never answers "busy".
 */
export async function retryWhileBusy<T>(run: () => Promise<T>, giveUpAfterMs: number, longestWaitMs = 100): Promise<T> {
  const deadline = Date.now() + giveUpAfterMs;
  for (let delay = 2; ; delay = Math.min(delay * 2, longestWaitMs)) {
    try {
      return await run();
    } catch (error) {
      if (!isBusy(error) || Date.now() + delay > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

export class OutboxWorker {
  readonly id = `worker-${randomBytes(4).toString("hex")}`;
  private readonly options: WorkerOptions;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = true;
  private again = false;

  constructor(
    private readonly deps: {
      /** The worker's own connection (AppDatabase.worker), not the requests' one. */
      db: Kysely<Database>;
      engine: Engine;
      transports: Record<OutboxMessage["channel"], Transport>;
      logger: Logger;
      /**
       * Renders, by template, an email queued to be rendered when sent (a
       * quote's, from the stored quote); null when its record is gone.
       */
      renderers?: Record<string, (message: OutboxMessage) => Promise<RenderedEmail | null>>;
      /**
       * Makes, by template, the calendar file an email carries (an invitation's),
       * from its record as it is sent; null when that record is gone.
       */
      calendars?: Record<string, (message: OutboxMessage) => Promise<string | null>>;
    },
    options: Partial<WorkerOptions> = {},
  ) {
    this.options = { ...defaultWorkerOptions, ...options };
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Run soon rather than at the next poll: call after committing a message. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  /** Stops polling and waits for the sends in progress to be recorded. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delay: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delay);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.stopped || this.running) return;
    this.again = false;
    let processed = 0;
    try {
      this.running = this.runOnce();
      processed = await this.running;
    } catch (error) {
      this.deps.logger.error({ err: error }, "outbox worker run failed");
    } finally {
      this.running = undefined;
    }
    // A full batch means more may be waiting: go again at once.
    if (!this.stopped) this.schedule(this.again || processed >= this.options.batch ? 0 : this.options.pollMs);
  }

  /** One pass: claim due messages and try each once. Returns how many it tried. */
  async runOnce(now: () => Date = () => new Date()): Promise<number> {
    const { db, engine, logger } = this.deps;
    const claimedAt = now();
    // A busy claim can simply wait for the next pass; give it a poll's length.
    const claimed = await retryWhileBusy(
      () => claimDue(db, engine, { workerId: this.id, batch: this.options.batch, leaseMs: this.options.leaseMs, now: claimedAt }),
      this.options.pollMs,
    );
    // Only start a send in the first half of the claim, so that it ends (SMTP and Twilio time out well
    // within 30 s) before another worker may take the message over; the rest wait for the next claim.
    const startBy = claimedAt.getTime() + this.options.leaseMs / 2;
    let next = 0;
    const lane = async () => {
      while (next < claimed.length && now().getTime() < startBy) await this.deliver(claimed[next++]!, now);
    };
    await Promise.all(Array.from({ length: Math.min(this.options.sendConcurrency, claimed.length) }, lane));
    if (claimed.length > 0) logger.debug({ worker: this.id, count: claimed.length }, "outbox pass");
    return claimed.length;
  }

  /** The message with its bodies, rendered now and recorded; a permanent failure when that cannot be. */
  private async render(message: OutboxMessage, recordWithin: number): Promise<OutboxMessage> {
    const renderer = this.deps.renderers?.[message.template];
    if (!renderer) throw new PermanentDeliveryError(`Nothing renders "${message.template}" emails`);
    const bodies = await renderer(message);
    if (!bodies) throw new PermanentDeliveryError("Not sent: what it was about was erased before it could be sent");
    await retryWhileBusy(() => recordRendered(this.deps.db, message, bodies), recordWithin);
    return { ...message, subject: bodies.subject, body_text: bodies.text, body_html: bodies.html, render_on_send: 0 };
  }

  /** What the message carries beyond its bodies; a permanent failure when its record is gone. */
  private async extras(message: OutboxMessage): Promise<DeliveryExtras | undefined> {
    const calendarOf = message.channel === "email" ? this.deps.calendars?.[message.template] : undefined;
    if (!calendarOf) return undefined;
    const calendar = await calendarOf(message);
    if (calendar === null) throw new PermanentDeliveryError("Not sent: what it was about was erased or withdrawn before it could be sent");
    return { calendar };
  }

  /**
   * A message taken over from a claim that ran out may have reached the provider before its process died
   * (decision 0021): where the provider can be asked, ask before sending it again.
   */
  private async alreadySent(message: OutboxMessage, transport: Transport): Promise<Delivery | null> {
    if (message.interrupted_at === null || !transport.findSent) return null;
    const found = await transport.findSent(message, new Date(message.interrupted_at));
    if (found) this.deps.logger.warn({ outboxId: message.id, transport: transport.name }, "message already sent before an interrupted claim: recorded, not sent again");
    return found;
  }

  private async deliver(message: OutboxMessage, now: () => Date): Promise<void> {
    const { db, logger, transports } = this.deps;
    const transport = transports[message.channel];
    // The provider has a message from here on: recording that must not give up while the
    // claim lasts, or the message would be sent again when the claim runs out.
    const recordWithin = this.options.leaseMs / 2;
    try {
      if (message.render_on_send === 1) message = await this.render(message, recordWithin);
      const delivery = (await this.alreadySent(message, transport)) ?? (await transport.send(message, await this.extras(message)));
      // Recorded the moment the lock allows (tries every few milliseconds, not every 100): until then a
      // process killed would leave a message the provider has as not sent (decision 0021).
      await retryWhileBusy(() => markSent(db, message, delivery.providerId, now()), recordWithin, 4);
      logger.info({ outboxId: message.id, template: message.template, transport: transport.name, attempts: message.attempts }, "message sent");
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const permanent = error instanceof PermanentDeliveryError;
      const giveUp = permanent || message.attempts >= this.options.maxAttempts;
      const retryAt = giveUp ? null : new Date(now().getTime() + backoffMs(message.attempts, this.options));
      await retryWhileBusy(() => markFailedAttempt(db, message, reason, retryAt, now()), recordWithin);
      const details = { outboxId: message.id, template: message.template, transport: transport.name, attempts: message.attempts, reason };
      if (giveUp) logger.error(details, `MESSAGE NOT DELIVERED: gave up after ${message.attempts} attempt(s)`);
      else logger.warn({ ...details, retryAt }, "message send failed; will retry");
    }
  }
}
