/**
 * A signed-in staff member changes their own PIN (ASVS 6.2.2). The PIN they
 * have now is a guess like any at sign-in: counted against the account
 * before it is checked (the same `account:` run and limits as sign-in,
 * sign-in-throttle.server.ts), so a session left open on a shared computer
 * cannot be used to try PINs without end. On a change, every other session of
 * the account ends (this one stays), and the audit trail says so; never a PIN.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/.server/db/schema";
import type { Logger } from "~/.server/logger.server";
import { recordAudit } from "~/modules/audit/audit.server";
import type { OwnPinChange } from "./own-pin-schema";
import { hashPin, pinMatches } from "./pin-hash.server";
import { nameKey } from "./pin-rules";
import { hashSecretId } from "./secret-ids.server";
import { sessionCount } from "./sessions.server";
import { clearAccountCount, countAttempt } from "./sign-in-throttle.server";

export type OwnPinResult =
  | { kind: "changed"; sessionsEnded: number }
  /** `lockedFor`: this wrong PIN was the last one allowed, and changing (and new devices' sign-in) is paused that long. */
  | { kind: "wrong-pin"; lockedFor: number | null }
  | { kind: "locked"; retryAfter: number };

export async function changeOwnPin(
  db: Kysely<Database>,
  logger: Logger,
  staff: { staffId: number; name: string },
  change: Pick<OwnPinChange, "currentPin" | "newPin">,
  currentSessionId: string,
  now = new Date(),
): Promise<OwnPinResult> {
  const account = await db.selectFrom("staff_accounts").select(["id", "name", "pin_hash"]).where("id", "=", staff.staffId).executeTakeFirstOrThrow();
  const key = nameKey(account.name);
  const audit = (action: string, detail: string) => recordAudit(db, { actor: account.name, action, subjectType: "staff", subjectId: account.id, detail }, now);

  const counted = await countAttempt(db, `account:${key}`, key, now);
  if (counted.refusedFor !== null) {
    logger.warn({ event: "staff-pin-change-refused", staff: account.name, retryAfter: counted.refusedFor }, "PIN change refused: too many wrong PINs");
    await audit("pin-change-refused", `too many wrong PINs in a row: paused for ${counted.refusedFor} s more`);
    return { kind: "locked", retryAfter: counted.refusedFor };
  }
  if (!(await pinMatches(account.pin_hash, change.currentPin))) {
    logger.warn({ event: "staff-pin-change-failed", staff: account.name, inARow: counted.attempts }, "PIN change: wrong current PIN");
    await audit("pin-change-failed", `wrong current PIN, ${counted.attempts} in a row at this account`);
    if (counted.locksFor !== null) await audit("sign-in-locked", `the account locked for new devices and PIN changes for ${counted.locksFor} s`);
    return { kind: "wrong-pin", lockedFor: counted.locksFor };
  }

  // The right PIN is no guess: the run at this account ends, as at sign-in.
  await clearAccountCount(db, key);
  const pinHash = await hashPin(change.newPin);
  const ended = await db.transaction().execute(async (trx) => {
    await trx.updateTable("staff_accounts").set({ pin_hash: pinHash, updated_at: now.toISOString() }).where("id", "=", account.id).execute();
    const others = await trx.deleteFrom("staff_sessions").where("staff_id", "=", account.id).where("id_hash", "!=", hashSecretId(currentSessionId)).executeTakeFirst();
    return Number(others.numDeletedRows);
  });
  logger.info({ event: "staff-pin-changed", staff: account.name, sessionsEnded: ended }, "staff member changed their own PIN");
  await audit("pin-changed", `by ${account.name} themselves; ${sessionCount(ended)} elsewhere ended`);
  return { kind: "changed", sessionsEnded: ended };
}
