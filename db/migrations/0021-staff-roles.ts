import { sql, type Kysely } from "kysely";

// Every staff account gets a role: `manager` (everything) or `reception`
// (reads and notes applicants and enquiries; no emails to applicants, no
// erasing, no site settings). Accounts that exist already are managers: until
// now everyone could do everything.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("staff_accounts")
    .addColumn("role", "text", (c) => c.notNull().defaultTo("manager").check(sql`role in ('manager', 'reception')`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("staff_accounts").dropColumn("role").execute();
}
