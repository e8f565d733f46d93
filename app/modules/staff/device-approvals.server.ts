/**
 * Letting a new device in (issue 18, "never locked out by an outsider"): the
 * new phone or computer asks, showing a short code; a signed-in manager types
 * that code on their own device, and the new one is signed in. The request is
 * tied to the asking browser by a secret of its own (its hash here), so the
 * code alone signs no one in. Codes last 10 minutes; no PIN limit holds this
 * back, since a manager decides.
 */
import { randomInt } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "~/.server/db/schema";
import type { Logger } from "~/.server/logger.server";
import { recordAudit } from "~/modules/audit/audit.server";
import type { StaffIdentity } from "./accounts.server";
import { nameKey } from "./pin-rules";
import { APPROVAL_CODE_LENGTH } from "./sign-in-schema";
import { hashSecretId, newSecretId } from "./secret-ids.server";
import { startSignedIn, type SignInDevice } from "./sign-in.server";

export const APPROVAL_MS = 10 * 60 * 1000;
/** No 0/O, 1/I/L: read aloud or typed from across the counter without doubt. */
const CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const CODE_LENGTH = APPROVAL_CODE_LENGTH;

const newCode = () => Array.from({ length: CODE_LENGTH }, () => CODE_LETTERS[randomInt(CODE_LETTERS.length)]).join("");
/** What a manager typed, as stored: capitals, no spaces or dashes. */
export const normaliseCode = (typed: string) => typed.toUpperCase().replace(/[\s-]/g, "");

/** A new device asks to be let in as `name`: the code to show, and the secret for its cookie. */
export async function askForApproval(db: Kysely<Database>, name: string, now = new Date()): Promise<{ code: string; secret: string; expiresAt: string }> {
  const secret = newSecretId();
  const expiresAt = new Date(now.getTime() + APPROVAL_MS).toISOString();
  await db.deleteFrom("staff_device_approvals").where("expires_at", "<=", now.toISOString()).execute();
  for (;;) {
    const code = newCode();
    const made = await db
      .insertInto("staff_device_approvals")
      .values({ code, request_hash: hashSecretId(secret), name_key: nameKey(name), staff_id: null, approved_by: null, created_at: now.toISOString(), expires_at: expiresAt })
      .onConflict((oc) => oc.column("code").doNothing())
      .executeTakeFirst();
    if (Number(made.numInsertedOrUpdatedRows ?? 0) === 1) return { code, secret, expiresAt };
  }
}

export type Approval = { kind: "approved"; name: string } | { kind: "refused"; reason: string };

/** A manager approves the device showing `code`, for the account it asked for. */
export async function approveDevice(db: Kysely<Database>, manager: StaffIdentity, typed: string, now = new Date()): Promise<Approval> {
  const code = normaliseCode(typed);
  const request = await db
    .selectFrom("staff_device_approvals")
    .select(["code", "name_key", "staff_id"])
    .where("code", "=", code)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  if (!request) return { kind: "refused", reason: "No device is waiting with that code. Codes last 10 minutes: ask for the one on the screen now." };
  const account = await db.selectFrom("staff_accounts").select(["id", "name"]).where("name_key", "=", request.name_key).executeTakeFirst();
  if (!account) return { kind: "refused", reason: "That device asked for a name no staff account has. Ask them to check the name and ask again." };
  await db.updateTable("staff_device_approvals").set({ staff_id: account.id, approved_by: manager.name }).where("code", "=", code).execute();
  await recordAudit(db, { actor: manager.name, action: "device-approved", subjectType: "staff", subjectId: account.id, detail: `a new device of ${account.name}` }, now);
  return { kind: "approved", name: account.name };
}

export type Collected =
  | { kind: "signed-in"; staff: StaffIdentity; sessionId: string; deviceId: string }
  | { kind: "waiting"; code: string }
  | { kind: "gone" };

/** The asking device comes back for its answer: signed in once approved (and the request used up), else still waiting. */
export async function collectApproval(db: Kysely<Database>, logger: Logger, secret: string, browser: SignInDevice, now = new Date()): Promise<Collected> {
  const request = await db
    .selectFrom("staff_device_approvals as r")
    .leftJoin("staff_accounts as a", "a.id", "r.staff_id")
    .select(["r.code", "r.staff_id", "r.approved_by", "a.name"])
    .where("r.request_hash", "=", hashSecretId(secret))
    .where("r.expires_at", ">", now.toISOString())
    .executeTakeFirst();
  if (!request) return { kind: "gone" };
  if (request.staff_id === null || request.name === null) return { kind: "waiting", code: request.code };
  const used = await db.deleteFrom("staff_device_approvals").where("code", "=", request.code).executeTakeFirst();
  if (Number(used.numDeletedRows) !== 1) return { kind: "gone" };
  const staff = { id: request.staff_id, name: request.name };
  const started = await startSignedIn(db, logger, staff, browser, `a new device let in by ${request.approved_by}`, now);
  return { kind: "signed-in", staff, ...started };
}
