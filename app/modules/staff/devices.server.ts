/**
 * Devices that have signed in before. At a successful sign-in the browser gets
 * a long-lived, signed device cookie; the table keeps its hash per staff
 * member, so the device can be forgotten (the account removed, its PIN reset,
 * or a manager removing it). A known device is counted by its cookie rather
 * than its address, and still gets in while sign-in is refused site-wide, so
 * an attacker cannot lock the staff out.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/.server/db/schema";
import { recordAudit } from "~/modules/audit/audit.server";
import { hashSecretId, newSecretId } from "./secret-ids.server";
import { isRef, refOf, sessionsEnded } from "./sessions.server";

export const DEVICE_LIFETIME_MS = 180 * 24 * 60 * 60 * 1000;

/** Device `id`'s rows (one per account that signed in on it) not run out, with their accounts, most recently used first. */
const rowsOfDevice = (db: Kysely<Database>, id: string, now: Date) =>
  db
    .selectFrom("staff_devices as d")
    .innerJoin("staff_accounts as a", "a.id", "d.staff_id")
    .where("d.id_hash", "=", hashSecretId(id))
    .where("d.expires_at", ">", now.toISOString())
    .orderBy("d.last_seen_at", "desc");

/** The accounts that signed in on device `id` (not run out), most recent first; empty for an unknown device. */
export async function deviceOwners(db: Kysely<Database>, id: string | undefined, now = new Date()): Promise<number[]> {
  return id ? (await rowsOfDevice(db, id, now).select("d.staff_id").execute()).map((r) => r.staff_id) : [];
}

/** The name last signed in with on this device, so staff type only their PIN there. */
export async function rememberedName(db: Kysely<Database>, id: string | undefined, now = new Date()): Promise<string | null> {
  return id ? ((await rowsOfDevice(db, id, now).select("a.name").limit(1).executeTakeFirst())?.name ?? null) : null;
}

/** Records that `staffId` signed in on this device; returns the device id for the cookie (the same one when it was already known). */
export async function rememberDevice(db: Kysely<Database>, staffId: number, id: string | undefined, now = new Date()): Promise<string> {
  const deviceId = id && (await deviceOwners(db, id, now)).length > 0 ? id : newSecretId();
  const at = now.toISOString();
  const expires = new Date(now.getTime() + DEVICE_LIFETIME_MS).toISOString();
  await db
    .insertInto("staff_devices")
    .values({ id_hash: hashSecretId(deviceId), staff_id: staffId, created_at: at, last_seen_at: at, expires_at: expires })
    .onConflict((oc) => oc.columns(["id_hash", "staff_id"]).doUpdateSet({ last_seen_at: at, expires_at: expires }))
    .execute();
  return deviceId;
}

/** Every known device of every staff member, by person then most recently used; `ref`, the first characters of the stored hash, names one device and is useless as a cookie. */
export async function listDevices(db: Kysely<Database>, now = new Date()) {
  const rows = await db
    .selectFrom("staff_devices as d")
    .innerJoin("staff_accounts as a", "a.id", "d.staff_id")
    .select(["d.id_hash", "d.staff_id", "a.name", "d.created_at", "d.last_seen_at"])
    .where("d.expires_at", ">", now.toISOString())
    .orderBy("a.name_key")
    .orderBy("d.last_seen_at", "desc")
    .execute();
  return rows.map((r) => ({ ref: refOf(r.id_hash), staffId: r.staff_id, staffName: r.name, createdAt: r.created_at, lastSeenAt: r.last_seen_at }));
}

/**
 * Forgets one of `staffId`'s devices (by the reference listDevices gives): it
 * counts as a new device again, no longer let through the site-wide limit nor
 * filling in a name. False when there is no such device.
 */
export async function forgetDevice(db: Kysely<Database>, by: { name: string }, staffId: number, ref: string, now = new Date()): Promise<boolean> {
  if (!isRef(ref)) return false;
  const row = await db
    .selectFrom("staff_devices as d")
    .innerJoin("staff_accounts as a", "a.id", "d.staff_id")
    .select(["d.id_hash", "a.name"])
    .where("d.staff_id", "=", staffId)
    .where("d.id_hash", "like", `${ref}%`)
    .executeTakeFirst();
  if (!row) return false;
  // The sessions made on it end with it (ASVS 7.4.5): a lost phone stays signed in no longer.
  const ended = await db.transaction().execute(async (trx) => {
    const sessions = await trx.deleteFrom("staff_sessions").where("staff_id", "=", staffId).where("device_hash", "=", row.id_hash).executeTakeFirst();
    await trx.deleteFrom("staff_devices").where("staff_id", "=", staffId).where("id_hash", "=", row.id_hash).execute();
    return Number(sessions.numDeletedRows);
  });
  const removed = { actor: by.name, action: "device-removed", subjectType: "staff", subjectId: staffId, detail: `a device of ${row.name}` };
  await recordAudit(db, [removed, ...sessionsEnded(by.name, staffId, ended, "made on the removed device")], now);
  return true;
}
