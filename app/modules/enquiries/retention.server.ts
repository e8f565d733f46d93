/**
 * Deleting what we promised to delete (see /privacy): each kind of record goes
 * when its time is up, and so do sent messages, whose bodies hold personal details.
 */
import { sql, type Kysely, type SqlBool } from "kysely";
import type { Database } from "~/.server/db/schema";
import { eraseExpiredApplicants } from "~/modules/applicants/retention.server";
import { defaultApplicantRetention, type ApplicantRetention } from "~/modules/applicants/retention-policy";
import { purgeOldAuditEvents } from "~/modules/audit/audit.server";

const DAY = 86_400_000;

export const retention = {
  model_applicants: 365,
  contact_messages: 365,
  interest_registrations: 183,
  /** Saved quotes, with their services. */
  quotes: 365,
  /** Delivered, failed or suppressed messages; waiting ones are never removed. */
  outbox_messages: 90,
} as const;

type Removed = Record<keyof typeof retention | "job_applicants" | "audit_events" | "orphaned_messages", number>;

/**
 * Messages about a record that is no longer there: a message goes with the
 * record it belongs to, whether that was erased on request or purged, and
 * whatever state the message is in.
 */
const orphanConditions = {
  applicant: sql<SqlBool>`not exists (select 1 from job_applicants r where cast(r.id as text) = outbox_messages.related_id)`,
  contact: sql<SqlBool>`not exists (select 1 from contact_messages r where cast(r.id as text) = outbox_messages.related_id)`,
  quote: sql<SqlBool>`not exists (select 1 from quotes r where r.link = outbox_messages.related_id)`,
};

/** Job applicants go by their status (app/modules/applicants/retention.server.ts), on the configured periods. */
export async function purgeExpired(
  db: Kysely<Database>,
  now = new Date(),
  applicants: ApplicantRetention = defaultApplicantRetention,
): Promise<Removed> {
  const before = (days: number) => new Date(now.getTime() - days * DAY).toISOString();
  const removed = {} as Removed;
  removed.job_applicants = await eraseExpiredApplicants(db, applicants, now);
  for (const table of ["model_applicants", "contact_messages", "interest_registrations"] as const) {
    const result = await db.deleteFrom(table).where("created_at", "<", before(retention[table])).executeTakeFirst();
    removed[table] = Number(result.numDeletedRows);
  }
  const expiredQuotes = db.selectFrom("quotes").select("link").where("created_at", "<", before(retention.quotes));
  await db.deleteFrom("quote_services").where("quote_link", "in", expiredQuotes).execute();
  const quotes = await db.deleteFrom("quotes").where("created_at", "<", before(retention.quotes)).executeTakeFirst();
  removed.quotes = Number(quotes.numDeletedRows);
  const messages = await db
    .deleteFrom("outbox_messages")
    .where("created_at", "<", before(retention.outbox_messages))
    .where("status", "in", ["sent", "failed", "suppressed"])
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
