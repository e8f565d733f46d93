/**
 * A signed-in staff member changes their own PIN (ASVS 6.2.2). The PIN they
 * have now is a guess like any at sign-in: counted before it is checked, so a
 * session left open on a shared computer cannot be used to try PINs without
 * end. It is counted by the device the session was signed in on (the same
 * `device:` run as sign-in there, sign-in-throttle.server.ts), never by the
 * account's own count: that one any outsider can fill from anywhere, and it
 * must not stop a staff member changing their PIN (issue 31). On a change,
 * every other session of the account ends (this one stays), and the audit
 * trail says so; never a PIN.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/.server/db/schema";
import type { Logger } from "~/.server/logger.server";
import { recordAudit } from "~/modules/audit/audit.server";
import type { OwnPinChange } from "./own-pin-schema";
import { hashPin, pinMatches } from "./pin-hash.server";
import { nameKey } from "./pin-rules";
import { hashSecretId } from "./secret-ids.server";
import { newPinProblem } from "./breached-pins.server";
import { endOtherSessions, sessionCount } from "./sessions.server";
import { clearAccountCount, countAttempt, uncountAttempt, type CountKey } from "./sign-in-throttle.server";

export type OwnPinResult =
  | { kind: "changed"; sessionsEnded: number }
  /** `lockedFor`: this wrong PIN was the last one allowed, and changing (and signing in) on this device is paused that long. */
  | { kind: "wrong-pin"; lockedFor: number | null }
  | { kind: "locked"; retryAfter: number }
  /** The new PIN is in the breached passwords list: refused before the PIN now is looked at, so nothing is counted. */
  | { kind: "breached-pin"; message: string };

/**
 * The run a PIN change counts against: the device the session was signed in
 * on (its cookie's hash, kept with the session), as sign-in there counts it;
 * a session kept from before devices were recorded counts by itself.
 */
async function signedInDeviceKey(db: Kysely<Database>, sessionId: string): Promise<CountKey> {
  const idHash = hashSecretId(sessionId);
  const session = await db.selectFrom("staff_sessions").select("device_hash").where("id_hash", "=", idHash).executeTakeFirst();
  return session?.device_hash ? `device:${session.device_hash}` : `session:${idHash}`;
}

export async function changeOwnPin(
  db: Kysely<Database>,
  logger: Logger,
  staff: { staffId: number; name: string },
  change: Pick<OwnPinChange, "currentPin" | "newPin">,
  currentSessionId: string,
  now = new Date(),
): Promise<OwnPinResult> {
  const refusal = newPinProblem(change.newPin);
  if (refusal) return { kind: "breached-pin", message: refusal };
  const account = await db.selectFrom("staff_accounts").select(["id", "name", "pin_hash"]).where("id", "=", staff.staffId).executeTakeFirstOrThrow();
  const key = nameKey(account.name);
  const audit = (action: string, detail: string) => recordAudit(db, { actor: account.name, action, subjectType: "staff", subjectId: account.id, detail }, now);
  const device = await signedInDeviceKey(db, currentSessionId);

  const counted = await countAttempt(db, device, key, now);
  if (counted.refusedFor !== null) {
    logger.warn({ event: "staff-pin-change-refused", staff: account.name, retryAfter: counted.refusedFor }, "PIN change refused: too many wrong PINs from this device");
    await audit("pin-change-refused", `too many wrong PINs in a row from this device: paused for ${counted.refusedFor} s more`);
    return { kind: "locked", retryAfter: counted.refusedFor };
  }
  if (!(await pinMatches(account.pin_hash, change.currentPin))) {
    logger.warn({ event: "staff-pin-change-failed", staff: account.name, inARow: counted.attempts }, "PIN change: wrong current PIN");
    await audit("pin-change-failed", `wrong current PIN, ${counted.attempts} in a row from this device`);
    if (counted.locksFor !== null) await audit("sign-in-locked", `this device locked for PIN changes and sign-in for ${counted.locksFor} s`);
    return { kind: "wrong-pin", lockedFor: counted.locksFor };
  }

  // The right PIN is no guess: the person's own run of typos on this device ends, and so does any run at the account, as at sign-in.
  await uncountAttempt(db, device, key);
  await clearAccountCount(db, key);
  const pinHash = await hashPin(change.newPin);
  const ended = await db.transaction().execute(async (trx) => {
    await trx.updateTable("staff_accounts").set({ pin_hash: pinHash, updated_at: now.toISOString() }).where("id", "=", account.id).execute();
    return endOtherSessions(trx, account.id, currentSessionId);
  });
  logger.info({ event: "staff-pin-changed", staff: account.name, sessionsEnded: ended }, "staff member changed their own PIN");
  await audit("pin-changed", `by ${account.name} themselves; ${sessionCount(ended)} elsewhere ended`);
  return { kind: "changed", sessionsEnded: ended };
}
