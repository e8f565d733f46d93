import { sql, type Kysely } from "kysely";

// Each kind of thing the public sends goes by one name (app/modules/submissions/names.ts):
// its audit trail's subject and its outbox messages' related type become that name.
// Rows written before keep their history under the new names. The tables keep
// theirs: the descriptors name them, and two kinds share interest_registrations.
const auditSubjects: [string, string][] = [
  ["applicant", "joinus"],
  ["model-signup", "models"],
  ["contact-message", "messages"],
  ["open-evening-registration", "open-evening"],
  ["feedback-registration", "feedback"],
];
const outboxTypes: [string, string][] = [
  ["applicant", "joinus"],
  ["contact", "messages"],
];

async function rename(db: Kysely<unknown>, table: "audit_events" | "outbox_messages", column: "subject_type" | "related_type", pairs: [string, string][]) {
  for (const [from, to] of pairs) await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${to} where ${sql.ref(column)} = ${from}`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rename(db, "audit_events", "subject_type", auditSubjects);
  await rename(db, "outbox_messages", "related_type", outboxTypes);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const back = (pairs: [string, string][]) => pairs.map(([from, to]): [string, string] => [to, from]);
  await rename(db, "audit_events", "subject_type", back(auditSubjects));
  await rename(db, "outbox_messages", "related_type", back(outboxTypes));
}
