import nodeIcal, { type VEvent } from "node-ical";
import PostalMime from "postal-mime";
import { describe, expect, it } from "vitest";
import { engines } from "../support/databases";
import { applicantBody, submitApplication, type StaffClient } from "../support/staff-client";
import { staffTeamFor } from "../support/staff-team";
import { waitFor } from "../support/wait";

// Interview and trial-day invitations (api-contract.md, "Applicant desk"), on
// both engines, through the API and the page without JavaScript: who may send
// one, the bad inputs, the email that reaches a real SMTP server with its
// calendar file read back by a calendar library on each side of a clock change,
// the text the day before, and the Undo that stops both.
const HOLD_SECONDS = 1;
// A held email leaves within this of its hold ending (the outbox looks for due messages this often; 1 s by default).
const HELD_POLL_MS = 50;
const london = (date: Date) => new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", dateStyle: "full", timeStyle: "short" }).format(date);

describe.each(engines)("invitations on %s", (engine) => {
  const team = staffTeamFor(engine, { pages: true, smtp: true, network: "192.0.2", env: { STAFF_EMAIL_HOLD_SECONDS: String(HOLD_SECONDS), OUTBOX_POLL_MS: String(HELD_POLL_MS) } });
  const db = () => team.server.services.db;
  const html = async (response: Response) => (await response.text()).replace(/\s+/g, " ").replace(/&#x27;/g, "'");
  const post = (c: StaffClient, path: string, form: Record<string, string>) => c.request("POST", path, { form, headers: { origin: team.server.url } });

  const apply = (name: string) => submitApplication(team.server.url, applicantBody(name));
  const invite = (c: StaffClient, id: number, body: Record<string, unknown>) => c.request("POST", `/api/staff/applicants/${id}/invitation`, { json: body });
  const trial = { kind: "trial", starts_at: "2027-03-28T09:30:00+01:00", minutes: 420, place: "Larkfield Hair School, 4 Kiln Yard", note: "Bring your scissors." };

  it("is staff's to send: 401 without a session, 404 for no such applicant, 400 with the field for a bad one", async () => {
    const { id } = await apply("Ada Refused");
    expect((await fetch(`${team.server.url}/api/staff/applicants/${id}/invitation`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(trial) })).status).toBe(401);
    expect((await invite(team.morgan, 999_999, trial)).status).toBe(404);
    for (const [bad, field] of [
      [{ ...trial, starts_at: "2020-03-28T09:30:00Z" }, "starts_at"],
      [{ ...trial, starts_at: "next Saturday" }, "starts_at"],
      [{ ...trial, minutes: 5 }, "minutes"],
      [{ ...trial, minutes: 481 }, "minutes"],
      [{ ...trial, place: "" }, "place"],
      [{ ...trial, kind: "party" }, "kind"],
    ] as const) {
      const response = await invite(team.morgan, id, bad);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: string; fields: Record<string, string> };
      expect(body.error).toBe("Please check the invitation");
      expect(Object.keys(body.fields)).toEqual([field]);
    }
    expect(await db().selectFrom("applicant_invitations").select("id").where("applicant_id", "=", id).execute()).toEqual([]);
  });

  it("emails a calendar file that reads back as the same London time on each side of the spring clock change, and queues the text the day before", async () => {
    // 09:30 on the Saturday before the clocks go forward (GMT) and on the Sunday they do (BST).
    const cases = [
      { name: "Bea Before", starts_at: "2027-03-27T09:30:00Z", reminder: "2027-03-26T10:00:00.000Z" },
      { name: "Cal After", starts_at: "2027-03-28T09:30:00+01:00", reminder: "2027-03-27T10:00:00.000Z" },
    ];
    for (const c of cases) {
      const { id, email } = await apply(c.name);
      const response = await invite(team.morgan, id, { ...trial, starts_at: c.starts_at });
      expect(response.status).toBe(201);
      const { message_id } = (await response.json()) as { message_id: string };
      await waitFor(`${c.name}'s invitation`, () => team.smtp.messages.some((m) => m.outboxId === message_id));
      const mail = team.smtp.messages.find((m) => m.outboxId === message_id)!;
      expect(mail.to).toEqual([email]);
      expect(mail.subject).toBe("A trial day at Larkfield Hair School");
      expect(mail.text).toContain(`When: ${c.name.startsWith("Bea") ? "Saturday 27" : "Sunday 28"} March 2027 at 09:30 to 16:30`);
      expect(mail.text).toContain("P.S. Bring your scissors.");
      expect(mail.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
      const parsed = await PostalMime.parse(mail.raw);
      const calendarPart = parsed.attachments.find((a) => a.mimeType === "text/calendar");
      expect(calendarPart).toBeDefined();
      const ics = typeof calendarPart!.content === "string" ? calendarPart!.content : new TextDecoder().decode(calendarPart!.content);
      expect(ics).toContain("METHOD:REQUEST");
      const event = Object.values(nodeIcal.sync.parseICS(ics)).find((v) => v?.type === "VEVENT") as VEvent;
      expect(event.start.toISOString()).toBe(new Date(c.starts_at).toISOString());
      expect(london(event.start)).toMatch(/ 2027 at 09:30$/);
      expect(event.start.tz).toBe("Europe/London");
      const row = await db().selectFrom("applicant_invitations").selectAll().where("email_message_id", "=", message_id).executeTakeFirstOrThrow();
      expect(event.uid).toBe(row.uid);
      expect(row.uid).toBe(`invitation-${row.id}@${new URL(team.server.url).host}`);
      const text = await db().selectFrom("outbox_messages").selectAll().where("id", "=", row.reminder_message_id!).executeTakeFirstOrThrow();
      expect(text).toMatchObject({ channel: "sms", status: "pending", held_until: c.reminder, next_attempt_at: c.reminder });
      expect(text.body_text).toContain("trial day with Larkfield Hair School tomorrow at 09:30, at Larkfield Hair School, 4 Kiln Yard");
    }
  });

  it("takes back the email and its text together within the hold: nothing leaves and the invitation shows as taken back", async () => {
    const { id, email } = await apply("Dee Undo");
    const response = await invite(team.morgan, id, { ...trial, kind: "interview", minutes: 45 });
    expect(response.status).toBe(201);
    const { message_id } = (await response.json()) as { message_id: string };
    const row = await db().selectFrom("applicant_invitations").selectAll().where("email_message_id", "=", message_id).executeTakeFirstOrThrow();
    expect((await team.morgan.request("DELETE", `/api/staff/outbox/${message_id}`)).status).toBe(204);
    expect(await db().selectFrom("outbox_messages").select("id").where("id", "in", [message_id, row.reminder_message_id!]).execute()).toEqual([]);
    expect((await db().selectFrom("applicant_invitations").select("cancelled_at").where("id", "=", row.id).executeTakeFirstOrThrow()).cancelled_at).not.toBeNull();
    const json = (await (await team.rae.request("GET", `/api/joinus-applicant/${id}`)).json()) as { invitations: unknown[] };
    expect(json.invitations).toEqual([
      { id: row.id, kind: "interview", starts_at: "2027-03-28T08:30:00.000Z", minutes: 45, place: trial.place, note: trial.note, state: "cancelled", message_id: message_id, send_at: null },
    ]);
    const page = await html(await team.rae.request("GET", `/applicant/${id}`));
    expect(page).toContain("Interview</span><span class=\"text-sm\">(taken back: not sent)");
    expect(await html(await team.rae.request("GET", "/staff"))).not.toContain("Dee Undo");
    // An email sent after it (another applicant's) arrives past the hold; Dee's never does.
    const other = await apply("Eve Later");
    const later = (await (await invite(team.morgan, other.id, trial)).json()) as { message_id: string };
    await waitFor("the later invitation", () => team.smtp.messages.some((m) => m.outboxId === later.message_id));
    expect(team.smtp.messages.filter((m) => m.to[0] === email).map((m) => m.subject)).toEqual(["Thanks for applying to Larkfield Hair School"]);
  });

  it("invites from the applicant's page without JavaScript: the preview, a send button naming it, the held Undo, the record and Coming up", async () => {
    const { id } = await apply("Fay Pages");
    const page = `/applicant/${id}`;
    const form = { kind: "trial", date: "2027-10-31", time: "09:30", minutes: "420", place: "The Ellanmoor salon", note: "" };
    const refused = await post(team.morgan, page, { intent: "invite-preview", ...form, date: "2020-10-31" });
    expect(refused.status).toBe(400);
    expect(await html(refused)).toContain("Choose a day and time in the future");

    const preview = await html(await post(team.morgan, page, { intent: "invite-preview", ...form }));
    expect(preview).toContain("Preview: trial-day invitation to Fay");
    expect(preview).toContain("A trial day at Larkfield Hair School");
    expect(preview).toContain("When: Sunday 31 October 2027 at 09:30 to 16:30 Where: The Ellanmoor salon");
    expect(preview).toMatch(/<input type="hidden" name="time" value="09:30"\/>.*<button type="submit"[^>]*>Send trial-day invitation to Fay<\/button>/);
    expect(await db().selectFrom("applicant_invitations").select("id").where("applicant_id", "=", id).execute()).toEqual([]);

    const sent = await html(await post(team.morgan, page, { intent: "invite", ...form }));
    expect(sent).toMatch(/The trial-day invitation to Fay leaves at \d\d:\d\d:\d\d: until then you can take it back\. A text reminds them the day before\./);
    expect(sent).toMatch(/'A trial day at Larkfield Hair School' to Fay leaves at \d\d:\d\d:\d\d\.<\/p><form[^>]*><input type="hidden" name="intent" value="undo-invitation"\/>/);
    expect(sent).toContain("Sunday 31 October 2027 at 09:30 to 16:30");
    const row = await db().selectFrom("applicant_invitations").selectAll().where("applicant_id", "=", id).executeTakeFirstOrThrow();
    // 10:00 on Saturday 30 October, still summer time.
    expect((await db().selectFrom("outbox_messages").select("held_until").where("id", "=", row.reminder_message_id!).executeTakeFirstOrThrow()).held_until).toBe("2027-10-30T09:00:00.000Z");
    expect(await html(await team.rae.request("GET", "/staff"))).toMatch(new RegExp(`Coming up</h2>.*href="/applicant/${id}"[^>]*>Fay Pages</a>\\s*<span[^>]*>Trial day</span></p><p>Sunday 31 October 2027 at 09:30 to 16:30</p>`));
    expect(await html(await team.rae.request("GET", page))).toMatch(/Morgan sent an invitation: Trial day, Sunday 31 October 2027 at 09:30 to 16:30/);

    // Erased on request: the invitation and its text go with the applicant, and leave Coming up.
    expect((await post(team.morgan, `/applicant/${id}/erase`, { intent: "erase", confirm: "ERASE" })).status).toBe(303);
    expect(await db().selectFrom("applicant_invitations").select("id").where("applicant_id", "=", id).execute()).toEqual([]);
    expect(await db().selectFrom("outbox_messages").select("id").where("id", "=", row.reminder_message_id!).execute()).toEqual([]);
    expect(await html(await team.rae.request("GET", "/staff"))).not.toContain("Fay Pages");
  });
});
