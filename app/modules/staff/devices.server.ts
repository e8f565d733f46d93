/**
 * Devices that have signed in before. At a successful sign-in the browser gets
 * a long-lived, signed device cookie; the table keeps its hash per staff
 * member, so the device can be forgotten (the account removed or its PIN
 * reset). While sign-in is refused site-wide under attack, a known device
 * still gets through, so an attacker cannot lock the staff out.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/.server/db/schema";
import { hashSecretId, newSecretId } from "./secret-ids.server";

export const DEVICE_LIFETIME_MS = 180 * 24 * 60 * 60 * 1000;

/** True when `id` is a device cookie some current staff member signed in with, and it has not run out. */
export async function isKnownDevice(db: Kysely<Database>, id: string | undefined, now = new Date()): Promise<boolean> {
  if (!id) return false;
  const row = await db
    .selectFrom("staff_devices")
    .select("staff_id")
    .where("id_hash", "=", hashSecretId(id))
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return row !== undefined;
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
