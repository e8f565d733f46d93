/**
 * The outbox: every email and text message the site sends is a row here,
 * written in the same transaction as the record that causes it, so a failed
 * send can never lose a form and a rolled-back form never sends anything.
 * The worker (worker.server.ts) delivers the rows.
 */
import { createHash, randomUUID } from "node:crypto";
import { sql, type Kysely, type Selectable, type SelectQueryBuilder, type Updateable } from "kysely";
import type { Engine } from "../db/database.server";
import type { RenderedEmail } from "../email/render.server";
import { currentClient } from "../request-client.server";
import type { Database, Db, OutboxHeldReason, OutboxMessageTable } from "../db/schema";

export type OutboxMessage = Selectable<OutboxMessageTable>;

interface Related {
  /** What the message is about: "quote", or a submission kind's name ("joinus", "messages"). */
  type: string;
  id: string;
}

/**
 * What made the site send a message, which decides its caps (decision records 0018, 0050):
 * - "visitor" (the default): a visitor's submission, to the address or number they gave.
 *   Capped per client, per recipient (PER_RECIPIENT_LIMITS) and site-wide per hour.
 * - "staff-alert": a visitor's submission, telling staff. Never held back: an hourly
 *   budget of its own, past which alerts go out combined in one digest email per
 *   STAFF_ALERT_DIGEST_SECONDS (staff-notices.server.tsx).
 * - "staff": a member of staff chose to send it (a reply to an applicant). Never capped.
 * - "site": the site telling staff about itself (that digest, a spent visitor budget).
 *   Never capped: its claim in staff_notices makes it one per window.
 */
export type MessageTrigger = "visitor" | "staff-alert" | "staff" | "site";

export type OutgoingMessage = (
  | ({
      channel: "email";
      to: string;
      replyTo?: string;
      /** Which template made it, for the staff's view of the outbox. */
      template: string;
      related?: Related;
    } & (
      | RenderedEmail
      /**
       * Rendered by the worker when it sends the message, from its related
       * record (the template names the renderer: OutboxWorker's `renderers`).
       */
      | { renderOnSend: true }
    ))
  | { channel: "sms"; /** E.164 */ to: string; text: string; template: string; related?: Related }
) & {
  trigger?: MessageTrigger;
  /** Held until then so staff can take it back (cancelHeld); the worker leaves it alone until then. */
  holdUntil?: Date;
};

/** At most this many messages of one channel to one recipient, so the site cannot be used to flood a phone or an inbox. */
export const PER_RECIPIENT_LIMITS = [
  { windowMs: 60 * 60 * 1000, max: 3 },
  { windowMs: 24 * 60 * 60 * 1000, max: 8 },
] as const;

/** The caps set by the configuration (Config has this field: pass it as it is). */
export interface MessageCaps {
  /** Messages caused by visitors' submissions, all recipients together, per hour (VISITOR_MESSAGES_PER_HOUR). */
  visitorMessagesPerHour: number;
}
export const MESSAGE_CAPS_DEFAULT: MessageCaps = { visitorMessagesPerHour: 200 };

/**
 * Staff alerts (a new applicant, a contact message) have a budget of their own, the same size, counted apart:
 * that many in an hour are sent one by one; past it they go in the next digest (decision record 0050).
 */
export const staffAlertsPerHour = (caps: MessageCaps) => caps.visitorMessagesPerHour;

const clientKeyOf = (client: string | undefined) => (client ? createHash("sha256").update(client).digest("hex") : null);

/**
 * The recipient as the per-recipient cap counts it. Plus-addressing
 * (name+anything@) reaches the same inbox as name@, so it is one recipient;
 * email is compared in lower case. A phone number is already one form (E.164).
 */
export function recipientKey(channel: "email" | "sms", to: string): string {
  if (channel === "sms") return to;
  const at = to.lastIndexOf("@");
  if (at === -1) return to.toLowerCase();
  const local = to.slice(0, at).split("+")[0]!;
  return `${local}@${to.slice(at + 1)}`.toLowerCase();
}

/** Shards of each minute's running count: concurrent transactions on PostgreSQL rarely wait on one row. */
const COUNT_SHARDS = 8;

