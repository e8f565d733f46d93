import { describe, expect, it } from "vitest";
import { purgeExpired } from "~/modules/privacy/purge.server";
import { databasePerTest } from "../support/database-per-test";
import { engines } from "../support/databases";
import { outboxRow } from "../support/outbox";

describe.each(engines)("retention on %s", (engine) => {
  const openDatabase = databasePerTest(engine);

  it("deletes records past their time and keeps the rest, and never a waiting message", async () => {
    const db = await openDatabase();
    const now = new Date("2026-11-22T12:00:00Z");
    const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000).toISOString();

    for (const [created, name] of [[daysAgo(400), "Old"], [daysAgo(10), "New"]] as const) {
      await db.insertInto("contact_messages").values({ name, email: "a@example.com", message: "Hi", created_at: created }).execute();
      await db.insertInto("interest_registrations").values({ kind: "feedback", name, mobile: "+447700900001", created_at: created }).execute();
    }
    await db.insertInto("interest_registrations").values({ kind: "open-evening", name: "Middle", mobile: "+447700900002", created_at: daysAgo(200) }).execute();
    const message = (id: string, status: "sent" | "pending", created: string) => outboxRow(id, created, { recipient: "a@example.com", status });
    await db.insertInto("outbox_messages").values([message("a", "sent", daysAgo(100)), message("b", "pending", daysAgo(100)), message("c", "sent", daysAgo(5))]).execute();

    for (const [link, created] of [["oldquotelink01", daysAgo(400)], ["newquotelink01", daysAgo(3)]] as const) {
      await db
        .insertInto("quotes")
        .values({
          link,
          created_at: created,
          name: "Ann Lee",
          first_name: "Ann",
          mobile: "+447700900003",
          email: "ann@example.com",
          referral: "google",
          regular: 0,
          selector: "Level",
          calculator_type: "Men",
          has_colour: 0,
          salon_id: 3,
          salon_name: "Base Hair Academy",
          level_id: 2,
          level_name: "Apprentice",
          stylist_id: null,
          stylist_name: null,
          stylist_image: null,
          stylist_salon_id: null,
          stylist_salon_name: null,
          total: 14,
        })
        .execute();
      await db.insertInto("quote_services").values({ quote_link: link, position: 0, service_id: 25, service: "Men's Cut", price: 14 }).execute();
    }

    const removed = await purgeExpired(db, now);
    expect(removed).toMatchObject({ messages: 1, "open-evening": 1, feedback: 1, outbox_messages: 1, quotes: 1 });
    expect((await db.selectFrom("quotes").select("link").execute()).map((r) => r.link)).toEqual(["newquotelink01"]);
    expect((await db.selectFrom("quote_services").select("quote_link").execute()).map((r) => r.quote_link)).toEqual(["newquotelink01"]);
    expect((await db.selectFrom("contact_messages").select("name").execute()).map((r) => r.name)).toEqual(["New"]);
    expect((await db.selectFrom("interest_registrations").select("name").execute()).map((r) => r.name)).toEqual(["New"]);
    expect((await db.selectFrom("outbox_messages").select("id").orderBy("id").execute()).map((r) => r.id)).toEqual(["b", "c"]);
  });
});
