/** Clearing away staff sign-in state that has run its course: part of the daily purge. */
import type { Kysely } from "kysely";
import type { Database } from "~/.server/db/schema";

const DAY = 24 * 60 * 60 * 1000;

export async function purgeStaffState(db: Kysely<Database>, now = new Date()) {
  const at = now.toISOString();
  const sessions = await db.deleteFrom("staff_sessions").where("expires_at", "<=", at).executeTakeFirst();
  const devices = await db.deleteFrom("staff_devices").where("expires_at", "<=", at).executeTakeFirst();
  // Runs of attempts untouched for a day, whose lock (if any) is over; the site's hourly counts likewise.
  const counts = await db
    .deleteFrom("staff_sign_in_counts")
    .where("updated_at", "<", new Date(now.getTime() - DAY).toISOString())
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", at)]))
    .executeTakeFirst();
  const challenges = await db.deleteFrom("staff_passkey_challenges").where("expires_at", "<=", at).executeTakeFirst();
  const links = await db.deleteFrom("staff_sign_in_links").where("expires_at", "<=", at).executeTakeFirst();
  return {
    staff_passkey_challenges: Number(challenges.numDeletedRows),
    staff_sign_in_links: Number(links.numDeletedRows),
    staff_sessions: Number(sessions.numDeletedRows),
    staff_devices: Number(devices.numDeletedRows),
    staff_sign_in_counts: Number(counts.numDeletedRows),
  };
}
