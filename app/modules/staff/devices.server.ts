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
import { hashSecretId, newSecretId } from "./secret-ids.server";

export const DEVICE_LIFETIME_MS = 180 * 24 * 60 * 60 * 1000;

/** The accounts that signed in on device `id` (not run out), most recent first; empty for an unknown device. */
export async function deviceOwners(db: Kysely<Database>, id: string | undefined, now = new Date()): Promise<number[]> {
  if (!id) return [];
  const rows = await db
    .selectFrom("staff_devices")
    .select("staff_id")
    .where("id_hash", "=", hashSecretId(id))
    .where("expires_at", ">", now.toISOString())
    .orderBy("last_seen_at", "desc")
    .execute();
  return rows.map((r) => r.staff_id);
}

/** True when `id` is a device cookie some current staff member signed in with, and it has not run out. */
export async function isKnownDevice(db: Kysely<Database>, id: string | undefined, now = new Date()): Promise<boolean> {
  return (await deviceOwners(db, id, now)).length > 0;
}

/** The name last signed in with on this device, so staff type only their PIN there. */
export async function rememberedName(db: Kysely<Database>, id: string | undefined, now = new Date()): Promise<string | null> {
  if (!id) return null;
  const row = await db
    .selectFrom("staff_devices as d")
    .innerJoin("staff_accounts as a", "a.id", "d.staff_id")
    .select("a.name")
    .where("d.id_hash", "=", hashSecretId(id))
    .where("d.expires_at", ">", now.toISOString())
    .orderBy("d.last_seen_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.name ?? null;
}

/** Records that `staffId` signed in on this device; returns the device id for the cookie (the same one when it was already known). */
export async function rememberDevice(db: Kysely<Database>, staffId: number, id: string | undefined, now = new Date()): Promise<string> {
  const deviceId = id && (await isKnownDevice(db, id, now)) ? id : newSecretId();
  const at = now.toISOString();
  const expires = new Date(now.getTime() + DEVICE_LIFETIME_MS).toISOString();
  await db
    .insertInto("staff_devices")
    .values({ id_hash: hashSecretId(deviceId), staff_id: staffId, created_at: at, last_seen_at: at, expires_at: expires })
    .onConflict((oc) => oc.columns(["id_hash", "staff_id"]).doUpdateSet({ last_seen_at: at, expires_at: expires }))
    .execute();
  return deviceId;
}
