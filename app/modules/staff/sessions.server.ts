/**
 * Staff sessions, kept in the database so every server instance sees them.
 * The cookie carries a random id; the table keeps only its hash. A session
 * ends 12 hours after it was last used, or at sign-out.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/.server/db/schema";
import type { StaffRole } from "./roles";
import { hashSecretId, newSecretId } from "./secret-ids.server";

export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** Sliding the expiry is a write: at most one a minute per session. */
const TOUCH_EVERY_MS = 60 * 1000;

export interface SignedInStaff {
  staffId: number;
  name: string;
  role: StaffRole;
}

/** Starts a session for `staffId`; returns the id for the cookie. Always a new one: never reuse an id across sign-ins. */
export async function createStaffSession(db: Kysely<Database>, staffId: number, now = new Date()): Promise<string> {
  const id = newSecretId();
  const at = now.toISOString();
  await db
    .insertInto("staff_sessions")
    .values({ id_hash: hashSecretId(id), staff_id: staffId, created_at: at, last_seen_at: at, expires_at: new Date(now.getTime() + SESSION_IDLE_MS).toISOString() })
    .execute();
  return id;
}

/** Who holds session `id`, or null when it is unknown or has run out; using it pushes its end back. */
export async function readStaffSession(db: Kysely<Database>, id: string, now = new Date()): Promise<SignedInStaff | null> {
  const idHash = hashSecretId(id);
  const row = await db
    .selectFrom("staff_sessions as s")
    .innerJoin("staff_accounts as a", "a.id", "s.staff_id")
    .select(["s.staff_id", "s.last_seen_at", "s.expires_at", "a.name", "a.role"])
    .where("s.id_hash", "=", idHash)
    .executeTakeFirst();
  if (!row || row.expires_at <= now.toISOString()) return null;
  if (now.getTime() - new Date(row.last_seen_at).getTime() >= TOUCH_EVERY_MS) {
    await db
      .updateTable("staff_sessions")
      .set({ last_seen_at: now.toISOString(), expires_at: new Date(now.getTime() + SESSION_IDLE_MS).toISOString() })
      .where("id_hash", "=", idHash)
      .execute();
  }
  return { staffId: row.staff_id, name: row.name, role: row.role };
}

export async function endStaffSession(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom("staff_sessions").where("id_hash", "=", hashSecretId(id)).execute();
}
