import { beforeAll, describe, expect, it } from "vitest";
import { engines } from "../support/databases";
import type { SmtpSink } from "../support/smtp-sink";
import { applyAsVisitor, type StaffClient } from "../support/staff-client";
import { staffTeamFor } from "../support/staff-team";
import type { TestServer } from "../support/test-server";
import { waitFor } from "../support/wait";

// The applicant desk's API (api-contract.md, "Applicant desk" and "Roles"),
// on both engines, with a real SMTP server: previews that match what leaves,
// emails held and taken back, templates a manager edits, and reception's 403s.
const HOLD_SECONDS = 2;
// A held email leaves within this of its hold ending (the outbox looks for due messages this often; 1 s by default).
const HELD_POLL_MS = 50;

describe.each(engines)("applicant desk API on %s", (engine) => {
  const team = staffTeamFor(engine, { smtp: true, env: { STAFF_NOTIFY_EMAIL: "staff@example.com", STAFF_EMAIL_HOLD_SECONDS: String(HOLD_SECONDS), OUTBOX_POLL_MS: String(HELD_POLL_MS) } });
  let server: TestServer;
  let smtp: SmtpSink;
  let morgan: StaffClient;
  let rae: StaffClient;
  const client = () => team.client();
  const db = () => server.services.db;
  const apply = (name: string, overrides: Record<string, string> = {}) => applyAsVisitor(server.url, name, overrides);
  const mailTo = (to: string, subject?: string) => smtp.messages.filter((m) => m.to[0] === to && (subject === undefined || m.subject === subject));

  beforeAll(() => {
    ({ server, smtp, morgan, rae } = team);
  });

  it("previews exactly what is sent, holds it, and a taken-back email never leaves and leaves the applicant as before", async () => {
    const id = await apply("Sam Undo", { email: "sam.undo@example.com" });
    const previewResponse = await rae.request("POST", `/api/staff/applicants/${id}/email-preview`, { json: { template: "unsuccessful" } });
    expect(previewResponse.status).toBe(200);
    const preview = (await previewResponse.json()) as { subject: string; text: string; html: string };
    expect(preview.subject).toBe("Your application to Larkfield Hair School");
    expect(preview.text).toMatch(/^Hi Sam,\n\nThank you for applying to join Larkfield Hair School as an Apprentice/);
    expect(preview.html).toContain("Hi Sam,");

    const sent = await morgan.request("PATCH", "/api/joinus-email-response", { json: { ID: id, EmailResponse: "unsuccessful" } });
    expect(sent.status).toBe(202);
    const { message_id, send_at } = (await sent.json()) as { message_id: string; send_at: string };
    const hold = new Date(send_at).getTime() - Date.now();
    expect(hold).toBeGreaterThan(0);
    expect(hold).toBeLessThanOrEqual(HOLD_SECONDS * 1000);
    expect(await (await rae.request("GET", `/api/joinus-applicant/${id}`)).json()).toMatchObject({ email_response: "unsuccessful" });

    expect((await rae.request("DELETE", `/api/staff/outbox/${message_id}`)).status).toBe(403);
    expect((await morgan.request("DELETE", `/api/staff/outbox/${message_id}`)).status).toBe(204);
    expect(await (await rae.request("GET", `/api/joinus-applicant/${id}`)).json()).toMatchObject({ email_response: null });
    expect((await morgan.request("DELETE", `/api/staff/outbox/${message_id}`)).status).toBe(404);
    // Past the hold, with the worker polling every 20 ms, nothing reached the SMTP server.
    const thankYouArrived = () => mailTo("sam.undo@example.com").length >= 1;
    await waitFor("the thank-you", thankYouArrived);
    await new Promise((resolve) => setTimeout(resolve, HOLD_SECONDS * 1000 + 300));
    expect(mailTo("sam.undo@example.com", preview.subject).filter((m) => m.text.includes("not be taking it further"))).toHaveLength(0);

    // Sent again: it waits for the hold, then arrives as previewed, and then it can't be taken back.
    const again = await morgan.request("PATCH", "/api/joinus-email-response", { json: { ID: id, EmailResponse: "unsuccessful" } });
    expect(again.status).toBe(202);
    const second = (await again.json()) as { message_id: string; send_at: string };
    await waitFor("the Unsuccessful email", () => mailTo("sam.undo@example.com", preview.subject).some((m) => m.text.includes("not be taking it further")), 10_000);
    const arrived = Date.now();
    expect(arrived).toBeGreaterThanOrEqual(new Date(second.send_at).getTime() - 50);
    const mail = mailTo("sam.undo@example.com", preview.subject).find((m) => m.text.includes("not be taking it further"))!;
    expect(mail.text.replace(/\r\n/g, "\n").trim()).toBe(preview.text);
    const gone = await morgan.request("DELETE", `/api/staff/outbox/${second.message_id}`);
    expect(gone.status).toBe(409);
    expect(await gone.json()).toEqual({ error: "That email has already left, so it can't be taken back." });
    expect(await (await rae.request("GET", `/api/joinus-applicant/${id}`)).json()).toMatchObject({ email_response: "unsuccessful" });
    expect((await morgan.request("DELETE", "/api/staff/outbox/not-an-id")).status).toBe(404);
  });

  it("takes back an 'unsuccessful' sent after 'maybe' to 'maybe', not to nothing", async () => {
    const id = await apply("Noor Twice", { email: "noor.twice@example.com" });
    const maybe = (await (await morgan.request("PATCH", "/api/joinus-email-response", { json: { ID: id, EmailResponse: "maybe" } })).json()) as { message_id: string };
    await waitFor("the Maybe email to leave", async () => {
      const row = await db().selectFrom("outbox_messages").select("status").where("id", "=", maybe.message_id).executeTakeFirst();
      return row?.status === "sent";
    });
    const no = (await (await morgan.request("PATCH", "/api/joinus-email-response", { json: { ID: id, EmailResponse: "unsuccessful" } })).json()) as { message_id: string };
    expect((await morgan.request("DELETE", `/api/staff/outbox/${no.message_id}`)).status).toBe(204);
    expect(await (await morgan.request("GET", `/api/joinus-applicant/${id}`)).json()).toMatchObject({ email_response: "maybe" });
  });

  it("lets a manager edit a template, refuses an unknown placeholder (400), and reception only reads", async () => {
    const read = await rae.request("GET", "/api/staff/email-templates/maybe");
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ template: "maybe", subject: "Your application to {{salon}}", placeholders: ["{{first_name}}", "{{salon}}", "{{role}}"], updated_by: null });
    expect((await rae.request("PUT", "/api/staff/email-templates/maybe", { json: { subject: "Hello", body: "Hi {{first_name}}" } })).status).toBe(403);

    const unknown = await morgan.request("PUT", "/api/staff/email-templates/maybe", { json: { subject: "About {{salon}}", body: "Hi {{first_name}}, see you {{when}} at {{ nickname }}" } });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({
      error: "Please check the subject and the body",
      fields: { body: "This email doesn't know {{when}}, {{nickname}}: use {{first_name}}, {{salon}}, {{role}}" },
    });
    const empty = await morgan.request("PUT", "/api/staff/email-templates/maybe", { json: { subject: " ", body: "Hi" } });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { fields: object }).fields).toEqual({ subject: "Enter the subject" });
    expect((await morgan.request("PUT", "/api/staff/email-templates/welcome", { json: { subject: "Hi", body: "Hi" } })).status).toBe(404);
    expect((await morgan.request("GET", "/api/staff/email-templates/welcome")).status).toBe(404);

    const saved = await morgan.request("PUT", "/api/staff/email-templates/maybe", {
      json: { subject: "  News from {{salon}}  ", body: "Dear {{first_name}},\n\nWe'd like to keep you on file for {{role}}.\n\nThe team" },
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ subject: "News from {{salon}}", updated_by: "Morgan" });

    const id = await apply("Ola Edited", { email: "ola.edited@example.com" });
    const preview = (await (await morgan.request("POST", `/api/staff/applicants/${id}/email-preview`, { json: { template: "maybe" } })).json()) as { subject: string; text: string };
    expect(preview).toMatchObject({ subject: "News from Larkfield Hair School", text: "Dear Ola,\n\nWe'd like to keep you on file for an Apprentice.\n\nThe team" });
    await morgan.request("PATCH", "/api/joinus-email-response", { json: { ID: id, EmailResponse: "maybe" } });
    await waitFor("the edited Maybe email", () => mailTo("ola.edited@example.com", "News from Larkfield Hair School").length === 1);
    expect(mailTo("ola.edited@example.com", "News from Larkfield Hair School")[0]!.text.replace(/\r\n/g, "\n").trim()).toBe(preview.text);
  });

  it("answers the preview's bad inputs: 400 for an unknown template or an invitation without its time, 404 for an unknown applicant", async () => {
    const id = await apply("Pia Preview");
    const bad = await morgan.request("POST", `/api/staff/applicants/${id}/email-preview`, { json: { template: "welcome" } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: object }).fields).toEqual({ template: "Choose 'unsuccessful', 'maybe', 'interview' or 'trial'" });
    const noTime = await morgan.request("POST", `/api/staff/applicants/${id}/email-preview`, { json: { template: "trial" } });
    expect(noTime.status).toBe(400);
    expect(((await noTime.json()) as { fields: object }).fields).toEqual({ starts_at: "Give the date and time it starts", place: "Say where" });
    const trial = await morgan.request("POST", `/api/staff/applicants/${id}/email-preview`, {
      json: { template: "trial", starts_at: "2099-03-28T10:00:00Z", minutes: 360, place: "The academy, 1 Fixture Street" },
    });
    expect(trial.status).toBe(200);
    expect(((await trial.json()) as { text: string }).text).toContain("When: Saturday 28 March 2099 at 10:00 to 16:00\nWhere: The academy, 1 Fixture Street");
    expect((await morgan.request("POST", "/api/staff/applicants/999999/email-preview", { json: { template: "maybe" } })).status).toBe(404);
    expect((await client().request("POST", `/api/staff/applicants/${id}/email-preview`, { json: { template: "maybe" } })).status).toBe(401);
  });

  it("archives and restores with the follow-up as before (409 if not archived), and lists everyone", async () => {
    const id = await apply("Rhea Restore");
    expect((await rae.request("PATCH", `/api/joinus-applicant/${id}`, { json: { follow_up: "definitely" } })).status).toBe(200);
    expect((await rae.request("POST", `/api/staff/applicants/${id}/restore`)).status).toBe(409);
    expect(await (await rae.request("POST", `/api/staff/applicants/${id}/restore`)).json()).toEqual({ error: "This applicant isn't archived, so there is nothing to restore." });
    expect((await rae.request("DELETE", `/api/delete-applicant/${id}`)).status).toBe(204);
    const everyone = (await (await rae.request("GET", "/api/joinus-applicants/everyone")).json()) as { id: number; follow_up: string }[];
    expect(everyone.find((a) => a.id === id)).toMatchObject({ follow_up: "archived" });
    const open = (await (await rae.request("GET", "/api/joinus-applicants/all")).json()) as { id: number }[];
    expect(open.some((a) => a.id === id)).toBe(false);
    expect(everyone.length).toBeGreaterThan(open.length);

    const restored = await rae.request("POST", `/api/staff/applicants/${id}/restore`);
    expect(restored.status).toBe(200);
    expect(await restored.json()).toMatchObject({ id, deleted_at: null, follow_up: "definitely" });
    expect((await rae.request("POST", `/api/staff/applicants/${id}/restore`)).status).toBe(409);
    expect((await rae.request("POST", "/api/staff/applicants/999999/restore")).status).toBe(404);
    expect((await client().request("POST", `/api/staff/applicants/${id}/restore`)).status).toBe(401);
    const history = await db().selectFrom("audit_events").select(["actor", "action", "detail"]).where("subject_id", "=", String(id)).where("action", "=", "restored").execute();
    expect(history).toEqual([{ actor: "Rae", action: "restored", detail: "back to Definitely" }]);
  });

  it("sets and clears remind_on (reception too), refuses a date that isn't one, and lists what is due, oldest first", async () => {
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
    const tomorrow = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date(Date.now() + 36 * 3600 * 1000));
    const [past, now, later, archived] = [await apply("Dee Past"), await apply("Eli Today"), await apply("Fay Later"), await apply("Gus Gone")];
    const set = await rae.request("PATCH", `/api/joinus-applicant/${past}`, { json: { remind_on: "2020-02-29" } });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ id: past, remind_on: "2020-02-29" });
    await morgan.request("PATCH", `/api/joinus-applicant/${now}`, { json: { remind_on: today } });
    await morgan.request("PATCH", `/api/joinus-applicant/${later}`, { json: { remind_on: tomorrow } });
    await morgan.request("PATCH", `/api/joinus-applicant/${archived}`, { json: { remind_on: "2021-01-01" } });
    await morgan.request("DELETE", `/api/delete-applicant/${archived}`);

    const due = (await (await rae.request("GET", "/api/staff/due")).json()) as { id: number; remind_on: string }[];
    const ours = due.filter((a) => [past, now, later, archived].includes(a.id));
    expect(ours.map((a) => [a.id, a.remind_on])).toEqual([
      [past, "2020-02-29"],
      [now, today],
    ]);
    for (const bad of ["2021-02-29", "tomorrow", "2021-1-5", 20210105]) {
      const refused = await rae.request("PATCH", `/api/joinus-applicant/${later}`, { json: { remind_on: bad } });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { fields: object }).fields).toEqual({ remind_on: "Give the reminder date as YYYY-MM-DD, or null for none" });
    }
    const cleared = await rae.request("PATCH", `/api/joinus-applicant/${past}`, { json: { remind_on: null } });
    expect(await cleared.json()).toMatchObject({ remind_on: null });
    expect(((await (await rae.request("GET", "/api/staff/due")).json()) as { id: number }[]).some((a) => a.id === past)).toBe(false);
    expect((await client().request("GET", "/api/staff/due")).status).toBe(401);
  });

  it("finds applicants by words in their name, email, mobile and notes (?q=)", async () => {
    const id = await apply("Wren Findable", { email: "wren.findable@example.com", mobile: "07700 955123" });
    const other = await apply("Xan Other");
    await rae.request("PATCH", `/api/joinus-applicant/${id}`, { json: { note: "Portfolio of balayage work" } });
    const find = async (q: string, list = "all") =>
      ((await (await rae.request("GET", `/api/joinus-applicants/${list}?q=${encodeURIComponent(q)}`)).json()) as { id: number }[]).map((a) => a.id);
    for (const q of ["findable", "WREN", "wren.findable@", "07700 955 123", "+447700955123", "balayage", "wren balayage"]) {
      expect(await find(q), q).toEqual([id]);
    }
    expect(await find("wren nothing-like-this")).toEqual([]);
    expect(await find("")).toEqual(expect.arrayContaining([id, other]));
    expect(await find("balayage", "archived")).toEqual([]);
  });
});
