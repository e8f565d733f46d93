/**
 * What the staff home page shows each person: per list, what came in since
 * they last opened it and what is still waiting, and how many messages the
 * site could not send. "Last opened" is kept per staff member and list.
 */
import { sql } from "kysely";
import type { Db } from "~/.server/db/schema";
import { deskLists, type DeskList } from "./desk-lists";
import { inboxKinds } from "./inbox-kinds";
import { rowsOf } from "./inbox.server";
/** Notes that this person has just opened this list. */
export async function markSeen(db: Db, staffId: number, list: DeskList, now = new Date()): Promise<void> {
  const seen_at = now.toISOString();
  await db
    .insertInto("staff_last_seen")
    .values({ staff_id: staffId, kind: list, seen_at })
    .onConflict((oc) => oc.columns(["staff_id", "kind"]).doUpdateSet({ seen_at }))
    .execute();
}

/** A count where a condition holds: portable (SQLite and PostgreSQL both take CASE). */
const countWhere = (condition: ReturnType<typeof sql>) => sql<number | string>`sum(case when ${condition} then 1 else 0 end)`;

/**
 * Per list, `fresh`: came in since this person last opened it (everything, if they never have), and `waiting`: not
 * handled yet (for applicants, no follow-up chosen yet); and `failedMessages`, those the site gave up sending.
 */
export async function deskSummary(db: Db, staffId: number) {
  const seenRows = await db.selectFrom("staff_last_seen").select(["kind", "seen_at"]).where("staff_id", "=", staffId).execute();
  const seen = new Map(seenRows.map((r) => [r.kind, r.seen_at]));
  // Before anything was stored: a time earlier than every record.
  const since = (list: DeskList) => seen.get(list) ?? "";

  const applicants = await db
    .selectFrom("job_applicants")
    .select([
      countWhere(sql`created_at > ${since("applicants")}`).as("fresh"),
      countWhere(sql`follow_up = '' and deleted_at is null`).as("waiting"),
    ])
    .executeTakeFirstOrThrow();
  const inboxes = await Promise.all(
    inboxKinds.map(async (kind) => {
      const { table, mine } = rowsOf(kind);
      const counts = await db
        .selectFrom(table)
        .select([countWhere(sql`created_at > ${since(kind)}`).as("fresh"), countWhere(sql`handled_at is null`).as("waiting")])
        .where(mine)
        .executeTakeFirstOrThrow();
      return [kind, counts] as const;
    }),
  );
  const failed = await db.selectFrom("outbox_messages").select((eb) => eb.fn.countAll<number | string>().as("n")).where("status", "=", "failed").executeTakeFirstOrThrow();

  const totals = { applicants, ...Object.fromEntries(inboxes) } as Record<DeskList, { fresh: unknown; waiting: unknown }>;
  return {
    lists: deskLists.map((list) => ({
      list,
      fresh: Number(totals[list].fresh ?? 0),
      waiting: Number(totals[list].waiting ?? 0),
      lastSeen: seen.get(list) ?? null,
    })),
    failedMessages: Number(failed.n),
  };
}
