/**
 * What the staff area's guard answers instead of a page: the PIN form (401),
 * a role without rights (403), a cross-origin post (403) or too many changes
 * (429). Pure data, so the server throws it and the page that shows it reads
 * it the same way, with or without JavaScript.
 */
import type { SubmissionResult } from "@conform-to/react";
import type { StaffRole } from "./roles";

export type StaffRefusal =
  | {
      refusal: "sign-in";
      /** The PIN form's last answer (a wrong PIN, a lock), when there was one. */
      result?: SubmissionResult<string[]> | undefined;
      /** No staff account exists yet: the page says how to add the first. */
      noAccounts: boolean;
      /** The name this device last signed in with, filled in so staff type only their PIN. */
      rememberedName?: string | undefined;
    }
  | { refusal: "forbidden"; message: string; role: StaffRole }
  | { refusal: "cross-origin" | "busy" | "bad-form"; message: string };

/**
 * Set on the address signing out lands on (?signed-out=1), so the sign-in form there says it worked. It carries
 * nothing personal, and signing in again drops it (app/web/staff-route.server.ts).
 */
export const SIGNED_OUT_FLAG = "signed-out";

export function isStaffRefusal(value: unknown): value is StaffRefusal {
  return typeof value === "object" && value !== null && "refusal" in value && typeof (value as { refusal: unknown }).refusal === "string";
}

/** What a signed-in staff member's pages know about them. */
export interface StaffMemberView {
  name: string;
  role: StaffRole;
}
