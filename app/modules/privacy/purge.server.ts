/**
 * The daily purge: deleting what we promised to delete (see /privacy). Each
 * submission kind goes when its descriptor's time is up (job applications by
 * the applicant policy, app/modules/applicants/retention.server.ts), saved
 * quotes after theirs, and so do sent messages, whose bodies hold personal
 * details. The site-wide job, above both the public kinds and the staff's
 * applicant desk: nothing public imports it.
 */
import { subMonths } from "date-fns";
import { sql, type SqlBool } from "kysely";
import type { Db } from "~/.server/db/schema";
import { eraseExpiredApplicants } from "~/modules/applicants/retention.server";
import { purgeOldAuditEvents } from "~/modules/audit/audit.server";
import { submissionKinds, type SubmissionKind } from "~/modules/submissions/kinds";
import { QUOTE, submissionNames, type SubmissionName } from "~/modules/submissions/names";
import {
  APPLICANT_RETENTION_DEFAULTS,
  QUOTE_RETENTION_MONTHS,
  SENT_MESSAGE_RETENTION_DAYS,
  type ApplicantRetention,
} from "~/modules/submissions/retention";

/** How many records of each kind went, by the kind's name, and of the rest by table. */
export type Removed = Record<SubmissionName | "quotes" | "outbox_messages" | "audit_events" | "orphaned_messages", number>;

/**
 * Messages about a record that is no longer there, by the outbox's related
 * type (the kind's name): a message goes with the record it belongs to,
 * whether that was erased on request or purged, and whatever state it is in.
 */
const orphanConditions: Record<string, ReturnType<typeof sql<SqlBool>>> = {
  [submissionKinds.joinus.name]: sql<SqlBool>`not exists (select 1 from job_applicants r where cast(r.id as text) = outbox_messages.related_id)`,
  [submissionKinds.messages.name]: sql<SqlBool>`not exists (select 1 from contact_messages r where cast(r.id as text) = outbox_messages.related_id)`,
  [QUOTE]: sql<SqlBool>`not exists (select 1 from quotes r where r.link = outbox_messages.related_id)`,
};

export async function purgeExpired(db: Db, now = new Date(), applicants: ApplicantRetention = APPLICANT_RETENTION_DEFAULTS): Promise<Removed> {
  const removed = {} as Removed;
  for (const name of submissionNames) {
    const kind: SubmissionKind = submissionKinds[name];
    if (kind.keptMonths === "applicant-policy") {
      removed[name] = await eraseExpiredApplicants(db, applicants, now);
      continue;
    }
    const result = await db
      .deleteFrom(kind.table as "contact_messages")
      .where("created_at", "<", subMonths(now, kind.keptMonths).toISOString())
      .$if(kind.discriminator === true, (qb) => qb.where(sql.ref("kind"), "=", kind.name))
      .executeTakeFirst();
    removed[name] = Number(result.numDeletedRows);
  }
  const quotesBefore = subMonths(now, QUOTE_RETENTION_MONTHS).toISOString();
  const expiredQuotes = db.selectFrom("quotes").select("link").where("created_at", "<", quotesBefore);
  await db.deleteFrom("quote_services").where("quote_link", "in", expiredQuotes).execute();
  const quotes = await db.deleteFrom("quotes").where("created_at", "<", quotesBefore).executeTakeFirst();
  removed.quotes = Number(quotes.numDeletedRows);
  const messages = await db
    .deleteFrom("outbox_messages")
    .where("created_at", "<", new Date(now.getTime() - SENT_MESSAGE_RETENTION_DAYS * 86_400_000).toISOString())
    // A staff alert that went in a digest is done once its digest is queued (decision 0050); one still waiting is kept.
    .where((eb) => eb.or([eb("status", "in", ["sent", "failed", "suppressed"]), eb.and([eb("status", "=", "digest"), eb("digest_id", "is not", null)])]))
    .executeTakeFirst();
  removed.outbox_messages = Number(messages.numDeletedRows);
  removed.orphaned_messages = 0;
  for (const [type, condition] of Object.entries(orphanConditions)) {
    const result = await db.deleteFrom("outbox_messages").where("related_type", "=", type).where(condition).executeTakeFirst();
    removed.orphaned_messages += Number(result.numDeletedRows);
  }
  removed.audit_events = await purgeOldAuditEvents(db, now);
  return removed;
}
