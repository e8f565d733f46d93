import type { Kysely } from "kysely";

// The applicant desk (issue 20):
// - an email staff send to an applicant is held before the worker may take it
//   (`held_until`, also its first `next_attempt_at`), so it can be taken back;
// - the applicant emails' wording is the salon's to edit (`email_templates`:
//   a row only for a template someone changed; the shipped wording otherwise);
// - a "remind me on" date per applicant, and the follow-up an applicant had
//   before archiving, so restoring brings it back; and the email_response an
//   applicant had before a held email, so taking it back restores it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("outbox_messages").addColumn("held_until", "text").execute();
  await db.schema
    .createTable("email_templates")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("updated_by", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.alterTable("job_applicants").addColumn("remind_on", "text").execute();
  await db.schema.alterTable("job_applicants").addColumn("follow_up_before_archive", "text").execute();
  await db.schema.alterTable("job_applicants").addColumn("email_response_before", "text").execute();
  await db.schema.createIndex("job_applicants_remind_on").on("job_applicants").column("remind_on").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("job_applicants_remind_on").execute();
  await db.schema.alterTable("job_applicants").dropColumn("email_response_before").execute();
  await db.schema.alterTable("job_applicants").dropColumn("follow_up_before_archive").execute();
  await db.schema.alterTable("job_applicants").dropColumn("remind_on").execute();
  await db.schema.dropTable("email_templates").execute();
  await db.schema.alterTable("outbox_messages").dropColumn("held_until").execute();
}
