/**
 * What the site tells staff about its own messages (decision record 0050):
 * - the digest: staff alerts past their hourly budget are never held back;
 *   they wait (status "digest") and go out combined, one email every
 *   STAFF_ALERT_DIGEST_SECONDS at most, naming each alert by when it came
 *   and its subject (what the alert itself would have said of it: its kind
 *   and who);
 * - the spent budget: when visitors' messages reach VISITOR_MESSAGES_PER_HOUR,
 *   one email says so, at most once an hour.
 * Each is claimed by a row in staff_notices (kind and window) in the same
 * transaction that queues its email, so servers sharing a database never send
 * one twice, and a crash before the commit leaves it for the next tick.
 */
import { Text } from "@react-email/components";
import { sql, type Kysely } from "kysely";
import type { Database, Db } from "../db/schema";
import { ButtonLink, EmailLayout, Lines, text, type EmailBrand } from "../email/layout";
import { renderEmail, type RenderedEmail } from "../email/render.server";
import type { Logger } from "../logger.server";
import { formatReceived } from "~/utils/dates";
import { enqueue, staffAlertsPerHour, visitorMessagesWithinHour, type MessageCaps, type OutboxMessage } from "./outbox.server";

export const DIGEST_TEMPLATE = "staff-alert-digest";
export const BUDGET_SPENT_TEMPLATE = "visitor-budget-spent";
/** A digest lists this many alerts one by one and counts the rest: the email stays a readable size whatever the flood. */
export const DIGEST_LISTED = 200;
/** How often the notices are looked at: each minute, or each digest period when that is shorter. */
const TICK_MS = 60_000;

export interface StaffNoticeDeps {
  db: Kysely<Database>;
  logger: Pick<Logger, "info" | "error">;
  outbox: { wake(): void };
  /** The caps (VISITOR_MESSAGES_PER_HOUR) and the digest's period (STAFF_ALERT_DIGEST_SECONDS): the configuration. */
  config: MessageCaps & { staffAlertDigestSeconds: number };
  /** The emails' brand and where staff alerts go, as they are now (the studio may change them). */
  brand: () => EmailBrand;
  staffNotify: () => string;
}

/**
 * Runs the notices every minute (or each digest period, when shorter). `tick` is what a test calls, with the
 * time it pretends it is: a notice's window is the time's, not the clock's.
 */
export class StaffNotices {
  private timer: NodeJS.Timeout | undefined;
  /** The ticks in progress (the minute's, and any a caller started), waited for by stop(). */
  private readonly running = new Set<Promise<unknown>>();

  constructor(private readonly deps: StaffNoticeDeps) {}

  start(): void {
    if (this.timer) return;
    const every = Math.min(TICK_MS, this.deps.config.staffAlertDigestSeconds * 1000);
    this.timer = setInterval(() => void this.tick().catch(() => undefined), every);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await Promise.allSettled([...this.running]);
  }

  /** Queues the digest and the spent-budget email when each is due: each one queued (the digest with how many alerts it carries), or null. */
  async tick(now = new Date()) {
    const run = (async () => ({ digest: await sendStaffAlertDigest(this.deps, now), budgetSpent: await noticeVisitorBudgetSpent(this.deps, now) }))();
    this.running.add(run);
    try {
      const sent = await run;
      if (sent.digest || sent.budgetSpent) this.deps.outbox.wake();
      return sent;
    } catch (error) {
      this.deps.logger.error({ err: error }, "the staff notices (alerts digest, spent message budget) failed; tried again next minute");
      throw error;
    } finally {
      this.running.delete(run);
    }
  }
}

/** Claims the notice `kind` for the window starting `windowStart`; false when it was claimed already (here or by another server). */
async function claim(trx: Db, kind: string, windowStart: string, now: Date): Promise<boolean> {
  const row = await trx
    .insertInto("staff_notices")
    .values({ kind, window_start: windowStart, created_at: now.toISOString(), outbox_id: null })
    .onConflict((oc) => oc.columns(["kind", "window_start"]).doNothing())
    .returning("kind")
    .executeTakeFirst();
  return row !== undefined;
}

/** Queues the notice's email to staff, and notes it on the notice's claim (its kind and window). */
async function queueNotice(trx: Db, deps: StaffNoticeDeps, kind: string, windowStart: string, email: RenderedEmail, now: Date) {
  const queued = await enqueue(trx, { channel: "email", to: deps.staffNotify(), template: kind, trigger: "site", related: { type: kind, id: windowStart }, ...email }, deps.config, now);
  await trx.updateTable("staff_notices").set({ outbox_id: queued.id }).where("kind", "=", kind).where("window_start", "=", windowStart).execute();
  return queued;
}

/** Thrown inside the digest's transaction to undo it: another digest took some of its alerts first. */
class AlertsTaken extends Error {}

/**
 * The digest of the staff alerts waiting for one: at most one per period of
 * STAFF_ALERT_DIGEST_SECONDS (the period that `now` is in), carrying every
 * alert waiting. Null when none waits or this period's digest is gone. It is
 * rendered before the transaction, which then only claims the period, queues
 * the email and marks the alerts it carries: the database's write lock is
 * held for those few statements alone.
 */