/**
 * The shard a transaction counts its messages in: one, drawn at random the
 * first time. A quote's email and text message are two counts in one
 * transaction; drawn apart, two quotes saved at once could each lock the
 * shard the other wanted next, and PostgreSQL would end one of them as a
 * deadlock (a visitor's 500). Holding one row each, no two can wait in a circle.
 */
const transactionShards = new WeakMap<Db, number>();
function countShard(db: Db): number {
  const drawn = () => Math.floor(Math.random() * COUNT_SHARDS);
  if (!db.isTransaction) return drawn();
  let shard = transactionShards.get(db);
  if (shard === undefined) transactionShards.set(db, (shard = drawn()));
  return shard;
}
const minuteOf = (at: Date) => at.toISOString().slice(0, 16);

/**
 * Queues a message. Call it with the transaction that stores the record the
 * message is about; `caps` are the configuration's (decision record 0018).
 */
export async function enqueue(db: Db, message: OutgoingMessage, caps: MessageCaps, now: Date = new Date()) {
  const id = randomUUID();
  const at = now.toISOString();
  const heldUntil = message.holdUntil && message.holdUntil > now ? message.holdUntil.toISOString() : null;
  const trigger = message.trigger ?? "visitor";
  const clientKey = clientKeyOf(currentClient());
  const held = await capReached(db, message, { trigger, clientKey }, caps, now);
  // A staff alert is never held back: past its budget it waits for the next digest.
  const digest = trigger === "staff-alert" && (await staffAlertBudgetSpent(db, caps, now));
  // "digest": a staff alert past its budget, to go out in the next digest email.
  const status = held ? "suppressed" : digest ? "digest" : "pending";
  const email = message.channel === "email" ? message : null;
  const bodies = email && !("renderOnSend" in email) ? email : null;
  await db
    .insertInto("outbox_messages")
    .values({
      id,
      channel: message.channel,
      template: message.template,
      recipient: message.to,
      recipient_key: recipientKey(message.channel, message.to),
      trigger,
      client_key: clientKey,
      subject: bodies?.subject ?? null,
      // Filled in by the worker as it sends, for one rendered then.
      body_text: message.channel === "sms" ? message.text : (bodies?.text ?? ""),
      body_html: bodies?.html ?? null,
      reply_to: email?.replyTo ?? null,
      status,
      attempts: 0,
      next_attempt_at: heldUntil ?? at,
      held_until: heldUntil,
      last_error: held ? `Not sent: ${held.words}` : digest ? DIGEST_WAITING_WORDS(caps) : null,
      held_reason: held?.reason ?? null,
      render_on_send: email && !bodies ? 1 : 0,
      related_type: message.related?.type ?? null,
      related_id: message.related?.id ?? null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  // The running count is of visitors' messages: the budget that one address, or many, could spend.
  if (!held && trigger === "visitor") {
    await db
      .insertInto("outbox_counts")
      .values({ minute: minuteOf(now), shard: countShard(db), count: 1 })
      .onConflict((oc) => oc.columns(["minute", "shard"]).doUpdateSet({ count: sql<number>`outbox_counts.count + 1` }))
      .execute();
  }
  return { id, status, heldReason: held?.reason ?? null };
}

/**
 * Takes back a message that has not left: it is deleted, so no worker can
 * claim it. Only a message never tried yet qualifies (a worker that claimed it
 * has set it "sending"), checked in the same statement that deletes it, so a
 * worker and an Undo racing each other cannot both win.
 */
export async function cancelUnsent(db: Db, id: string): Promise<OutboxMessage | null> {
  const row = await db
    .deleteFrom("outbox_messages")
    .where("id", "=", id)
    .where("held_until", "is not", null)
    .where("status", "=", "pending")
    .where("attempts", "=", 0)
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** What a staff alert past its budget says while it waits for the digest (staff-notices.server.tsx says when it went). */
const DIGEST_WAITING_WORDS = (caps: MessageCaps) =>
  `More than ${staffAlertsPerHour(caps)} staff alerts within 1 hour: this one goes in the next digest email (STAFF_ALERT_DIGEST_SECONDS)`;

/** The messages not held back since `since`, as the caps count them; each cap narrows it further. */
const notHeldSince = (db: Db, since: Date) =>
  db
    .selectFrom("outbox_messages")
    .select(sql.lit(1).as("one"))
    .where("created_at", ">", since.toISOString())
    // A literal, not a parameter: only then may the database use the partial indexes.
    .where("status", "!=", sql.lit("suppressed"));

/**
 * Whether `rows` holds at least `max` rows. Counts at most `max` of them, so a
 * cap costs the same however far past it a flood goes (staff alerts past their
 * budget are not held back, so they stay in the count's index).
 */
async function atLeast(db: Db, rows: SelectQueryBuilder<Database, "outbox_messages", { one: number }>, max: number): Promise<boolean> {
  const { count } = await db
    .selectFrom(rows.limit(max).as("counted"))
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count) >= max;
}

/** Whether the staff alerts of the last hour, one by one or in a digest, have reached their budget. */
function staffAlertBudgetSpent(db: Db, caps: MessageCaps, now: Date): Promise<boolean> {
  const hourAgo = new Date(now.getTime() - 3_600_000);
  return atLeast(db, notHeldSince(db, hourAgo).where("trigger", "=", "staff-alert"), staffAlertsPerHour(caps));
}

/**
 * Why `message` must be held back, or null. Messages already held back do not
 * count. Staff replies, the site's notices and staff alerts are never held back
 * (an alert past its budget goes in a digest: staffAlertBudgetSpent). Visitors'
 * messages: one client's share of the hour (on an index of client and time),
 * then per recipient with plus-addressing folded (on an index of only those
 * not held back), then the site-wide hour from the running count of each
 * minute (the last sixty, this one included).
 */
async function capReached(
  db: Db,
  message: OutgoingMessage,
  { trigger, clientKey }: { trigger: MessageTrigger; clientKey: string | null },
  caps: MessageCaps,
  now: Date,
): Promise<{ reason: OutboxHeldReason; words: string } | null> {
  if (trigger !== "visitor") return null;
  const hourAgo = new Date(now.getTime() - 3_600_000);
  if (clientKey) {
    // One client address may cause at most a tenth of the visitors' hourly budget: one address cannot silence the site.
    const max = Math.max(1, Math.floor(caps.visitorMessagesPerHour / 10));
    if (await atLeast(db, notHeldSince(db, hourAgo).where("client_key", "=", clientKey).where("trigger", "=", "visitor"), max)) {
      return { reason: "client", words: `${max} messages from one client's submissions within 1 hour already (a tenth of VISITOR_MESSAGES_PER_HOUR)` };
    }
  }
  const key = recipientKey(message.channel, message.to);
  for (const limit of PER_RECIPIENT_LIMITS) {
    const recent = notHeldSince(db, new Date(now.getTime() - limit.windowMs)).where("channel", "=", message.channel).where("recipient_key", "=", key);
    if (await atLeast(db, recent, limit.max)) {
      const what = message.channel === "sms" ? "texts to this number" : "emails to this address";
      return { reason: "recipient", words: `${limit.max} ${what} within ${limit.windowMs / 3_600_000} hour(s) already` };
    }
  }
  if ((await visitorMessagesWithinHour(db, now)) >= caps.visitorMessagesPerHour) {
    return {
      reason: "site-wide",
      words: `${caps.visitorMessagesPerHour} messages from visitors' submissions site-wide within 1 hour already (VISITOR_MESSAGES_PER_HOUR)`,
    };
  }
  return null;
}

/** Visitors' messages queued (not held back) within the hour to `now`, from the running count of each minute. */
export async function visitorMessagesWithinHour(db: Db, now: Date): Promise<number> {
  const { total } = await db
    .selectFrom("outbox_counts")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>("count"), sql<number>`0`).as("total"))
    .where("minute", ">", minuteOf(new Date(now.getTime() - 3_600_000)))
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** The running counts older than a day are of no more use: removed by the daily purge. */
export async function purgeOutboxCounts(db: Db, now: Date = new Date()): Promise<number> {
  const result = await db.deleteFrom("outbox_counts").where("minute", "<", minuteOf(new Date(now.getTime() - 24 * 3_600_000))).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Records the bodies the worker rendered for a message as it sends it (the staff's view of the outbox shows them). */
export async function recordRendered(db: Kysely<Database>, message: OutboxMessage, bodies: RenderedEmail): Promise<void> {
  await updateClaimed(db, message, { subject: bodies.subject, body_text: bodies.text, body_html: bodies.html, render_on_send: 0 });
}

/** Changes a claimed message, only while `message`'s worker still holds the claim. */
async function updateClaimed(db: Kysely<Database>, message: OutboxMessage, values: Updateable<OutboxMessageTable>): Promise<void> {
  await db.updateTable("outbox_messages").set(values).where("id", "=", message.id).where("locked_by", "=", message.locked_by).execute();
}

/**
 * Claims up to `batch` due messages for one worker: pending ones whose time has
 * come, and ones another worker claimed but whose lease ran out (it died mid-send).
 * On PostgreSQL the rows are locked with SKIP LOCKED, so several servers sharing
 * one database never claim the same message; SQLite has a single writer.
 */
export async function claimDue(
  db: Kysely<Database>,
  engine: Engine,
  options: { workerId: string; batch: number; leaseMs: number; now?: Date },
): Promise<OutboxMessage[]> {
  const now = options.now ?? new Date();
  const at = now.toISOString();
  let due = db
    .selectFrom("outbox_messages")
    .select("id")
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "pending"), eb("next_attempt_at", "<=", at)]),
        eb.and([eb("status", "=", "sending"), eb("locked_until", "<", at)]),
      ]),
    )
    .orderBy("next_attempt_at")
    .limit(options.batch);
  if (engine === "postgres") due = due.forUpdate().skipLocked();
  return db
    .updateTable("outbox_messages")
    .set({
      status: "sending",
      locked_by: options.workerId,
      locked_until: new Date(now.getTime() + options.leaseMs).toISOString(),
      attempts: sql<number>`attempts + 1`,
      updated_at: at,
      // Taken over from a claim that ran out: that claim (made at its updated_at) may have sent it.
      interrupted_at: sql<string | null>`case when status = 'sending' then coalesce(interrupted_at, updated_at) else interrupted_at end`,
    })
    .where("id", "in", due)
    .returningAll()
    .execute();
}

