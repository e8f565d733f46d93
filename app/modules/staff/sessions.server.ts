/**
 * Staff sessions, kept in the database so every server instance sees them.
 * The cookie carries a random id; the table keeps only its hash. A session
 * ends 12 hours after it was last used, 7 days after it began however much it
 * is used, or at sign-out.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/.server/db/schema";
import type { StaffRole } from "./roles";
import { hashSecretId, newSecretId } from "./secret-ids.server";

export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;

/** When a session begun at `createdAt` and used `now` ends: 12 idle hours later, never past 7 days from its start. */
function endOf(createdAt: string, now: Date): string {
  return new Date(Math.min(now.getTime() + SESSION_IDLE_MS, new Date(createdAt).getTime() + SESSION_ABSOLUTE_MS)).toISOString();
}
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
    .values({ id_hash: hashSecretId(id), staff_id: staffId, created_at: at, last_seen_at: at, expires_at: endOf(at, now) })
    .execute();
  return id;
}

/** Who holds session `id`, or null when it is unknown or has run out; using it pushes its end back. */
export async function readStaffSession(db: Kysely<Database>, id: string, now = new Date()): Promise<SignedInStaff | null> {
  const idHash = hashSecretId(id);
  const row = await db
    .selectFrom("staff_sessions as s")
    .innerJoin("staff_accounts as a", "a.id", "s.staff_id")
    .select(["s.staff_id", "s.created_at", "s.last_seen_at", "s.expires_at", "a.name", "a.role"])
    .where("s.id_hash", "=", idHash)
    .executeTakeFirst();
  const absoluteEnd = new Date(new Date(row?.created_at ?? 0).getTime() + SESSION_ABSOLUTE_MS).toISOString();
  if (!row || row.expires_at <= now.toISOString() || absoluteEnd <= now.toISOString()) return null;
  if (now.getTime() - new Date(row.last_seen_at).getTime() >= TOUCH_EVERY_MS) {
    await db
      .updateTable("staff_sessions")
      .set({ last_seen_at: now.toISOString(), expires_at: endOf(row.created_at, now) })
      .where("id_hash", "=", idHash)
      .execute();
  }
  return { staffId: row.staff_id, name: row.name, role: row.role };
}

export async function endStaffSession(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom("staff_sessions").where("id_hash", "=", hashSecretId(id)).execute();
}
