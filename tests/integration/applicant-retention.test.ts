import { describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { Database } from "~/.server/db/schema";
import { describeApplicantRetention } from "~/modules/submissions/retention";
import { purgeExpired } from "~/modules/privacy/purge.server";
import { databasePerTest } from "../support/database-per-test";
import { engines, storedApplicantAnswers } from "../support/databases";

const now = new Date("2026-11-22T12:00:00Z");
const monthsAgo = (months: number, days = 0) => {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString();
};

interface Case {
  name: string;
  applied: string;
  changed: string;
  follow_up?: string;
  email_response?: string | null;
  archived?: boolean;
  erased: boolean;
}

// Closed (archived, 'no', or sent 'unsuccessful'): 6 months after the last change. Everyone else: 12 months after applying.
const cases: Case[] = [
  { name: "Open, applied 13 months ago, changed last month", applied: monthsAgo(13), changed: monthsAgo(1), follow_up: "maybe", erased: true },
  { name: "Open, applied 11 months ago", applied: monthsAgo(11), changed: monthsAgo(11), erased: false },
  { name: "Definitely, applied 12 months and a day ago", applied: monthsAgo(12, 1), changed: monthsAgo(2), follow_up: "definitely", erased: true },
  { name: "Maybe email, applied 11 months ago, changed 7 months ago", applied: monthsAgo(11), changed: monthsAgo(7), email_response: "maybe", erased: false },
  { name: "Marked no 7 months ago", applied: monthsAgo(8), changed: monthsAgo(7), follow_up: "no", erased: true },
  { name: "Marked no 5 months ago, applied 13 months ago", applied: monthsAgo(13), changed: monthsAgo(5), follow_up: "no", erased: false },
  { name: "Archived 7 months ago", applied: monthsAgo(9), changed: monthsAgo(7), archived: true, erased: true },
  { name: "Archived 2 months ago", applied: monthsAgo(3), changed: monthsAgo(2), archived: true, erased: false },
  { name: "Sent unsuccessful 6 months and a day ago", applied: monthsAgo(7), changed: monthsAgo(6, 1), email_response: "unsuccessful", erased: true },
  { name: "Sent unsuccessful 5 months ago", applied: monthsAgo(7), changed: monthsAgo(5), email_response: "unsuccessful", erased: false },
];

async function seed(db: Kysely<Database>) {
  const ids = new Map<string, number>();
  for (const c of cases) {
    const { id } = await db
      .insertInto("job_applicants")
      .values({
        name: c.name,
        mobile: "+447700900123",
        email: "someone@example.com",
        ...storedApplicantAnswers,
        follow_up: c.archived ? "archived" : (c.follow_up ?? ""),
        email_response: c.email_response ?? null,
        created_at: c.applied,
        updated_at: c.changed,
        deleted_at: c.archived ? c.changed : null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.set(c.name, id);
    await db.insertInto("applicant_notes").values({ applicant_id: id, author: "Morgan", text: `About ${c.name}`, created_at: c.changed }).execute();
    for (const status of ["pending", "sent"] as const) {
      await db
        .insertInto("outbox_messages")
        .values({
          id: `${status}-${id}`,
          channel: "email",
          template: "applicant-thank-you",
          recipient: "someone@example.com",
          subject: "s",
          body_text: `Hi ${c.name}`,
          body_html: null,
          reply_to: null,
          status,
          attempts: 0,
          next_attempt_at: now.toISOString(),
          locked_until: null,
          locked_by: null,
          last_error: null,
          provider_id: null,
          related_type: "joinus",
          related_id: String(id),
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
          sent_at: null,
        })
        .execute();
    }
    await db.insertInto("audit_events").values({ at: c.changed, actor: "Sam", action: "viewed", subject_type: "joinus", subject_id: String(id), detail: null }).execute();
  }
  return ids;
}

describe.each(engines)("applicant retention on %s", (engine) => {
  const openDatabase = databasePerTest(engine);

  it("erases exactly the applicants whose time is up, with their notes and messages, and nothing else", async () => {
    const db = await openDatabase();
    const ids = await seed(db);
    await db.insertInto("contact_messages").values({ name: "Recent", email: "r@example.com", message: "Hi", created_at: monthsAgo(1) }).execute();

    const removed = await purgeExpired(db, now, { openMonths: 12, closedMonths: 6 });
    expect(removed.joinus).toBe(cases.filter((c) => c.erased).length);

    const left = (await db.selectFrom("job_applicants").select("name").orderBy("id").execute()).map((r) => r.name);
    expect(left).toEqual(cases.filter((c) => !c.erased).map((c) => c.name));
    const keptIds = cases.filter((c) => !c.erased).map((c) => String(ids.get(c.name)));
    const erasedIds = cases.filter((c) => c.erased).map((c) => String(ids.get(c.name)));

    const notes = await db.selectFrom("applicant_notes").select("applicant_id").orderBy("applicant_id").execute();
    expect(notes.map((n) => String(n.applicant_id))).toEqual(keptIds);
    const messages = await db.selectFrom("outbox_messages").select("related_id").execute();
    expect([...new Set(messages.map((m) => m.related_id))].sort()).toEqual([...keptIds].sort());
    expect(messages).toHaveLength(keptIds.length * 2);

    // The trail of an erased applicant is one line; the others' trails are untouched.
    const trail = await db.selectFrom("audit_events").select(["actor", "action", "subject_id"]).where("subject_type", "=", "joinus").execute();
    for (const id of erasedIds) {
      expect(trail.filter((e) => e.subject_id === id)).toEqual([{ actor: "the retention schedule", action: "erased", subject_id: id }]);
    }
    for (const id of keptIds) expect(trail.filter((e) => e.subject_id === id)).toEqual([{ actor: "Sam", action: "viewed", subject_id: id }]);
    expect(await db.selectFrom("contact_messages").select("name").execute()).toEqual([{ name: "Recent" }]);

    // A second run the same day finds nothing more.
    expect((await purgeExpired(db, now, { openMonths: 12, closedMonths: 6 })).joinus).toBe(0);
  });

  it("follows the configured periods", async () => {
    const db = await openDatabase();
    await seed(db);
    // Keep open applications 24 months and closed ones 1 month: only the closed ones changed over a month ago go.
    await purgeExpired(db, now, { openMonths: 24, closedMonths: 1 });
    const left = (await db.selectFrom("job_applicants").select("name").orderBy("id").execute()).map((r) => r.name);
    expect(left).toEqual([
      "Open, applied 13 months ago, changed last month",
      "Open, applied 11 months ago",
      "Definitely, applied 12 months and a day ago",
      "Maybe email, applied 11 months ago, changed 7 months ago",
    ]);
    expect(describeApplicantRetention({ openMonths: 24, closedMonths: 1 })).toBe(
      "24 months after you apply; 1 month after our last step if we don't take your application further",
    );
  });
});
