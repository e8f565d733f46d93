/**
 * Signing in with a PIN: the address and site-wide limits first, then the PIN
 * against every account, then a new session and the device remembered. Every
 * sign-in, wrong PIN, lock and refusal is logged, never the PIN.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/.server/db/schema";
import type { Logger } from "~/.server/logger.server";
import { findStaffByPin, type StaffMember } from "./accounts.server";
import { isKnownDevice, rememberDevice } from "./devices.server";
import { createStaffSession } from "./sessions.server";
import { addressLock, clearAddress, recordFailure, siteWideRefusal } from "./sign-in-throttle.server";

export interface SignInAttempt {
  pin: string;
  /** The client's address, as Express determined it. */
  address: string;
  /** The device cookie's id, when the browser sent a valid one. */
  deviceId: string | undefined;
}

export type SignInResult =
  | { kind: "signed-in"; staff: StaffMember; sessionId: string; deviceId: string }
  /** `lockedFor`: this wrong PIN locked the address, for that many seconds. */
  | { kind: "wrong-pin"; lockedFor: number | null }
  | { kind: "locked"; scope: "address" | "site"; retryAfter: number };

export async function signIn(db: Kysely<Database>, logger: Logger, attempt: SignInAttempt, now = new Date()): Promise<SignInResult> {
  const { address } = attempt;
  const locked = await addressLock(db, address, now);
  if (locked !== null) {
    logger.warn({ event: "staff-sign-in-refused", scope: "address", address, retryAfter: locked }, "staff sign-in refused: this address is locked");
    return { kind: "locked", scope: "address", retryAfter: locked };
  }
  const refused = await siteWideRefusal(db, now);
  if (refused !== null && !(await isKnownDevice(db, attempt.deviceId, now))) {
    logger.warn({ event: "staff-sign-in-refused", scope: "site", address, retryAfter: refused }, "staff sign-in refused: too many wrong PINs site-wide, and this device has never signed in");
    return { kind: "locked", scope: "site", retryAfter: refused };
  }

  const staff = await findStaffByPin(db, attempt.pin);
  if (!staff) {
    const { inARow, lockedFor } = await recordFailure(db, address, now);
    logger.warn({ event: "staff-sign-in-failed", address, inARow }, "staff sign-in failed: wrong PIN");
    if (lockedFor !== null) {
      logger.error({ event: "staff-sign-in-locked", address, seconds: lockedFor }, "staff sign-in locked for this address after wrong PINs in a row");
    }
    return { kind: "wrong-pin", lockedFor };
  }
  await clearAddress(db, address);
  const sessionId = await createStaffSession(db, staff.id, now);
  const deviceId = await rememberDevice(db, staff.id, attempt.deviceId, now);
  logger.info({ event: "staff-signed-in", staff: staff.name, address, siteWideRefusal: refused !== null }, "staff signed in");
  return { kind: "signed-in", staff, sessionId, deviceId };
}
