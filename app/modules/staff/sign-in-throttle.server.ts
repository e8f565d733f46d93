/**
 * Guessing PINs, made slow (API contract, "Staff"): 10 wrong PINs in a row
 * from one address lock that address for 15 minutes, even for the right PIN;
 * past 100 wrong PINs site-wide within an hour, devices that never signed in
 * are refused. Counted in the database, so every server instance agrees.
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

/** Seconds until `address` may try again, or null when it is not locked. */
export async function addressLock(db: Kysely<Database>, address: string, now = new Date()): Promise<number | null> {
  const row = await db.selectFrom("staff_sign_in_addresses").select("locked_until").where("address", "=", address).executeTakeFirst();
  if (!row?.locked_until) return null;
  const left = new Date(row.locked_until).getTime() - now.getTime();
  return left > 0 ? seconds(left) : null;
}

/** Seconds until site-wide sign-in opens again for unknown devices, or null when it is open. */
export async function siteWideRefusal(db: Kysely<Database>, now = new Date()): Promise<number | null> {
  const since = new Date(now.getTime() - signInLimits.siteWideWindowMs).toISOString();
  const { count } = await db
    .selectFrom("staff_sign_in_failures")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("at", ">", since)
    .executeTakeFirstOrThrow();
  const over = Number(count) - signInLimits.siteWideFailures;
  if (over <= 0) return null;
  // Open again once enough of the hour's failures have aged out of the window.
  const row = await db
    .selectFrom("staff_sign_in_failures")
    .select("at")
    .where("at", ">", since)
    .orderBy("at")
    .orderBy("id")
    .limit(1)
    .offset(over - 1)
    .executeTakeFirst();
  const leavesAt = row ? new Date(row.at).getTime() + signInLimits.siteWideWindowMs : now.getTime() + signInLimits.siteWideWindowMs;
  return seconds(leavesAt - now.getTime());
}

/** Counts a wrong PIN from `address`. Returns the lock's length in seconds when this one locked the address. */
export async function recordFailure(db: Kysely<Database>, address: string, now = new Date()): Promise<{ inARow: number; lockedFor: number | null }> {
  const at = now.toISOString();
  await db.insertInto("staff_sign_in_failures").values({ at }).execute();
  const { failures } = await db
    .insertInto("staff_sign_in_addresses")
    .values({ address, failures: 1, locked_until: null, updated_at: at })
    .onConflict((oc) =>
      oc.column("address").doUpdateSet({ failures: sql<number>`staff_sign_in_addresses.failures + 1`, updated_at: at }),
    )
    .returning("failures")
    .executeTakeFirstOrThrow();
  const inARow = Number(failures);
  if (inARow < signInLimits.failuresInARow) return { inARow, lockedFor: null };
  // Locked; after the lock the count starts again from nothing.
  await db
    .updateTable("staff_sign_in_addresses")
    .set({ failures: 0, locked_until: new Date(now.getTime() + signInLimits.lockMs).toISOString() })
    .where("address", "=", address)
    .execute();
  return { inARow, lockedFor: seconds(signInLimits.lockMs) };
}

/** A right PIN ends the run of wrong ones. */
export async function clearAddress(db: Kysely<Database>, address: string): Promise<void> {
  await db.deleteFrom("staff_sign_in_addresses").where("address", "=", address).execute();
}
