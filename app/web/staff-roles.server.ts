/**
 * Manager-only pages and calls (visit figures, marketing consents). Every
 * account is a manager until accounts carry a role (API contract: "without a
 * role, manager"); a signed-in person whose role is anything else gets 403.
 * When roles land, this is the one place to point at the role check.
 */
import { data } from "react-router";
import type { SignedInStaff } from "./staff-session.server";
import { STAFF_PAGE_HEADERS } from "./staff-page";

export const MANAGERS_ONLY = "Only a manager can see this page.";

export function isManager(staff: SignedInStaff): boolean {
  return ((staff as SignedInStaff & { role?: string }).role ?? "manager") === "manager";
}

/** In a staff page's loader or action: 403 for anyone but a manager. */
export function requireManager(staff: SignedInStaff): void {
  if (!isManager(staff)) throw data(MANAGERS_ONLY, { status: 403, headers: STAFF_PAGE_HEADERS });
}
