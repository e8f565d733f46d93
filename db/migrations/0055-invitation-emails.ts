import { sql, type Kysely } from "kysely";
import { autoId } from "./helpers";

// Invitations that can be moved and called off (issue 33, decision 0055): one
// row per email sent about an invitation (the first REQUEST, each move's
// REQUEST, the CANCEL), holding what its calendar file says: the SEQUENCE and
// the time, length, place and note as they were when it was queued. The
// worker makes the file from this row, so a file never says what the email
// does not; taking a held email back deletes its row and puts the invitation
// back as the row before it says. The invitation keeps the highest SEQUENCE used.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("applicant_invitations").addColumn("sequence", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema
    .createTable("applicant_invitation_emails")
    .addColumn("id", "integer", autoId(db))
    .addColumn("invitation_id", "integer", (c) => c.notNull().references("applicant_invitations.id").onDelete("cascade"))
    .addColumn("sequence", "integer", (c) => c.notNull())
    // request or cancel
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("starts_at", "text", (c) => c.notNull())
    .addColumn("minutes", "integer", (c) => c.notNull())
    .addColumn("place", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("email_message_id", "text", (c) => c.notNull().unique())
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("applicant_invitation_emails_invitation").on("applicant_invitation_emails").columns(["invitation_id", "sequence"]).execute();
  // Every invitation already sent had one email: its first REQUEST.
  await sql`insert into applicant_invitation_emails (invitation_id, sequence, method, starts_at, minutes, place, note, email_message_id, created_by, created_at)
    select id, 0, 'request', starts_at, minutes, place, note, email_message_id, created_by, created_at from applicant_invitations`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("applicant_invitation_emails").execute();
  await db.schema.alterTable("applicant_invitations").dropColumn("sequence").execute();
}
