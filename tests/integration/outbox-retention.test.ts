import { describe, expect, it } from "vitest";
import { purgeExpired } from "~/modules/privacy/purge.server";
import { databasePerTest } from "../support/database-per-test";
import { engines } from "../support/databases";
import { outboxRow } from "../support/outbox";

// The messages the staff see under "Messages sent" hold personal details: they
// go with the records they belong to, whenever those go and whatever state the
// message is in (a waiting one included).
describe.each(engines)("messages follow their records on %s", (engine) => {
  const openDatabase = databasePerTest(engine);

  it("deletes the messages of erased or purged records, and keeps the rest", async () => {
    const db = await openDatabase();
    const now = new Date("2027-03-10T12:00:00Z");
    const at = new Date(now.getTime() - 5 * 86_400_000).toISOString();
    const { id: kept } = await db
      .insertInto("contact_messages")
      .values({ name: "Kept", email: "kept@example.com", message: "Hello", created_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    const message = (id: string, status: "sent" | "pending" | "failed", related: [string, string] | null) =>
      outboxRow(id, at, { status, related_type: related?.[0] ?? null, related_id: related?.[1] ?? null });
    await db
      .insertInto("outbox_messages")
      .values([
        message("contact-kept", "sent", ["messages", String(kept)]),
        message("contact-gone", "sent", ["messages", String(kept + 1000)]),
        message("contact-gone-waiting", "pending", ["messages", String(kept + 1001)]),
        message("applicant-gone", "failed", ["joinus", "424242"]),
        message("quote-gone", "sent", ["quote", "nosuchquotelink"]),
        message("unrelated", "sent", null),
      ])
      .execute();

    const removed = await purgeExpired(db, now);
    expect(removed.orphaned_messages).toBe(4);
    expect((await db.selectFrom("outbox_messages").select("id").orderBy("id").execute()).map((r) => r.id)).toEqual(["contact-kept", "unrelated"]);
  });
});
