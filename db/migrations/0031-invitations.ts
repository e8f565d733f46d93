import type { Kysely } from "kysely";
import { autoId } from "./helpers";

// Interview and trial-day invitations (issue 20): one row per invitation a
// manager sends, the start as a UTC instant (shown and put in the calendar file
// in the salon's time zone), the calendar's stable UID, and the outbox messages
// it queued: the email (with its calendar file, made when it is sent) and the
// text reminder the day before. Taking the email back sets `cancelled_at`.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("applicant_invitations")
    .addColumn("id", "integer", autoId(db))
    .addColumn("applicant_id", "integer", (c) => c.notNull().references("job_applicants.id").onDelete("cascade"))
    // interview or trial
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("starts_at", "text", (c) => c.notNull())
    .addColumn("minutes", "integer", (c) => c.notNull())
    .addColumn("place", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("uid", "text", (c) => c.notNull().unique())
    .addColumn("email_message_id", "text", (c) => c.notNull())
    .addColumn("reminder_message_id", "text")
    // A staff display name.
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("cancelled_at", "text")
    .execute();
  await db.schema.createIndex("applicant_invitations_applicant").on("applicant_invitations").columns(["applicant_id", "starts_at"]).execute();
  await db.schema.createIndex("applicant_invitations_starts").on("applicant_invitations").column("starts_at").execute();
  await db.schema.createIndex("applicant_invitations_email").on("applicant_invitations").column("email_message_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("applicant_invitations").execute();
}
