import type { Kysely } from "kysely";

// The feedback form's optional "Your feedback": what the visitor wrote, kept
// with their registration (null for open-evening registrations and for
// feedback sent without words).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("interest_registrations").addColumn("feedback", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("interest_registrations").dropColumn("feedback").execute();
}