export async function sendStaffAlertDigest(deps: StaffNoticeDeps, now = new Date()): Promise<{ id: string; alerts: number } | null> {
  const alerts = await deps.db
    .selectFrom("outbox_messages")
    .select(["id", "subject", "template", "created_at"])
    // Literals, not parameters: only then may the database use the partial index of the alerts waiting.
    .where("status", "=", sql.lit("digest"))
    .where("digest_id", "is", null)
    .where("created_at", "<=", now.toISOString())
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  if (alerts.length === 0) return null;
  const periodMs = deps.config.staffAlertDigestSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / periodMs) * periodMs).toISOString();
  const email = await renderEmail(
    `Website alerts digest: ${alerts.length === 1 ? "1 alert" : `${alerts.length} alerts`} since ${formatReceived(alerts[0]!.created_at)}`,
    <Digest brand={deps.brand()} alerts={alerts} perHour={staffAlertsPerHour(deps.config)} everyMinutes={Math.round(periodMs / 60_000)} />,
  );
  const at = now.toISOString();
  const carried = `In the digest email of ${formatReceived(at)}, with ${alerts.length - 1} other alert(s)`;
  try {
    return await deps.db.transaction().execute(async (trx) => {
      if (!(await claim(trx, DIGEST_TEMPLATE, windowStart, now))) return null;
      const queued = await queueNotice(trx, deps, DIGEST_TEMPLATE, windowStart, email, now);
      let marked = 0;
      for (let i = 0; i < alerts.length; i += 500) {
        const ids = alerts.slice(i, i + 500).map((a) => a.id);
        const result = await trx
          .updateTable("outbox_messages")
          .set({ digest_id: queued.id, last_error: carried, updated_at: at })
          .where("id", "in", ids)
          // Still waiting: a digest of another period, on another server at the same moment, may have taken some.
          .where("digest_id", "is", null)
          .executeTakeFirst();
        marked += Number(result.numUpdatedRows);
      }
      if (marked !== alerts.length) throw new AlertsTaken();
      deps.logger.info({ outboxId: queued.id, alerts: alerts.length }, "staff alerts past their hourly budget combined in one digest");
      return { id: queued.id, alerts: alerts.length };
    });
  } catch (error) {
    // Undone, claim and all: the alerts still waiting go in this period's digest at the next tick.
    if (error instanceof AlertsTaken) return null;
    throw error;
  }
}

/**
 * When visitors' messages have reached VISITOR_MESSAGES_PER_HOUR within the
 * hour, one email tells staff that further ones are held back: at most one an
 * hour, claimed by the clock hour `now` is in.
 */
export async function noticeVisitorBudgetSpent(deps: StaffNoticeDeps, now = new Date()): Promise<{ id: string } | null> {
  const max = deps.config.visitorMessagesPerHour;
  if ((await visitorMessagesWithinHour(deps.db, now)) < max) return null;
  const lately = await deps.db
    .selectFrom("staff_notices")
    .select("window_start")
    .where("kind", "=", BUDGET_SPENT_TEMPLATE)
    .where("created_at", ">", new Date(now.getTime() - 3_600_000).toISOString())
    .executeTakeFirst();
  if (lately) return null;
  const windowStart = `${now.toISOString().slice(0, 13)}:00:00.000Z`;
  return deps.db.transaction().execute(async (trx) => {
    if (!(await claim(trx, BUDGET_SPENT_TEMPLATE, windowStart, now))) return null;
    const email = await renderEmail("The website's hourly message budget is spent", <BudgetSpent brand={deps.brand()} max={max} at={now.toISOString()} />);
    const queued = await queueNotice(trx, deps, BUDGET_SPENT_TEMPLATE, windowStart, email, now);
    deps.logger.info({ outboxId: queued.id, max }, "visitors' hourly message budget spent: staff told");
    return { id: queued.id };
  });
}

/** The notices older than a day are of no more use (the once-an-hour look goes back one hour): removed by the daily purge. */
export async function purgeStaffNotices(db: Db, now = new Date()): Promise<number> {
  const result = await db.deleteFrom("staff_notices").where("created_at", "<", new Date(now.getTime() - 24 * 3_600_000).toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

type WaitingAlert = Pick<OutboxMessage, "subject" | "template" | "created_at">;

function Digest({ brand, alerts, perHour, everyMinutes }: { brand: EmailBrand; alerts: WaitingAlert[]; perHour: number; everyMinutes: number }) {
  const listed = alerts.slice(0, DIGEST_LISTED);
  const more = alerts.length - listed.length;
  return (
    <EmailLayout brand={brand} preview={`${alerts.length} website alerts in one email`}>
      <Text style={text}>
        More than {perHour} alerts came from the website within an hour, so the rest come together, at most one email every {everyMinutes} minutes. Nothing
        is lost: each one is on the staff desk.
      </Text>
      <Text style={text}>
        <Lines lines={listed.map((alert) => <>{formatReceived(alert.created_at)}: {alert.subject ?? alert.template}</>)} />
        {more > 0 ? (
          <>
            <br />
            …and {more} more.
          </>
        ) : null}
      </Text>
      <ButtonLink href={`${brand.publicUrl}/staff`} margin="8px 0 24px">Open the staff desk</ButtonLink>
    </EmailLayout>
  );
}

function BudgetSpent({ brand, max, at }: { brand: EmailBrand; max: number; at: string }) {
  return (
    <EmailLayout brand={brand} preview="Visitors' emails and texts are held back for now">
      <Text style={text}>
        Visitors' forms and quotes made the website send {max} emails and texts within the hour to {formatReceived(at)}: that is the hourly budget
        (VISITOR_MESSAGES_PER_HOUR). Until the hour's count falls, the emails and texts their submissions would send are not sent.
      </Text>
      <Text style={text}>
        The quotes and forms themselves are all saved, and alerts to the salon still come. A very busy hour, or someone sending the forms again and again,
        can do this. The messages held back are under "Not sent" on the Messages sent page. This email comes at most once an hour.
      </Text>
      <ButtonLink href={`${brand.publicUrl}/staff/outbox?show=suppressed`} margin="8px 0 24px">See what was not sent</ButtonLink>
    </EmailLayout>
  );
}
