/**
 * What `GET /healthz` reports (API contract, "Running the site"): whether the
 * database answers, and how the outbox is keeping up. Counts and an age only:
 * nothing personal, no versions, no paths.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "~/.server/db/schema";

export interface Health {
  status: "ok" | "unavailable";
  database: "ok" | "unreachable";
  outbox?: { waiting: number; oldest_waiting_seconds: number };
}

/** A check that takes longer than this counts as the database not answering (a load balancer waits a few seconds at most). */
export const HEALTH_TIMEOUT_MS = 2_000;

/**
 * Pings the database and reads the outbox's queue: messages waiting to go
 * (`pending`, or `sending` under a claim; not those held until later) and the age of the oldest, in whole
 * seconds. Never throws: any failure, or no answer within the timeout, is
 * `database: "unreachable"`, with the error for the log.
 */
export async function checkHealth(
  db: Kysely<Database>,
  now: Date = new Date(),
  timeoutMs = HEALTH_TIMEOUT_MS,
): Promise<{ health: Health; error?: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const row = await Promise.race([
      db
        .selectFrom("outbox_messages")
        .select([(eb) => eb.fn.countAll<number | string>().as("waiting"), (eb) => eb.fn.min("created_at").as("oldest")])
        .where("status", "in", ["pending", "sending"])
        // A message held until a later time (a reminder texted the day before an interview) is not late.
        .where((eb) => eb.or([eb("held_until", "is", null), eb("held_until", "<=", now.toISOString())]))
        .executeTakeFirstOrThrow(),
      timeout,
    ]);
    // The query above already proves the connection; this keeps the ping explicit for engines that cache pages.
    await Promise.race([sql`select 1`.execute(db), timeout]);
    const waiting = Number(row.waiting);
    const oldest = row.oldest ? Math.max(0, Math.floor((now.getTime() - Date.parse(row.oldest)) / 1000)) : 0;
    return { health: { status: "ok", database: "ok", outbox: { waiting, oldest_waiting_seconds: waiting ? oldest : 0 } } };
  } catch (error) {
    return { health: { status: "unavailable", database: "unreachable" }, error };
  } finally {
    clearTimeout(timer);
  }
}
