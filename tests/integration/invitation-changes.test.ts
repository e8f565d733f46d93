import nodeIcal, { type VEvent } from "node-ical";
import PostalMime from "postal-mime";
import { beforeAll, describe, expect, it } from "vitest";
import { engines } from "../support/databases";
import type { SmtpSink } from "../support/smtp-sink";
import { applicantBody, submitApplication, type StaffClient } from "../support/staff-client";
import { staffTeamFor } from "../support/staff-team";
import type { TestServer } from "../support/test-server";
import { waitFor } from "../support/wait";

// Invitations that can be managed (issue 33, decision 0055), on both engines,
// through the API and the page: a second invitation of the same kind asks
// first; a move sends a calendar file with the same UID, a higher SEQUENCE and
// METHOD:REQUEST and moves the text the day before; a cancellation sends
// METHOD:CANCEL and withdraws the text; each is held and taken back leaving the
// invitation as it was; reception may do all of it. The files that reach a
// real SMTP server are read back with a calendar library.
const HOLD_SECONDS = 1;
// A held email leaves within this of its hold ending (the outbox looks for due messages this often; 1 s by default).
const HELD_POLL_MS = 50;

interface InvitationJson {
  id: number;
  kind: string;
  starts_at: string;
  minutes: number;
  place: string;
  note: string | null;
  state: string;
  message_id: string | null;
  send_at: string | null;
}

