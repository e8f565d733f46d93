/**
 * Letting a new device in (issue 18, "never locked out by an outsider"): the
 * new phone or computer asks, showing a short code; a signed-in manager types
 * that code on their own device, and the new one is signed in. The request is
 * tied to the asking browser by a secret of its own (its hash here), so the
 * code alone signs no one in. Codes last 10 minutes; no PIN limit holds this
 * back, since a manager decides.
 *
 * The manager types the code and the name the device asks for (issue 31, ASVS
 * 6.3.4): a device is never let in as an account its approver did not name,
 * a name that differs voids the request, and a device asking for a manager
 * account is let in only by that manager.
 */
import { randomInt } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "~/.server/db/schema";
import type { Logger } from "~/.server/logger.server";
import { recordAudit } from "~/modules/audit/audit.server";
import type { StaffMember } from "./accounts.server";
import { nameKey } from "./pin-rules";
import { approvalVerdict } from "./device-approval-rules";
import { APPROVAL_CODE_LENGTH } from "./sign-in-schema";
import { hashSecretId, newSecretId } from "./secret-ids.server";
import { startSignedIn, type SignInDevice } from "./sign-in.server";

export const APPROVAL_MS = 10 * 60 * 1000;
/** No 0/O, 1/I/L: read aloud or typed from across the counter without doubt. */
const CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

const newCode = () => Array.from({ length: APPROVAL_CODE_LENGTH }, () => CODE_LETTERS[randomInt(CODE_LETTERS.length)]).join("");
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

export type Approval =
  | { kind: "approved"; name: string }
  /** 404: no device is waiting with that code (or the account it asked for is gone). */
  | { kind: "not-found"; reason: string }
  /** 409: the approver named another account than the device asked for; the request is void. */
  | { kind: "name-differs"; reason: string }
  /** 403: reception, or a manager account asked for by a device and approved by anyone but that manager. */
  | { kind: "not-yours"; reason: string };

/** How the API and the page answer each refusal (api-contract.md, "Staff"). */
export const approvalRefusalStatus = { "not-found": 404, "name-differs": 409, "not-yours": 403 } as const satisfies Record<Exclude<Approval["kind"], "approved">, number>;

export const approvalMessages = {
  reception: "Only a manager can let a new device in.",
  noCode: "No device is waiting with that code. Codes last 10 minutes: ask for the one on the screen now.",
  noAccount: "That device asked for a name no staff account has. Ask them to check the name and ask again.",
  nameDiffers: (typed: string) =>
    `That device did not ask for ${typed}: nothing was let in, and its request is cancelled. If the person in front of you is ${typed}, they ask again with their own name.`,
  otherManager: (name: string) => `That device asks to sign in as ${name}, a manager: only ${name} can let it in, from a device they are signed in on.`,
} as const;

/**
 * `approver` lets in the device showing `typed`, as `name`: the account the
 * approver was told and checked. Whether they may is approvalVerdict's
 * (device-approval-rules.ts); a name that differs voids the request, so an
 * approver who was told one name never signs a device in as another.
 */
export async function approveDevice(db: Kysely<Database>, approver: StaffMember, typed: string, name: string, now = new Date()): Promise<Approval> {
  const code = normaliseCode(typed);
  const request = await db
    .selectFrom("staff_device_approvals")
    .select(["code", "name_key"])
    .where("code", "=", code)
    .where("staff_id", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  const account = request ? await db.selectFrom("staff_accounts").select(["id", "name", "role"]).where("name_key", "=", request.name_key).executeTakeFirst() : undefined;
  const audit = (action: string, detail: string) => recordAudit(db, { actor: approver.name, action, subjectType: "staff", subjectId: account?.id ?? null, detail }, now);
  const verdict = approvalVerdict({ approver, named: name, askedFor: request?.name_key, account });
  switch (verdict.kind) {
    case "reception":
      return { kind: "not-yours", reason: approvalMessages.reception };
    case "no-request":
      return { kind: "not-found", reason: approvalMessages.noCode };
    case "name-differs":
      // Whatever the approver was told, it is not what the device asked for: no one gets in on this code.
      await db.deleteFrom("staff_device_approvals").where("code", "=", code).execute();
      await audit("device-approval-voided", "the approver named another account than the device asked for");
      return { kind: "name-differs", reason: approvalMessages.nameDiffers(name.trim()) };
    case "no-account":
      return { kind: "not-found", reason: approvalMessages.noAccount };
    case "other-manager":
      await audit("device-approval-refused", `a new device asking for ${verdict.account.name}, a manager`);
      return { kind: "not-yours", reason: approvalMessages.otherManager(verdict.account.name) };
  }
  const asked = verdict.account;
  // Once: of two approvals at once (or an approval racing a void), one changes the waiting row.
  const approved = await db
    .updateTable("staff_device_approvals")
    .set({ staff_id: asked.id, approved_by: approver.name })
    .where("code", "=", code)
    .where("staff_id", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  if (Number(approved.numUpdatedRows) !== 1) return { kind: "not-found", reason: approvalMessages.noCode };
  await audit("device-approved", `a new device of ${asked.name}`);
  return { kind: "approved", name: asked.name };
}

export type Collected =
  | { kind: "signed-in"; staff: StaffMember; sessionId: string; deviceId: string }
  | { kind: "waiting"; code: string }
  | { kind: "gone" };

/** The asking device comes back for its answer: signed in once approved (and the request used up), else still waiting. */
export async function collectApproval(db: Kysely<Database>, logger: Logger, secret: string, browser: SignInDevice, now = new Date()): Promise<Collected> {
  const request = await db
    .selectFrom("staff_device_approvals as r")
    .leftJoin("staff_accounts as a", "a.id", "r.staff_id")
    .select(["r.code", "r.staff_id", "r.approved_by", "a.name", "a.role"])
    .where("r.request_hash", "=", hashSecretId(secret))
    .where("r.expires_at", ">", now.toISOString())
    .executeTakeFirst();
  if (!request) return { kind: "gone" };
  if (request.staff_id === null || request.name === null || request.role === null) return { kind: "waiting", code: request.code };
  const used = await db.deleteFrom("staff_device_approvals").where("code", "=", request.code).executeTakeFirst();
  if (Number(used.numDeletedRows) !== 1) return { kind: "gone" };
  return startSignedIn(db, logger, { id: request.staff_id, name: request.name, role: request.role }, browser, `a new device let in by ${request.approved_by}`, now);
}