/** Records a delivery. Only the worker holding the claim may. */
export async function markSent(db: Kysely<Database>, message: OutboxMessage, providerId: string | undefined, now = new Date()) {
  const at = now.toISOString();
  await updateClaimed(db, message, { status: "sent", sent_at: at, updated_at: at, provider_id: providerId ?? null, locked_until: null, last_error: null });
}

/** Puts a message back in the queue for `retryAt`, or gives up on it. */
export async function markFailedAttempt(
  db: Kysely<Database>,
  message: OutboxMessage,
  error: string,
  retryAt: Date | null,
  now = new Date(),
) {
  await updateClaimed(db, message, {
    status: retryAt ? "pending" : "failed",
    next_attempt_at: (retryAt ?? now).toISOString(),
    last_error: error.slice(0, 1000),
    locked_until: null,
    updated_at: now.toISOString(),
  });
}

/**
 * The outbox's state, for staff and for `npm run outbox`: the counts, and the messages waiting (for a send or a digest),
 * failed or suppressed, most recent first. Shows no recipients or bodies.
 */
export async function summarise(db: Kysely<Database>, limit = 20) {
  const counts = await db
    .selectFrom("outbox_messages")
    .select(["channel", "status", (eb) => eb.fn.countAll<number | string>().as("count")])
    .groupBy(["channel", "status"])
    .orderBy("channel")
    .orderBy("status")
    .execute();
  const attention = await db
    .selectFrom("outbox_messages")
    .select(["id", "channel", "template", "status", "attempts", "next_attempt_at", "last_error", "created_at"])
    .where("status", "!=", "sent")
    // A staff alert its digest carried is done; one still waiting for the digest is listed.
    .where((eb) => eb.not(eb.and([eb("status", "=", "digest"), eb("digest_id", "is not", null)])))
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
  return { counts: counts.map((c) => ({ ...c, count: Number(c.count) })), attention };
}
