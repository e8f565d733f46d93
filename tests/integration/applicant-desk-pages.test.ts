import { beforeAll, describe, expect, it } from "vitest";
import { engines } from "../support/databases";
import { applyAsVisitor, RAE, type StaffClient } from "../support/staff-client";
import { waitFor } from "../support/wait";
import { staffTeamFor } from "../support/staff-team";
import type { TestServer } from "../support/test-server";

// The applicant desk's pages as a browser without JavaScript meets them, from
// the production build, on both engines: preview, send, Undo; the wording a
// manager edits; reminders and what is due; archive and its Undo; signing out;
// a sent message opened by its subject; and what reception is refused (403).

describe.each(engines)("applicant desk pages on %s", (engine) => {
  const team = staffTeamFor(engine, { pages: true, smtp: true, network: "203.0.113", env: { STAFF_EMAIL_HOLD_SECONDS: "600" } });
  let server: TestServer;
  let morgan: StaffClient;
  let rae: StaffClient;
  const post = (c: StaffClient, path: string, form: Record<string, string>) => c.request("POST", path, { form, headers: { origin: server.url } });
  const html = async (response: Response) => (await response.text()).replace(/\s+/g, " ").replace(/&#x27;/g, "'");
  const db = () => server.services.db;

  const apply = (name: string) => applyAsVisitor(server.url, name);

  beforeAll(() => {
    ({ server, morgan, rae } = team);
  });

  it("previews the reply, sends it with a button naming it, holds it with an Undo, and takes it back", async () => {
    const id = await apply("Sam Pages");
    const page = `/applicant/${id}`;
    const preview = await html(await post(morgan, page, { intent: "preview", response: "unsuccessful" }));
    expect(preview).toContain("Preview: 'No place for you' to Sam");
    expect(preview).toContain("Your application to Larkfield Hair School");
    expect(preview).toContain("we will not be taking it further");
    expect(preview).toMatch(/<input type="hidden" name="response" value="unsuccessful"\/><button type="submit"[^>]*>Send 'No place for you' to Sam<\/button>/);
    expect((await post(morgan, page, { intent: "preview" })).status).toBe(400);

    const sent = await html(await post(morgan, page, { intent: "email", response: "unsuccessful" }));
    expect(sent).toMatch(/'No place for you' to Sam leaves at \d\d:\d\d:\d\d: until then you can take it back\./);
    expect(sent).toMatch(/'No place for you' to Sam leaves at \d\d:\d\d:\d\d\./);
    const messageId = /name="message_id" value="([0-9a-f-]{36})"/.exec(sent)?.[1];
    expect(messageId).toBeDefined();
    expect(sent).toMatch(/held until \d\d:\d\d:\d\d: it can still be taken back/);

    expect((await post(rae, page, { intent: "undo-email", message_id: messageId! })).status).toBe(403);
    const undone = await post(morgan, page, { intent: "undo-email", message_id: messageId! });
    expect(undone.status).toBe(200);
    const undonePage = await html(undone);
    expect(undonePage).toContain("Taken back: the email will not be sent.");
    expect(undonePage).not.toContain(messageId!);
    expect(await db().selectFrom("job_applicants").select("email_response").where("id", "=", id).executeTakeFirstOrThrow()).toEqual({ email_response: null });
    expect(await db().selectFrom("outbox_messages").select("id").where("id", "=", messageId!).execute()).toEqual([]);
    expect((await post(morgan, page, { intent: "undo-email", message_id: messageId! })).status).toBe(404);

    for (const form of [{ intent: "preview", response: "maybe" }, { intent: "email", response: "maybe" }]) {
      expect((await post(rae, page, form)).status).toBe(403);
    }
    expect(await html(await rae.request("GET", page))).not.toContain("Email response");
  });

  it("lets a manager change the wording, refusing an unknown placeholder; reception gets 403", async () => {
    expect((await rae.request("GET", "/staff/email-templates")).status).toBe(403);
    const form = await html(await morgan.request("GET", "/staff/email-templates"));
    expect(form).toContain("Trial day invitation");
    // Placeholders in words: shown as [first name], saved as {{first_name}} (a token typed as before still works).
    expect(form).toContain("like [first name], [salon], [role], [when] and [place], are filled in");
    expect(form).toContain("Your application to [salon]");
    const refused = await post(morgan, "/staff/email-templates", { template: "maybe", subject: "Hello", body: "Hi [first name] {{surname}}" });
    expect(refused.status).toBe(400);
    expect(await html(refused)).toContain("This email doesn't know {{surname}}: use [first name], [salon] and [role]");
    const saved = await post(morgan, "/staff/email-templates", { template: "maybe", subject: "Hello from [Salon]", body: "Hi {{first_name}}" });
    expect(saved.status).toBe(200);
    expect(await html(saved)).toContain("Changed by Morgan");
    const id = await apply("Tia Wording");
    expect(await html(await post(morgan, `/applicant/${id}`, { intent: "preview", response: "maybe" }))).toContain("Hello from Larkfield Hair School");
  });

  it("sets a reminder that shows under Due today on the desk, for reception too", async () => {
    const id = await apply("Uma Due");
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
    const set = await post(rae, `/applicant/${id}`, { intent: "remind", remind_on: today });
    expect(set.status).toBe(200);
    expect(await html(set)).toContain("Reminder saved.");
    const desk = await html(await rae.request("GET", "/staff"));
    expect(desk).toMatch(new RegExp(`Due today</h2>.*href="/applicant/${id}"[^>]*>Uma Due</a>\\s*<span[^>]*>Today</span>`));
    expect((await post(rae, `/applicant/${id}`, { intent: "remind", remind_on: "2026-02-30" })).status).toBe(400);
    expect(await html(await post(rae, `/applicant/${id}`, { intent: "remind", remind_on: "" }))).toContain("Reminder cleared.");
    expect(await html(await rae.request("GET", "/staff"))).not.toContain("Uma Due");
  });

  it("archives with an Undo on the list, restores from the archive, and lists everyone", async () => {
    const id = await apply("Vic Archive");
    await post(morgan, `/applicant/${id}`, { intent: "update", follow_up: "maybe" });
    const archived = await post(rae, `/applicant/${id}`, { intent: "archive" });
    expect(archived.status).toBe(303);
    const list = await html(await rae.request("GET", archived.headers.get("location")!));
    expect(list).toMatch(new RegExp(`Vic Archive has been archived.</p><form[^>]*><input type="hidden" name="intent" value="restore"/><input type="hidden" name="id" value="${id}"/><button[^>]*>Undo</button>`));
    // Said above the list, where the eye is, not below a list that runs long on a phone.
    expect(list.indexOf("Vic Archive has been archived.")).toBeLessThan(list.indexOf('aria-label="Applicant lists"'));
    expect(await html(await rae.request("GET", "/applicants?filter=everyone"))).toContain("Vic Archive");
    const undone = await html(await post(rae, "/applicants", { intent: "restore", id: String(id) }));
    expect(undone).toContain("Vic Archive is back from the archive.");
    expect(await db().selectFrom("job_applicants").select(["follow_up", "deleted_at"]).where("id", "=", id).executeTakeFirstOrThrow()).toEqual({ follow_up: "maybe", deleted_at: null });
    expect((await post(rae, "/applicants", { intent: "restore", id: String(id) })).status).toBe(409);
  });

  it("moves to the next and previous applicant in the order of the list it was opened from, with only the list's name in the address", async () => {
    const [a, b, c] = [await apply("Ann Order"), await apply("Ben Order"), await apply("Cat Order")];
    for (const id of [a, b, c]) await post(morgan, `/applicant/${id}`, { intent: "update", follow_up: "no" });
    // 'no' lists newest change first: Cat, Ben, Ann.
    const list = await html(await morgan.request("GET", "/applicants?filter=no"));
    expect(list).toContain(`href="/applicant/${b}?list=no"`);
    const middle = await html(await morgan.request("GET", `/applicant/${b}?list=no`));
    expect(middle).toMatch(new RegExp(`href="/applicant/${c}\\?list=no"[^>]*>Previous applicant</a>`));
    expect(middle).toMatch(new RegExp(`href="/applicant/${a}\\?list=no"[^>]*>Next applicant</a>`));
    expect(middle).toContain("← Back to No");
    const last = await html(await morgan.request("GET", `/applicant/${a}?list=no`));
    expect(last).not.toContain("Next applicant");
    expect(await html(await morgan.request("GET", `/applicant/${a}?list=whatever`))).toContain("← All applicants");
  });

  it("says so on the sign-in form after signing out, with only a flag in the address, dropped on signing in again", async () => {
    const jo = team.client();
    expect((await jo.signIn(RAE)).status).toBe(200);
    const out = await post(jo, "/applicants?filter=maybe", { intent: "sign-out" });
    expect(out.status).toBe(303);
    expect(out.headers.get("location")).toBe("/applicants?filter=maybe&signed-out=1");
    const signIn = await jo.request("GET", out.headers.get("location")!);
    expect(signIn.status).toBe(401);
    const page = await html(signIn);
    expect(page).toContain("You have signed out.");
    expect(page).not.toContain("Signed in as");
    // Without the flag (a session that simply ran out) the form says nothing of the kind.
    expect(await html(await jo.request("GET", "/applicants"))).not.toContain("You have signed out.");
    const back = await post(jo, "/applicants?filter=maybe&signed-out=1", { intent: "sign-in", name: RAE.name, pin: RAE.pin });
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe("/applicants?filter=maybe");
  });

  it("lists each message sent by its subject, which opens it to read by its id, for staff only", async () => {
    const id = await apply("Wren Outbox");
    const { email } = await db().selectFrom("job_applicants").select("email").where("id", "=", id).executeTakeFirstOrThrow();
    const sentOne = () => db().selectFrom("outbox_messages").select(["id", "subject", "body_text", "status"]).where("recipient", "=", email).where("template", "=", "applicant-thank-you").executeTakeFirst();
    await waitFor("the thank-you to be sent", async () => (await sentOne())?.status === "sent");
    const message = (await sentOne())!;
    expect(message.subject).toBeTruthy();
    const list = await html(await rae.request("GET", "/staff/outbox"));
    // Its subject, not its template's name, is the link.
    expect(list).toMatch(new RegExp(`<h2[^>]*><a [^>]*href="/staff/outbox/${message.id}"[^>]*>${message.subject}</a></h2>`));
    const opened = await rae.request("GET", `/staff/outbox/${message.id}`);
    expect(opened.status).toBe(200);
    const page = await html(opened);
    expect(page).toMatch(new RegExp(`<h1[^>]*>${message.subject}</h1>`));
    expect(page).toContain(email);
    expect(page).toContain(message.body_text.split("\n").find((line) => line.trim().length > 20)!.trim());
    const looked = await db().selectFrom("audit_events").select("actor").where("subject_type", "=", "outbox-message").where("subject_id", "=", message.id).where("action", "=", "viewed").execute();
    expect(looked).toEqual([{ actor: RAE.name }]);
    expect((await rae.request("GET", "/staff/outbox/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await rae.request("GET", "/staff/outbox/not-an-id")).status).toBe(404);
    const stranger = await team.client().request("GET", `/staff/outbox/${message.id}`);
    expect(stranger.status).toBe(401);
    expect(await stranger.text()).not.toContain(email);
  });
});
