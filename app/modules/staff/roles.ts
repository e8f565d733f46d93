/**
 * What each staff account may do (api-contract.md, "Roles"). A manager may do
 * everything; reception reads and notes applicants and enquiries, sets
 * follow-up and reminders and marks enquiries handled, but sends no email to
 * applicants, erases nothing and leaves the site's settings and news alone.
 * Pure: the pages' guard, the API and the command line ask the same question.
 */

export const staffRoles = ["manager", "reception"] as const;
export type StaffRole = (typeof staffRoles)[number];

export const isStaffRole = (value: unknown): value is StaffRole => typeof value === "string" && (staffRoles as readonly string[]).includes(value);

/** Whether someone with `role` may do what needs `needed`. */
export function mayAct(role: StaffRole, needed: StaffRole): boolean {
  return role === "manager" || role === needed;
}

/** Why a role is refused, in the words the pages and the API answer with. */
export function roleRefusal(role: StaffRole, needed: StaffRole): string | null {
  return mayAct(role, needed) ? null : "Only a manager can do that. Ask a manager if it needs doing.";
}

export const roleLabels: Record<StaffRole, string> = { manager: "Manager", reception: "Reception" };
