/**
 * Signing in with a name and a PIN. Every attempt is counted (device, account,
 * site) before the PIN is checked (sign-in-throttle.server.ts); then the named
 * account's PIN is checked, and a right one starts a new session and
 * remembers the device. Sign-ins, wrong PINs and locks go to the log and the
 * audit trail, never the PIN.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/.server/db/schema";
import type { Logger } from "~/.server/logger.server";
import { recordAudit } from "~/modules/audit/audit.server";
import { findStaffByName, type StaffIdentity, type StaffMember } from "./accounts.server";
import { deviceKind } from "./device-kind";
import { deviceOwners, rememberDevice } from "./devices.server";
import { decoyHash, pinMatches } from "./pin-hash.server";
import { nameKey } from "./pin-rules";
import { hashSecretId } from "./secret-ids.server";
import { createStaffSession } from "./sessions.server";
import {
  clearAccountCount,
  countAttempt,
  countSiteAttempt,
  uncountAttempt,
  uncountSiteAttempt,
  type CountKey,
} from "./sign-in-throttle.server";

/** The browser signing in: its device cookie's id (when it sent a valid one) and its User-Agent header (only its coarse summary is kept, with the session). */
export interface SignInDevice {
  id: string | undefined;
  userAgent?: string | null | undefined;
}

/** A name and PIN typed, from `address` (the client's, as Express determined it), with the browser's device cookie id and User-Agent. */
type SignInAttempt = { name: string; pin: string; address: string; deviceId: SignInDevice["id"]; userAgent?: SignInDevice["userAgent"] };

/** Where a refusal comes from: this device (or address), the account named, or the whole site. */
export type LockScope = "device" | "account" | "site";

export type SignInResult =
  | { kind: "signed-in"; staff: StaffMember; sessionId: string; deviceId: string }
  /** A wrong name or PIN (one answer for both). `lockedFor`: this attempt locked the device, for that many seconds. */
  | { kind: "wrong-pin"; lockedFor: number | null }
  | { kind: "locked"; scope: LockScope; retryAfter: number };

/** What the audit trail names for sign-in events about no existing account: never what was typed. */
export const UNKNOWN_NAME_ACTOR = "(a name no account has)";

/**
 * A signed-in staff member's new session on this device, recorded: after a
 * PIN, a passkey, a sign-in link or a manager's approval. The session keeps the
 * device (and the passkey) it was made with, so forgetting either ends it.
 */
export async function startSignedIn<S extends StaffIdentity>(
  db: Kysely<Database>,
  logger: Logger,
  staff: S,
  browser: SignInDevice,
  how: string,
  now = new Date(),
  passkeyId?: string,
) {
  const device = await rememberDevice(db, staff.id, browser.id, now);
  const sessionId = await createStaffSession(db, staff.id, now, { deviceId: device, passkeyId, deviceKind: deviceKind(browser.userAgent) });
  await recordAudit(db, { actor: staff.name, action: "signed-in", subjectType: "staff", subjectId: staff.id, detail: how }, now);
  logger.info({ event: "staff-signed-in", staff: staff.name, how }, "staff signed in");
  return { kind: "signed-in" as const, staff, sessionId, deviceId: device };
}

export async function signIn(db: Kysely<Database>, logger: Logger, attempt: SignInAttempt, now = new Date()): Promise<SignInResult> {
  const { address } = attempt;
  const accountKey = nameKey(attempt.name);
  const account = await findStaffByName(db, attempt.name);
  const owners = await deviceOwners(db, attempt.deviceId, now);
  const knownDevice = owners.length > 0;
  const usedByAccount = account !== undefined && owners.includes(account.id);
  const actor = account?.name ?? UNKNOWN_NAME_ACTOR;
  const deviceKey: CountKey = knownDevice ? `device:${hashSecretId(attempt.deviceId!)}` : `address:${address}`;
  const accountCountKey: CountKey = `account:${accountKey}`;

  const refuse = async (scope: LockScope, retryAfter: number): Promise<SignInResult> => {
    // Refused unchecked by a later limit (the account's, the site's): the counts it reached take it off again.
    if (scope !== "device") {
      await uncountAttempt(db, deviceKey);
      await uncountAttempt(db, accountCountKey);
    }
    if (scope === "site") await uncountSiteAttempt(db, now);
    logger.warn({ event: "staff-sign-in-refused", scope, address, retryAfter }, `staff sign-in refused: locked (${scope})`);
    await recordAudit(db, { actor, action: "sign-in-refused", subjectType: "staff", subjectId: account?.id ?? null, detail: `locked (${scope}) for ${retryAfter} s more` }, now);
    return { kind: "locked", scope, retryAfter };
  };

  const device = await countAttempt(db, deviceKey, accountKey, now);
  if (device.refusedFor !== null) return refuse("device", device.refusedFor);

  const forAccount = await countAttempt(db, accountCountKey, accountKey, now);
  if (forAccount.refusedFor !== null && !usedByAccount) return refuse("account", forAccount.refusedFor);

  const siteRefusal = await countSiteAttempt(db, now);
  if (siteRefusal !== null && !knownDevice) return refuse("site", siteRefusal);

  // Only the named account's PIN is checked; an unknown name costs the same time.
  const right = (await pinMatches(account?.pin_hash ?? (await decoyHash()), attempt.pin)) && account !== undefined;
  if (!right) {
    logger.warn({ event: "staff-sign-in-failed", address, inARow: device.attempts }, "staff sign-in failed: wrong name or PIN");
    const locks: string[] = [];
    if (device.locksFor !== null) locks.push(`this ${knownDevice ? "device" : "address"} locked for ${device.locksFor} s`);
    if (forAccount.locksFor !== null) locks.push(`the account locked for new devices for ${forAccount.locksFor} s`);
    await recordAudit(
      db,
      [
        { actor, action: "sign-in-failed", subjectType: "staff", subjectId: account?.id ?? null, detail: `wrong PIN, ${device.attempts} in a row from this ${knownDevice ? "device" : "address"}` },
        ...(locks.length > 0 ? [{ actor, action: "sign-in-locked", subjectType: "staff", subjectId: account?.id ?? null, detail: locks.join("; ") }] : []),
      ],
      now,
    );
    if (locks.length > 0) logger.error({ event: "staff-sign-in-locked", address, locks }, "staff sign-in locked after wrong PINs in a row");
    return { kind: "wrong-pin", lockedFor: device.locksFor };
  }

  // Right: this attempt is no guess. The person's own run of typos ends; guesses at others stay counted.
  await uncountAttempt(db, deviceKey, accountKey);
  await clearAccountCount(db, accountKey);
  await uncountSiteAttempt(db, now);
  return startSignedIn(db, logger, { id: account.id, name: account.name, role: account.role }, { id: attempt.deviceId, userAgent: attempt.userAgent }, "PIN", now);
}
