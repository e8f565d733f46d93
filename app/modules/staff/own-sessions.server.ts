/**
 * A staff member's own sessions (ASVS 7.5.2): they see where they are signed
 * in and end any session but the one in hand, or all the others at once.
 * Each ending goes to the audit trail.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/.server/db/schema";
import { recordAudit } from "~/modules/audit/audit.server";
import { endOtherSessions, endSessionByRef, listStaffSessions, sessionsEnded } from "./sessions.server";

/** Ends one of the person's other sessions; false when it is no longer there (or is the one in hand). */
export async function endOwnSession(db: Kysely<Database>, staff: { staffId: number; name: string }, ref: string, currentId: string, now = new Date()): Promise<boolean> {
  const session = (await listStaffSessions(db, staff.staffId, currentId, now)).find((s) => s.ref === ref && !s.current);
  if (!session || (await endSessionByRef(db, staff.staffId, ref, currentId)) === 0) return false;
  await recordAudit(db, { actor: staff.name, action: "session-ended", subjectType: "staff", subjectId: staff.staffId, detail: `their session (${session.deviceKind}), ended by themselves` }, now);
  return true;
}

/** Signs the person out everywhere but here; how many sessions ended. */
export async function endOwnOtherSessions(db: Kysely<Database>, staff: { staffId: number; name: string }, currentId: string, now = new Date()): Promise<number> {
  const ended = await endOtherSessions(db, staff.staffId, currentId);
  await recordAudit(db, sessionsEnded(staff.name, staff.staffId, ended, "elsewhere, ended by themselves"), now);
  return ended;
}
