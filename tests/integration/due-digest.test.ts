import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sendDueDigest } from "~/modules/applicants/due-digest.server";
import { engines, openMigratedTestDatabase, storedApplicantAnswers } from "../support/databases";

// The morning email of what is due, on both engines: none before 08:00 in
// London, none when nothing is due, one a day however often it is asked.
type Opened = Awaited<ReturnType<typeof openMigratedTestDatabase>>;
const brand = { name: "Larkfield Hair School", phone: "01632 960 587", address: "4 Kiln Yard", publicUrl: "https://larkfield.example.com", bookingUrl: "https://book.example.com", words: {} };

describe.each(engines)("the morning email of what is due on %s", (engine) => {
  let opened: Opened;
  let wakes = 0;
  const services = () => ({ db: opened.db, brand, settings: { mail: { staffNotify: "desk@example.com" } }, outbox: { wake: () => void wakes++ }, config: { visitorMessagesPerHour: 1000 } });
  const applicant = (name: string, remind_on: string | null, archived = false) =>
    opened.db
      .insertInto("job_applicants")
      .values({
        name,
        mobile: "+447700900001",
        email: `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`,
        ...storedApplicantAnswers,
        follow_up: archived ? "archived" : "",
        email_response: null,
        created_at: "2026-06-01T09:00:00.000Z",
        updated_at: "2026-06-01T09:00:00.000Z",
        deleted_at: archived ? "2026-06-02T09:00:00.000Z" : null,
        remind_on,
        follow_up_before_archive: null,
        email_response_before: null,
      })
      .execute();
  const digests = () => opened.db.selectFrom("outbox_messages").select(["recipient", "subject", "body_text", "related_id"]).where("template", "=", "due-digest").execute();

  beforeEach(async () => {
    opened = await openMigratedTestDatabase(engine);
    wakes = 0;
  });
  afterEach(async () => {
    await opened.close();
  });

  it("sends nothing when nothing is due, and nothing before 08:00", async () => {
    await applicant("Later Lou", "2026-06-20");
    await applicant("Archived Abe", "2026-06-01", true);
    expect(await sendDueDigest(services(), new Date("2026-06-15T09:00:00Z"))).toBe("nothing-due");
    await applicant("Due Dana", "2026-06-15");
    // 06:30 UTC is 07:30 in London in June (BST): too early.
    expect(await sendDueDigest(services(), new Date("2026-06-15T06:30:00Z"))).toBe("too-early");
    expect(await digests()).toEqual([]);
  });

  it("lists what is due once a salon day, oldest first, to the salon's address", async () => {
    await applicant("Due Dana", "2026-06-15");
    await applicant("Overdue Olly", "2026-06-10");
    await applicant("Later Lou", "2026-06-16");
    // 07:10 UTC is 08:10 in London.
    expect(await sendDueDigest(services(), new Date("2026-06-15T07:10:00Z"))).toBe("sent");
    expect(await sendDueDigest(services(), new Date("2026-06-15T15:10:00Z"))).toBe("already-sent");
    const [digest, ...rest] = await digests();
    expect(rest).toEqual([]);
    expect(digest).toMatchObject({ recipient: "desk@example.com", subject: "Due today: 2 applicants", related_id: "2026-06-15" });
    expect(digest!.body_text).toMatch(/Overdue Olly \(since 10 June 2026\)\s+Due Dana \(today\)/);
    expect(digest!.body_text).not.toContain("Later Lou");
    expect(wakes).toBe(1);
    // The next day is a new day.
    expect(await sendDueDigest(services(), new Date("2026-06-16T08:00:00Z"))).toBe("sent");
  });

  it("sends nothing when no address is set: the desk then says reminders show only there", async () => {
    await applicant("Due Dana", "2026-06-15");
    expect(await sendDueDigest({ ...services(), settings: { mail: { staffNotify: " " } } }, new Date("2026-06-15T07:10:00Z"))).toBe("no-address");
    expect(await digests()).toEqual([]);
  });
});
