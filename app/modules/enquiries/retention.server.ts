/**
 * Deleting what we promised to delete (see /privacy): each kind of record goes
 * when its time is up, and so do sent messages, whose bodies hold personal details.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/.server/db/schema";

const DAY = 86_400_000;

export const retention = {
  job_applicants: 365,
  model_applicants: 365,
  contact_messages: 365,
  interest_registrations: 183,
  /** Saved quotes, with their services. */
  quotes: 365,
  /** Delivered, failed or suppressed messages; waiting ones are never removed. */
  outbox_messages: 90,
} as const;

export async function purgeExpired(db: Kysely<Database>, now = new Date()): Promise<Record<keyof typeof retention, number>> {
  const before = (days: number) => new Date(now.getTime() - days * DAY).toISOString();
  const removed = {} as Record<keyof typeof retention, number>;
  for (const table of ["job_applicants", "model_applicants", "contact_messages", "interest_registrations"] as const) {
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
  return removed;
}
