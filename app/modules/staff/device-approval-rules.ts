/**
 * Who may let a new device in, and as whom (api-contract.md, "Staff"; issue
 * 31, ASVS 6.3.4). Pure: device-approvals.server.ts looks up the waiting
 * request and the account it names, then asks this. The approver types the
 * code and the name the device asks for, so a device is let in only as an
 * account its approver named; a device asking for a manager account is let in
 * by that manager alone (their own new device); reception lets in none.
 */
import { nameKey } from "./pin-rules";
import { mayAct, type StaffRole } from "./roles";

export interface Approver {
  id: number;
  role: StaffRole;
}

export interface ApprovalFacts<Account extends { id: number; role: StaffRole }> {
  approver: Approver;
  /** The name the approver typed. */
  named: string;
  /** The name key the waiting device asked for, or undefined when no device waits with the code. */
  askedFor: string | undefined;
  /** The account with that name, when there is one. */
  account: Account | undefined;
}

/**
 * What stands in the way, checked in this order, or "approve" (with the account to let the device in as):
 * - `reception`: the approver is no manager (403);
 * - `no-request`: no device waits with that code (404);
 * - `name-differs`: the approver named another account than the device asked for: the request is voided (409);
 * - `no-account`: the device asked for a name no account has (404);
 * - `other-manager`: the device asks for a manager account and the approver is not that manager (403).
 */
export type ApprovalVerdict<Account> =
  | { kind: "approve" | "other-manager"; account: Account }
  | { kind: "reception" | "no-request" | "name-differs" | "no-account" };

export function approvalVerdict<Account extends { id: number; role: StaffRole }>({ approver, named, askedFor, account }: ApprovalFacts<Account>): ApprovalVerdict<Account> {
  if (!mayAct(approver.role, "manager")) return { kind: "reception" };
  if (askedFor === undefined) return { kind: "no-request" };
  if (nameKey(named) !== askedFor) return { kind: "name-differs" };
  if (!account) return { kind: "no-account" };
  return { kind: account.role === "manager" && account.id !== approver.id ? "other-manager" : "approve", account };
}
