/**
 * Guessing PINs, made slow (API contract, "Staff", brute force). Every attempt
 * is counted BEFORE its PIN is checked, by one upsert that returns the new
 * count in the same statement (atomic on SQLite and PostgreSQL alike), so no
 * number of concurrent or pipelined requests gets more checks than the limits:
 *
 * - per device: 10 attempts in a row lock the device for 15 minutes, even for
 *   the right PIN. A device that has signed in before is counted by its
 *   device cookie, any other by its address;
 * - per account: 10 in a row stop PIN sign-in to that account for 15 minutes
 *   from devices the account has never used;
 * - site-wide: past 100 wrong PINs within an hour (a sliding estimate over two
 *   hourly counts), devices that never signed in are refused.
 *
 * An attempt that turns out right, or that a later limit refused unchecked, is
 * taken off the counts again; only checked wrong PINs stay counted. A person's
 * own sign-in ends a run only when the whole run named their own account, so
 * signing in as yourself never resets the count of guesses at a colleague.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "~/.server/db/schema";

export const signInLimits = {
  failuresInARow: 10,
  lockMs: 15 * 60 * 1000,
  siteWideFailures: 100,
  siteWideWindowMs: 60 * 60 * 1000,
} as const;

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** `session:`: a PIN change from a session kept from before sessions recorded their device (own-pin.server.ts). */
export type CountKey = `device:${string}` | `address:${string}` | `account:${string}` | `session:${string}`;

export interface Counted {
  /** This attempt's place in the run, itself included. */
  attempts: number;
  /** Seconds until the lock ends, when this attempt is past the limit (not to be checked); else null. */
  refusedFor: number | null;
  /** Seconds of lock this attempt set, when it was the last one allowed (so a wrong PIN here locks). */
  locksFor: number | null;
}

/**
 * Counts one attempt at `accountKey` against `key`, before any check, and
 * says whether it may be checked. One statement: the insert, or the increment
 * of the existing run (a run whose lock has ended starts again at 1), with the
 * lock set as the run reaches the limit, returning the new count.
 */
export async function countAttempt(db: Kysely<Database>, key: CountKey, accountKey: string, now = new Date()): Promise<Counted> {
  const at = now.toISOString();
  const limit = signInLimits.failuresInARow;
  const lockUntil = new Date(now.getTime() + signInLimits.lockMs).toISOString();
  const ended = sql<boolean>`(staff_sign_in_counts.locked_until IS NOT NULL AND staff_sign_in_counts.locked_until <= ${at})`;
  const row = await db
    .insertInto("staff_sign_in_counts")
    .values({ key, attempts: 1, run_account: accountKey, locked_until: limit <= 1 ? lockUntil : null, updated_at: at })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        attempts: sql<number>`CASE WHEN ${ended} THEN 1 ELSE staff_sign_in_counts.attempts + 1 END`,
        run_account: sql<string>`CASE WHEN ${ended} OR staff_sign_in_counts.run_account = ${accountKey} THEN ${accountKey} ELSE '*' END`,
        locked_until: sql<string | null>`CASE WHEN ${ended} THEN NULL WHEN staff_sign_in_counts.attempts + 1 >= ${limit} THEN COALESCE(staff_sign_in_counts.locked_until, ${lockUntil}) ELSE staff_sign_in_counts.locked_until END`,
        updated_at: at,
      }),
    )
    .returning(["attempts", "locked_until"])
    .executeTakeFirstOrThrow();
  const attempts = Number(row.attempts);
  const left = row.locked_until ? new Date(row.locked_until).getTime() - now.getTime() : 0;
  if (attempts > limit) return { attempts, refusedFor: seconds(left > 0 ? left : signInLimits.lockMs), locksFor: null };
  return { attempts, refusedFor: null, locksFor: attempts === limit ? seconds(left) : null };
}

/**
 * Takes an attempt off `key`'s run: it was right, or it was never checked.
 * When `endRunOf` is the account the whole run named, the run ends (the
 * person's own typos are forgiven by their own sign-in); otherwise only this
 * one attempt is taken off, and the lock lifts only when the run is back
 * under the limit.
 */
export async function uncountAttempt(db: Kysely<Database>, key: CountKey, endRunOf?: string): Promise<void> {
  if (endRunOf !== undefined) {
    const ended = await db.deleteFrom("staff_sign_in_counts").where("key", "=", key).where("run_account", "=", endRunOf).executeTakeFirst();
    if (Number(ended.numDeletedRows) > 0) return;
  }
  await db
    .updateTable("staff_sign_in_counts")
    .set({
      attempts: sql<number>`CASE WHEN attempts > 0 THEN attempts - 1 ELSE 0 END`,
      locked_until: sql<string | null>`CASE WHEN attempts - 1 < ${signInLimits.failuresInARow} THEN NULL ELSE locked_until END`,
    })
    .where("key", "=", key)
    .execute();
}

/** The end of an account's run: its owner signed in (a passkey, a sign-in link). */
export async function clearAccountCount(db: Kysely<Database>, accountKey: string): Promise<void> {
  await db.deleteFrom("staff_sign_in_counts").where("key", "=", `account:${accountKey}`).execute();
}

const hourStart = (ms: number) => Math.floor(ms / signInLimits.siteWideWindowMs) * signInLimits.siteWideWindowMs;
const siteKey = (ms: number) => `site:${new Date(hourStart(ms)).toISOString()}`;

/**
 * Counts one attempt site-wide, before it is checked; returns the seconds
 * until devices that never signed in may try again when the site is past its
 * hourly limit, else null. The hour's count is one atomic upsert; the estimate
 * adds the part of the previous hour's count still inside the sliding hour.
 */
export async function countSiteAttempt(db: Kysely<Database>, now = new Date()): Promise<number | null> {
  const at = now.toISOString();
  const { attempts } = await db
    .insertInto("staff_sign_in_counts")
    .values({ key: siteKey(now.getTime()), attempts: 1, run_account: "*", locked_until: null, updated_at: at })
    .onConflict((oc) => oc.column("key").doUpdateSet({ attempts: sql<number>`staff_sign_in_counts.attempts + 1`, updated_at: at }))
    .returning("attempts")
    .executeTakeFirstOrThrow();
  const window = signInLimits.siteWideWindowMs;
  const previous = await db
    .selectFrom("staff_sign_in_counts")
    .select("attempts")
    .where("key", "=", siteKey(now.getTime() - window))
    .executeTakeFirst();
  const intoHour = now.getTime() - hourStart(now.getTime());
  const carried = Number(previous?.attempts ?? 0) * (1 - intoHour / window);
  if (Number(attempts) + carried <= signInLimits.siteWideFailures) return null;
  // When the estimate falls back to the limit if no one tries again: this hour's count alone over it
  // waits for the next hour, where it is carried and fades; otherwise the previous hour's part fades.
  const max = signInLimits.siteWideFailures;
  const current = Number(attempts);
  const wait =
    current > max
      ? window - intoHour + window * (1 - max / current)
      : window * (1 - (max - current) / Number(previous?.attempts ?? 1)) - intoHour;
  return seconds(wait);
}

/** Takes an attempt off the site's count: it was right, or never checked. */
export async function uncountSiteAttempt(db: Kysely<Database>, now = new Date()): Promise<void> {
  await db
    .updateTable("staff_sign_in_counts")
    .set({ attempts: sql<number>`CASE WHEN attempts > 0 THEN attempts - 1 ELSE 0 END` })
    .where("key", "=", siteKey(now.getTime()))
    .execute();
}
