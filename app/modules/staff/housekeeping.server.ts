/** Clearing away staff sign-in state that has run its course: part of the daily purge. */
import type { Kysely } from "kysely";
import type { Database } from "~/.server/db/schema";

const DAY = 24 * 60 * 60 * 1000;

export async function purgeStaffState(db: Kysely<Database>, now = new Date()) {
  const at = now.toISOString();
  type Expiring = "staff_sessions" | "staff_devices" | "staff_passkey_challenges" | "staff_sign_in_links";
  const expired = async (table: Expiring) => Number((await db.deleteFrom(table).where("expires_at", "<=", at).executeTakeFirst()).numDeletedRows);
  const sessions = await expired("staff_sessions");
  const devices = await expired("staff_devices");
  // Runs of attempts untouched for a day, whose lock (if any) is over; the site's hourly counts likewise.
  const counts = await db
    .deleteFrom("staff_sign_in_counts")
    .where("updated_at", "<", new Date(now.getTime() - DAY).toISOString())
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", at)]))
    .executeTakeFirst();
  const challenges = await expired("staff_passkey_challenges");
  const links = await expired("staff_sign_in_links");
  return { staff_passkey_challenges: challenges, staff_sign_in_links: links, staff_sessions: sessions, staff_devices: devices, staff_sign_in_counts: Number(counts.numDeletedRows) };
}
