/**
 * Applicants are erased when their time is up (the policy in app/modules/submissions/retention.ts):
 * closed ones (archived, marked 'no', or sent the 'unsuccessful' email) a set
 * number of months after their last change, everyone else a set number of
 * months after applying. Erased like an erasure on request: the record, its
 * notes and its messages, with one line left in the audit trail.
 */
import { subMonths } from "date-fns";
import type { Expression, Kysely, SqlBool } from "kysely";
import type { Database } from "~/.server/db/schema";
import { replaceTrailWithErasure } from "~/modules/audit/audit.server";
import { AUDIT_SUBJECT } from "./applicant-emails.server";
import { eraseRecords } from "./applicants.server";
import type { ApplicantRetention } from "~/modules/submissions/retention";

/** The audit trail's name for the daily clean-up. */
export const RETENTION_ACTOR = "the retention schedule";

export async function eraseExpiredApplicants(db: Kysely<Database>, policy: ApplicantRetention, now = new Date()): Promise<number> {
  const closedBefore = subMonths(now, policy.closedMonths).toISOString();
  const openBefore = subMonths(now, policy.openMonths).toISOString();
  const expired = await db
    .selectFrom("job_applicants")
    .select("id")
    .where((eb) => {
      const closed: Expression<SqlBool> = eb.or([
        eb("deleted_at", "is not", null),
        eb("follow_up", "in", ["no", "archived"]),
        // coalesce: a NULL here would make "not closed" unknown rather than true.
        eb(eb.fn.coalesce("email_response", eb.val("")), "=", "unsuccessful"),
      ]);
      return eb.or([eb.and([closed, eb("updated_at", "<", closedBefore)]), eb.and([eb.not(closed), eb("created_at", "<", openBefore)])]);
    })
    .execute();
  const ids = expired.map((r) => r.id);
  if (ids.length === 0) return 0;
  await db.transaction().execute(async (trx) => {
    await eraseRecords(trx, ids);
    for (const id of ids) await replaceTrailWithErasure(trx, RETENTION_ACTOR, AUDIT_SUBJECT, id, now);
  });
  return ids.length;
}
