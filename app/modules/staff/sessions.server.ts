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

/** What a session was made with: the device cookie, the passkey if one, and the browser's coarse summary. */
export interface SessionOrigin {
  /** The device cookie's id (not its hash). */
  deviceId?: string | undefined;
  passkeyId?: string | undefined;
  /** From deviceKind (device-kind.ts). */
  deviceKind?: string | undefined;
}

/** Starts a session for `staffId`; returns the id for the cookie. Always a new one: never reuse an id across sign-ins. */
export async function createStaffSession(db: Kysely<Database>, staffId: number, now = new Date(), origin: SessionOrigin = {}): Promise<string> {
  const id = newSecretId();
  const at = now.toISOString();
  await db
    .insertInto("staff_sessions")
    .values({
      id_hash: hashSecretId(id),
      staff_id: staffId,
      created_at: at,
      last_seen_at: at,
      expires_at: endOf(at, now),
      device_hash: origin.deviceId ? hashSecretId(origin.deviceId) : null,
      passkey_id: origin.passkeyId ?? null,
      device_kind: origin.deviceKind ?? null,
    })
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

/** A session's or a device's reference: the first characters of its stored hash, enough to name one and useless as a cookie. */
export const refOf = (idHash: string) => idHash.slice(0, 16);
export const isRef = (ref: string) => /^[0-9a-f]{16}$/.test(ref);

/** One person's sessions still running, this one first, then the most recently used. */
export async function listStaffSessions(db: Kysely<Database>, staffId: number, currentId: string | undefined, now = new Date()) {
  const at = now.toISOString();
  const currentHash = currentId ? hashSecretId(currentId) : "";
  const rows = await db
    .selectFrom("staff_sessions as s")
    .leftJoin("staff_passkeys as p", "p.id", "s.passkey_id")
    .select(["s.id_hash", "s.device_kind", "s.created_at", "s.last_seen_at", "p.label"])
    .where("s.staff_id", "=", staffId)
    .where("s.expires_at", ">", at)
    .where("s.created_at", ">", new Date(now.getTime() - SESSION_ABSOLUTE_MS).toISOString())
    .orderBy("s.last_seen_at", "desc")
    .execute();
  const sessions = rows.map((r) => ({
    ref: refOf(r.id_hash),
    deviceKind: r.device_kind ?? "A browser signed in before sessions were described",
    createdAt: r.created_at,
    lastSeenAt: r.last_seen_at,
    // The session this request came with; made with a passkey (its label), when one.
    current: r.id_hash === currentHash,
    passkey: r.label ?? null,
  }));
  return [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)];
}

/** Ends one of `staffId`'s sessions by its reference, never the one given as `currentId`; how many it ended (0 or 1). */
export async function endSessionByRef(db: Kysely<Database>, staffId: number, ref: string, currentId: string): Promise<number> {
  if (!isRef(ref)) return 0;
  const ended = await db
    .deleteFrom("staff_sessions")
    .where("staff_id", "=", staffId)
    .where("id_hash", "like", `${ref}%`)
    .where("id_hash", "!=", hashSecretId(currentId))
    .executeTakeFirst();
  return Number(ended.numDeletedRows);
}

/** Ends every session of `staffId` but `currentId`'s; how many it ended. */
export async function endOtherSessions(db: Kysely<Database>, staffId: number, currentId: string): Promise<number> {
  const ended = await db.deleteFrom("staff_sessions").where("staff_id", "=", staffId).where("id_hash", "!=", hashSecretId(currentId)).executeTakeFirst();
  return Number(ended.numDeletedRows);
}

/** "1 session", "3 sessions": for the audit trail and the pages. */
export const sessionCount = (n: number) => `${n} session${n === 1 ? "" : "s"}`;

/** The audit line of `ended` sessions of `staffId` ended at once (`how`: on what, by whom), or none when none ended. */
export const sessionsEnded = (actor: string, staffId: number, ended: number, how: string) =>
  ended > 0 ? [{ actor, action: "sessions-ended", subjectType: "staff", subjectId: staffId, detail: `${sessionCount(ended)} ${how}` }] : [];