describe.each(engines)("invitations moved and called off on %s", (engine) => {
  const team = staffTeamFor(engine, { pages: true, smtp: true, network: "192.0.2", env: { STAFF_EMAIL_HOLD_SECONDS: String(HOLD_SECONDS), OUTBOX_POLL_MS: String(HELD_POLL_MS) } });
  let server: TestServer;
  let smtp: SmtpSink;
  let morgan: StaffClient;
  let rae: StaffClient;
  const db = () => server.services.db;
  const html = async (response: Response) => (await response.text()).replace(/\s+/g, " ").replace(/&#x27;/g, "'");

  const apply = (name: string) => submitApplication(server.url, applicantBody(name));
  const trial = { kind: "trial", starts_at: "2027-06-12T09:30:00+01:00", minutes: 420, place: "Larkfield Hair School, 4 Kiln Yard" };
  const invite = (c: StaffClient, id: number, body: Record<string, unknown>) => c.request("POST", `/api/staff/applicants/${id}/invitation`, { json: body });
  const move = (c: StaffClient, id: number, body: Record<string, unknown>) => c.request("PATCH", `/api/staff/invitations/${id}`, { json: body });
  const cancel = (c: StaffClient, id: number) => c.request("DELETE", `/api/staff/invitations/${id}`);
  const listOf = async (c: StaffClient, applicantId: number) => (await (await c.request("GET", `/api/staff/applicants/${applicantId}/invitations`)).json()) as InvitationJson[];
  const arrived = async (what: string, messageId: string) => {
    await waitFor(what, () => smtp.messages.some((m) => m.outboxId === messageId));
    return smtp.messages.find((m) => m.outboxId === messageId)!;
  };
  /** The calendar file an email carries, its MIME part's method and its one event, read back with node-ical. */
  const calendarOf = async (raw: string) => {
    const parsed = await PostalMime.parse(raw);
    const part = parsed.attachments.find((a) => a.mimeType === "text/calendar");
    expect(part).toBeDefined();
    const ics = typeof part!.content === "string" ? part!.content : new TextDecoder().decode(part!.content);
    const calendar = nodeIcal.sync.parseICS(ics);
    const event = Object.values(calendar).find((v) => v?.type === "VEVENT") as VEvent;
    const partMethod = /Content-Type: text\/calendar; charset=utf-8; method=([A-Z]+)/i.exec(raw)?.[1];
    return { ics, event, method: /^METHOD:(\w+)/m.exec(ics)?.[1], partMethod, sequence: Number(event.sequence) };
  };
  /** The calendar file of an email that changes an invitation: `method` in the file and its MIME part, the first's UID, a SEQUENCE above `after`'s. */
  const changeOf = async (raw: string, method: string, first: { event: VEvent }, after: { sequence: number }) => {
    const file = await calendarOf(raw);
    expect(file.method).toBe(method);
    expect(file.partMethod).toBe(method);
    expect(file.event.uid).toBe(first.event.uid);
    expect(file.sequence).toBeGreaterThan(after.sequence);
    return file;
  };
  const invitationRow = (id: number) => db().selectFrom("applicant_invitations").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const messageRow = (id: string) => db().selectFrom("outbox_messages").selectAll().where("id", "=", id).executeTakeFirst();

  beforeAll(() => {
    ({ server, smtp, morgan, rae } = team);
  });

  it("finding: the same trial-day invitation went twice with no warning — a second of the same kind is refused (409 with the first) unless again is true", async () => {
    const { id } = await apply("Gus Twice");
    const first = await invite(morgan, id, trial);
    expect(first.status).toBe(201);
    const second = await invite(morgan, id, { ...trial, starts_at: "2027-06-19T09:30:00+01:00" });
    expect(second.status).toBe(409);
    const body = (await second.json()) as { error: string; invitation: InvitationJson };
    expect(body.error).toBe("Gus already has a trial day coming up: Saturday 12 June 2027 at 09:30 to 16:30. Send another only if you mean to.");
    expect(body.invitation).toMatchObject({ kind: "trial", starts_at: "2027-06-12T08:30:00.000Z", minutes: 420, place: trial.place });
    expect(["held", "sent"]).toContain(body.invitation.state);
    const queued = () => db().selectFrom("outbox_messages").select("id").where("related_id", "=", String(id)).where("template", "=", "applicant-trial").execute();
    expect(await queued()).toHaveLength(1);
    // An interview is another kind: not asked.
    expect((await invite(morgan, id, { ...trial, kind: "interview", minutes: 60 })).status).toBe(201);
    expect((await invite(morgan, id, { ...trial, starts_at: "2027-06-19T09:30:00+01:00", again: true })).status).toBe(201);
    expect(await queued()).toHaveLength(2);
    expect((await invite(morgan, id, { ...trial, again: "yes" })).status).toBe(400);

    // The page asks too: its preview says so and its button sends another on purpose; without it, refused.
    const page = `/applicant/${id}`;
    const form = { kind: "trial", date: "2027-07-03", time: "09:30", minutes: "420", place: "The Ellanmoor salon", note: "" };
    const preview = await html(await morgan.request("POST", page, { form: { intent: "invite-preview", ...form }, headers: { origin: server.url } }));
    expect(preview).toContain("Gus already has a trial day coming up: Saturday 12 June 2027 at 09:30 to 16:30.");
    expect(preview).toMatch(/<input type="hidden" name="again" value="true"\/><button type="submit"[^>]*>Send another trial-day invitation to Gus<\/button>/);
    const refused = await morgan.request("POST", page, { form: { intent: "invite", ...form }, headers: { origin: server.url } });
    expect(refused.status).toBe(409);
    expect(await queued()).toHaveLength(2);
    expect((await morgan.request("POST", page, { form: { intent: "invite", ...form, again: "true" }, headers: { origin: server.url } })).status).toBe(200);
    expect(await queued()).toHaveLength(3);
  });

  it("finding: the same trial-day invitation went twice — sends and moves at once (a double tap, two people) make one", async () => {
    const { id } = await apply("Nia Double");
    const sends = await Promise.all(Array.from({ length: 5 }, (_, i) => invite(i % 2 ? rae : morgan, id, trial)));
    expect(sends.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const [only] = await listOf(morgan, id);
    expect(await listOf(morgan, id)).toHaveLength(1);
    // Moves at once: each is told apart by its SEQUENCE, and the invitation says what the last line says.
    const moves = await Promise.all(["Room 1", "Room 2", "Room 3", "Room 4"].map((place, i) => move(i % 2 ? rae : morgan, only!.id, { place })));
    expect(moves.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const made = moves.filter((r) => r.status === 200).length;
    expect(made).toBeGreaterThanOrEqual(1);
    const lines = await db().selectFrom("applicant_invitation_emails").selectAll().where("invitation_id", "=", only!.id).orderBy("sequence").execute();
    expect(lines.map((l) => l.sequence)).toEqual(Array.from({ length: made + 1 }, (_, i) => i));
    const row = await invitationRow(only!.id);
    expect(row.sequence).toBe(made);
    expect(row.place).toBe(lines.at(-1)!.place);
    const sms = await db().selectFrom("outbox_messages").select("id").where("related_id", "=", String(id)).where("channel", "=", "sms").execute();
    expect(sms).toHaveLength(1);
  });

  it("finding: a sent invitation could not be moved — the move emails the same UID with a higher SEQUENCE and METHOD:REQUEST, and the text the day before moves with it", async () => {
    const { id, email } = await apply("Hal Moved");
    const sent = (await (await invite(morgan, id, { ...trial, note: "Bring your scissors." })).json()) as { message_id: string };
    const firstMail = await arrived("the first invitation", sent.message_id);
    const first = await calendarOf(firstMail.raw);
    expect(first.method).toBe("REQUEST");
    const [listed] = await listOf(morgan, id);
    expect(listed).toMatchObject({ state: "sent", message_id: sent.message_id, send_at: null });
    const before = await invitationRow(listed!.id);

    // Bad changes: refused with the field, nothing queued.
    for (const [bad, status] of [
      [{}, 400],
      [{ starts_at: "2020-01-01T10:00:00Z" }, 400],
      [{ minutes: 5 }, 400],
      [{ place: "" }, 400],
      [{ place: trial.place }, 400],
    ] as const) {
      expect((await move(morgan, listed!.id, bad)).status).toBe(status);
    }
    expect((await move(morgan, 999_999, { place: "Elsewhere" })).status).toBe(404);
    expect((await move(morgan, Number.NaN, { place: "Elsewhere" })).status).toBe(404);

    const moved = await move(morgan, listed!.id, { starts_at: "2027-06-19T10:00:00+01:00", place: "The Ellanmoor salon, 9 Mill Lane" });
    expect(moved.status).toBe(200);
    const answer = (await moved.json()) as InvitationJson;
    expect(answer).toMatchObject({ id: listed!.id, kind: "trial", starts_at: "2027-06-19T09:00:00.000Z", minutes: 420, place: "The Ellanmoor salon, 9 Mill Lane", note: "Bring your scissors.", state: "held" });
    expect(new Date(answer.send_at!).getTime()).toBeGreaterThan(Date.now() - 1000);
    // The text the day before: the old one gone, a new one for the new day with the new place.
    expect(await messageRow(before.reminder_message_id!)).toBeUndefined();
    const after = await invitationRow(listed!.id);
    const reminder = (await messageRow(after.reminder_message_id!))!;
    expect(reminder).toMatchObject({ channel: "sms", status: "pending", held_until: "2027-06-18T09:00:00.000Z" });
    expect(reminder.body_text).toContain("tomorrow at 10:00, at The Ellanmoor salon, 9 Mill Lane");

    const mail = await arrived("the move", answer.message_id!);
    expect(mail.to).toEqual([email]);
    expect(mail.subject).toBe("Moved: A trial day at Larkfield Hair School");
    expect(mail.text).toContain("Your trial day has moved.");
    expect(mail.text).toContain("When: Saturday 19 June 2027 at 10:00 to 17:00");
    const file = await changeOf(mail.raw, "REQUEST", first, first);
    expect(file.event.start.toISOString()).toBe("2027-06-19T09:00:00.000Z");
    expect(file.event.start.tz).toBe("Europe/London");
    expect(file.event.location).toBe("The Ellanmoor salon, 9 Mill Lane");
    expect((await listOf(rae, id))[0]).toMatchObject({ state: "moved", send_at: null });

    // Once it has taken place: 409.
    await db().updateTable("applicant_invitations").set({ starts_at: "2026-01-10T10:00:00.000Z" }).where("id", "=", listed!.id).execute();
    const over = await move(morgan, listed!.id, { place: "Anywhere" });
    expect(over.status).toBe(409);
    expect(((await over.json()) as { error: string }).error).toBe("This invitation has already taken place, so it can't be changed.");
    expect((await cancel(morgan, listed!.id)).status).toBe(409);
  });

  it("finding: a sent invitation could not be cancelled — the cancellation emails METHOD:CANCEL with the same UID and a higher SEQUENCE, and the text is withdrawn", async () => {
    const { id } = await apply("Ida Cancelled");
    const sent = (await (await invite(morgan, id, trial)).json()) as { message_id: string };
    const first = await calendarOf((await arrived("the invitation", sent.message_id)).raw);
    const [listed] = await listOf(morgan, id);
    const movedAnswer = (await (await move(morgan, listed!.id, { minutes: 300 })).json()) as InvitationJson;
    const moved = await calendarOf((await arrived("the move", movedAnswer.message_id!)).raw);
    const reminderId = (await invitationRow(listed!.id)).reminder_message_id!;
    expect(await messageRow(reminderId)).toBeDefined();

    expect((await cancel(morgan, listed!.id)).status).toBe(204);
    expect(await messageRow(reminderId)).toBeUndefined();
    const [cancelled] = await listOf(morgan, id);
    expect(cancelled).toMatchObject({ state: "cancelled", minutes: 300 });
    const mail = await arrived("the cancellation", cancelled!.message_id!);
    expect(mail.subject).toBe("Cancelled: your trial day at Larkfield Hair School");
    expect(mail.text).toContain("your trial day with Larkfield Hair School on Saturday 12 June 2027 at 09:30 to 14:30, at Larkfield Hair School, 4 Kiln Yard, is cancelled");
    const file = await changeOf(mail.raw, "CANCEL", first, moved);
    expect(file.event.status).toBe("CANCELLED");

    expect((await cancel(morgan, listed!.id)).status).toBe(409);
    const refused = await move(morgan, listed!.id, { place: "Elsewhere" });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toBe("This invitation was cancelled, so it can't be changed.");
    expect((await cancel(morgan, 999_999)).status).toBe(404);
    // Cancelled: out of "Coming up", and a new one of the same kind is not asked about.
    expect(await html(await rae.request("GET", "/staff"))).not.toContain("Ida Cancelled");
    expect((await invite(morgan, id, trial)).status).toBe(201);
  });

  it("finding: a move or a cancellation taken back while held leaves the invitation, its text and the calendar as they were", async () => {
    const { id, email } = await apply("Jo Undone");
    const sent = (await (await invite(morgan, id, trial)).json()) as { message_id: string };
    await arrived("the invitation", sent.message_id);
    const [listed] = await listOf(morgan, id);
    const original = await invitationRow(listed!.id);
    const originalReminder = (await messageRow(original.reminder_message_id!))!;

    const movedAnswer = (await (await move(morgan, listed!.id, { starts_at: "2027-06-26T09:30:00+01:00" })).json()) as InvitationJson;
    expect((await morgan.request("DELETE", `/api/staff/outbox/${movedAnswer.message_id}`)).status).toBe(204);
    const back = await invitationRow(listed!.id);
    expect(back).toMatchObject({ starts_at: original.starts_at, minutes: original.minutes, place: original.place, cancelled_at: null });
    expect((await listOf(morgan, id))[0]).toMatchObject({ state: "sent", starts_at: original.starts_at, message_id: sent.message_id });
    // The text the day before is for the original day again.
    const reminder = (await messageRow(back.reminder_message_id!))!;
    expect(reminder).toMatchObject({ held_until: originalReminder.held_until, body_text: originalReminder.body_text });
    expect(await db().selectFrom("outbox_messages").select("id").where("recipient", "=", originalReminder.recipient).where("channel", "=", "sms").execute()).toHaveLength(1);

    expect((await cancel(morgan, listed!.id)).status).toBe(204);
    const [cancelled] = await listOf(morgan, id);
    expect(cancelled!.state).toBe("cancelled");
    expect((await morgan.request("DELETE", `/api/staff/outbox/${cancelled!.message_id}`)).status).toBe(204);
    const restored = await invitationRow(listed!.id);
    expect(restored).toMatchObject({ starts_at: original.starts_at, cancelled_at: null });
    expect((await messageRow(restored.reminder_message_id!))!).toMatchObject({ held_until: originalReminder.held_until });
    expect((await listOf(morgan, id))[0]!.state).toBe("sent");

    // A later email to Jo arrives, and neither the move nor the cancellation ever did; the next move follows on in SEQUENCE.
    const next = (await (await move(morgan, listed!.id, { place: "Room 2" })).json()) as InvitationJson;
    const file = await calendarOf((await arrived("the next move", next.message_id!)).raw);
    expect(file.event.location).toBe("Room 2");
    expect(file.sequence).toBeGreaterThan(0);
    expect(smtp.messages.filter((m) => m.to[0] === email).map((m) => m.subject)).toEqual([
      "Thanks for applying to Larkfield Hair School",
      "A trial day at Larkfield Hair School",
      "Moved: A trial day at Larkfield Hair School",
    ]);
  });

  it("finding: reception could not invite — reception invites, moves, cancels and takes those back, but not a manager's other emails", async () => {
    const { id } = await apply("Kit Reception");
    const sent = await invite(rae, id, { ...trial, kind: "interview", minutes: 45 });
    expect(sent.status).toBe(201);
    const { message_id } = (await sent.json()) as { message_id: string };
    await arrived("reception's invitation", message_id);
    const [listed] = await listOf(rae, id);
    const moved = await move(rae, listed!.id, { minutes: 60 });
    expect(moved.status).toBe(200);
    expect((await rae.request("DELETE", `/api/staff/outbox/${((await moved.json()) as InvitationJson).message_id}`)).status).toBe(204);
    expect((await invitationRow(listed!.id)).minutes).toBe(45);
    expect((await cancel(rae, listed!.id)).status).toBe(204);
    expect((await listOf(rae, id))[0]!.state).toBe("cancelled");
    // A canned reply is still a manager's to send and to take back.
    const reply = await morgan.request("PATCH", "/api/joinus-email-response", { json: { ID: id, EmailResponse: "maybe" } });
    expect(reply.status).toBe(202);
    expect((await rae.request("DELETE", `/api/staff/outbox/${((await reply.json()) as { message_id: string }).message_id}`)).status).toBe(403);

    // And on the page: reception sees the form, and moves from the record.
    const page = `/applicant/${id}`;
    expect(await html(await rae.request("GET", page))).toContain("Invite to an interview or trial day");
    const again = (await (await invite(rae, id, { ...trial, kind: "interview", minutes: 45 })).json()) as { message_id: string };
    await arrived("the second interview", again.message_id);
    const open = (await listOf(rae, id)).find((i) => i.state === "sent")!;
    const movedPage = await html(
      await rae.request("POST", page, {
        form: { intent: "invite-move", invitation_id: String(open.id), date: "2027-06-13", time: "11:15", minutes: "45", place: trial.place, note: "" },
        headers: { origin: server.url },
      }),
    );
    expect(movedPage).toMatch(/Moved to Sunday 13 June 2027 at 11:15 to 12:00\. The email saying so leaves at \d\d:\d\d:\d\d: until then you can take it back\./);
    expect(movedPage).toMatch(/'Moved: An interview at Larkfield Hair School' to Kit leaves at \d\d:\d\d:\d\d\./);
    expect((await invitationRow(open.id)).starts_at).toBe("2027-06-13T10:15:00.000Z");
    const cancelledPage = await html(await rae.request("POST", page, { form: { intent: "invite-cancel", invitation_id: String(open.id) }, headers: { origin: server.url } }));
    expect(cancelledPage).toMatch(/Cancelled\. The email saying so leaves at \d\d:\d\d:\d\d: until then you can take it back\./);
    // Another applicant's invitation is not this page's to move.
    const other = await apply("Lou Other");
    await invite(morgan, other.id, trial);
    const [theirs] = await listOf(morgan, other.id);
    expect((await rae.request("POST", page, { form: { intent: "invite-cancel", invitation_id: String(theirs!.id) }, headers: { origin: server.url } })).status).toBe(404);
  });

  it("finding: the list said 'Email sent: Not sent' after an invitation went — it counts them, and the page shows each one's state", async () => {
    const { id } = await apply("Mo Counted");
    const first = (await (await invite(morgan, id, trial)).json()) as { message_id: string };
    await invite(morgan, id, { ...trial, kind: "interview", minutes: 30 });
    // Taken back before it left: not counted.
    const third = (await (await invite(morgan, id, { ...trial, kind: "trial", starts_at: "2027-07-10T09:30:00+01:00", again: true })).json()) as { message_id: string };
    expect((await morgan.request("DELETE", `/api/staff/outbox/${third.message_id}`)).status).toBe(204);
    await arrived("the first", first.message_id);
    const list = await html(await rae.request("GET", "/applicants"));
    expect(list).toMatch(/Mo Counted<\/a>.*?Email sent<!-- -->: <\/span>2 invitations<\/td>/);
    const page = await html(await rae.request("GET", `/applicant/${id}`));
    expect(page).toContain('Email sent</dt><dd class="break-words">2 invitations</dd>');
    expect(page).toContain('Trial day</span><span class="text-sm">(sent)');
    expect(page).toContain('Trial day</span><span class="text-sm">(taken back: not sent)');
    expect(page).toContain("Move or cancel the trial day");
  });
});
