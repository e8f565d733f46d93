import { beforeAll, describe, expect, it } from "vitest";
import { inboxKinds } from "~/modules/inbox/inbox-kinds";
import { submissionKinds } from "~/modules/submissions/kinds";
import { engines } from "../support/databases";
import { submitPublicForm } from "../support/desk";
import type { SmtpSink } from "../support/smtp-sink";
import { STAFF, type StaffClient, wholeTeamEnv } from "../support/staff-client";
import { csvDownloadLines, expectPinFormOnly, staffTeamFor, type StaffTeam } from "../support/staff-team";
import type { TestServer } from "../support/test-server";
import { waitFor } from "../support/wait";

const STAFF_INBOX = "desk.staff@example.com";

// The staff desk's pages as a browser without JavaScript meets them: HTML
// forms posted to the pages' own actions, from the production build, on a
// real database, with a real SMTP server.
describe.each(engines)("staff desk pages on %s", (engine) => {
  // Morgan and Rae signed in; Sam, a second manager, signs in through the PIN form in the tests.
  const team = staffTeamFor(engine, {
    pages: true,
    smtp: true,
    network: "198.18.0",
    env: {
      STAFF_ACCOUNTS: wholeTeamEnv,
      STAFF_NOTIFY_EMAIL: STAFF_INBOX,
    },
  });
  let server: TestServer;
  let smtp: SmtpSink;
  let morgan: StaffClient;
  const client = () => team.client();
  const post: StaffTeam["post"] = (...args) => team.post(...args);
  const html = async (response: Response) => (await response.text()).replace(/\s+/g, " ");
  /** The rendered list (the page's data for scripts repeats every record). */
  const listOf = (page: string) => /<ul class="space-y-4">(.*?)<\/ul>/.exec(page)?.[1] ?? "";
  const db = () => server.services.db;

  beforeAll(() => {
    ({ server, smtp, morgan } = team);
  });

  const pages = ["/staff", "/staff/models", "/staff/messages", "/staff/open-evening", "/staff/feedback", "/staff/outbox", "/staff/site"];

  it("shows the PIN form, and nothing else, to anyone not signed in", async () => {
    const { id } = await submitPublicForm(server.url, "models", "Hidden Model");
    for (const path of [...pages, `/staff/models/${id}/erase`]) {
      await expectPinFormOnly(await client().request("GET", path), path, "Hidden Model");
    }
    // Even the export's address typed in: the guard answers before the route's own code.
    expect((await client().request("GET", "/staff/models/export")).status).toBe(401);
  });

  it("signs in from the PIN form on /staff and lands there, on the staff home", async () => {
    const jo = client();
    const signedIn = await post(jo, "/staff", { intent: "sign-in", name: STAFF.sam.name, pin: STAFF.sam.pin });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get("location")).toBe("/staff");
    const home = await html(await jo.request("GET", "/staff"));
    expect(home).toMatch(/Signed in as <strong[^>]*>Sam<\/strong>/);
    expect(home).toContain("Staff desk");
  });

  it("counts on the home page what came in since this person last opened each list", async () => {
    const sam = client();
    await post(sam, "/staff", { intent: "sign-in", name: STAFF.sam.name, pin: STAFF.sam.pin });
    // Open every list once: from now on only new records count.
    for (const path of ["/applicants", ...inboxKinds.map((k) => `/staff/${k}`)]) expect((await sam.request("GET", path)).status).toBe(200);
    const before = await html(await sam.request("GET", "/staff"));
    expect(before).toContain("Nothing new");
    expect(before).not.toMatch(/\d+ new model sign-ups?/);

    await submitPublicForm(server.url, "models", "Counted One");
    await submitPublicForm(server.url, "models", "Counted Two");
    await submitPublicForm(server.url, "feedback", "Counted Three");
    const after = await html(await sam.request("GET", "/staff"));
    expect(after).toContain("2 new model sign-ups");
    expect(after).toContain("1 new feedback registration");
    expect(after).toContain('href="/staff/models"');
    expect(after).toContain('href="/applicants"');

    // Opening the list is looking at it.
    await sam.request("GET", "/staff/models");
    const seen = await html(await sam.request("GET", "/staff"));
    expect(seen).not.toContain("new model sign-up");
    expect(seen).toContain("1 new feedback registration");
  });

  it.each(inboxKinds)("lists what the %s form stored as cards with tel: or mailto: links, ticks one off and undoes it", async (kind) => {
    const { id, body } = await submitPublicForm(server.url, kind, `Card ${kind.replace("-", " ")} Person`);
    const list = await html(await morgan.request("GET", `/staff/${kind}`));
    expect(listOf(list)).toContain(body.name);
    if (body.mobile) expect(listOf(list)).toMatch(new RegExp(`href="tel:\\+44${body.mobile.replace(/\s/g, "").slice(1)}"`));
    if (body.email) expect(listOf(list)).toContain(`href="mailto:${body.email}"`);

    const done = await post(morgan, `/staff/${kind}`, { intent: "handled", id: String(id), handled: "true", q: "" });
    expect(done.status).toBe(200);
    const donePage = await html(done);
    expect(donePage).toContain(`${body.name} is marked as handled.`);
    // Handled: off the "Not handled" list, on the "Handled" one.
    expect(listOf(donePage)).not.toContain(body.name);
    const handledList = await html(await morgan.request("GET", `/staff/${kind}?show=handled`));
    expect(listOf(handledList)).toContain(body.name);
    expect(listOf(handledList)).toMatch(/Handled by Morgan, /);

    const undone = await post(morgan, `/staff/${kind}?show=handled`, { intent: "handled", id: String(id), handled: "false", q: "" });
    expect(await html(undone)).toContain(`${body.name} is marked as not handled.`);
    expect(listOf(await html(await morgan.request("GET", `/staff/${kind}`)))).toContain(body.name);
    // Each kind is audited under its one name.
    const subject = submissionKinds[kind].name;
    const trail = await db().selectFrom("audit_events").select(["actor", "action"]).where("subject_type", "=", subject).where("subject_id", "=", String(id)).orderBy("id").execute();
    expect(trail).toEqual([
      { actor: "Morgan", action: "marked-handled" },
      { actor: "Morgan", action: "marked-not-handled" },
    ]);
    const looks = await db().selectFrom("audit_events").select(["detail"]).where("subject_type", "=", kind).where("action", "=", "listed").where("actor", "=", "Morgan").execute();
    expect(looks.map((l) => l.detail)).toEqual(expect.arrayContaining(["open", "handled"]));
  });

  it("keeps one line in the audit trail for a look at the applicants or the messages sent, per person and filter, however often the page reloads", async () => {
    const looks = (list: string, detail: string) =>
      db().selectFrom("audit_events").select("actor").where("action", "=", "listed").where("subject_type", "=", list).where("detail", "=", detail).execute();
    for (const path of ["/applicants?filter=maybe", "/staff/outbox?show=suppressed"]) {
      for (let i = 0; i < 2; i++) expect((await morgan.request("GET", path)).status).toBe(200);
    }
    expect(await looks("applicants", "maybe")).toEqual([{ actor: "Morgan" }]);
    expect(await looks("outbox", "suppressed")).toEqual([{ actor: "Morgan" }]);
  });

  it("searches by a form post, and exports the list as shown as CSV", async () => {
    const wanted = await submitPublicForm(server.url, "messages", "Zora Quill");
    await submitPublicForm(server.url, "messages", "Other Sender");
    const formula = await submitPublicForm(server.url, "messages", "=cmd|' /C calc'!A0 Quill");

    const search = await post(morgan, "/staff/messages", { intent: "search", q: "quill" });
    const found = await html(search);
    expect(listOf(found)).toContain("Zora Quill");
    expect(listOf(found)).not.toContain("Other Sender");
    expect(found).toContain("matching “quill”");

    const csv = await post(morgan, "/staff/messages/export", { show: "open", q: "quill" });
    const lines = await csvDownloadLines(csv, /^attachment; filename="messages-open-\d{4}-\d\d-\d\d\.csv"$/);
    expect(lines[0]).toBe("Received,Name,Email,Message,Handled,Handled by");
    expect(lines).toHaveLength(3);
    // Newest first; a name a spreadsheet would run as a formula stays text.
    expect(lines[1]).toMatch(/^"[A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d",'=cmd\|' \/C calc'!A0 Quill,/);
    expect(lines[2]).toContain(`Zora Quill,${wanted.body.email},`);
    expect(lines[2]).toMatch(/,Not handled,$/);
    const exported = await db().selectFrom("audit_events").select("subject_id").where("action", "=", "exported").where("subject_type", "=", "messages").execute();
    expect(exported.map((e) => e.subject_id).sort()).toEqual([String(wanted.id), String(formula.id)].sort());
  });

  it("shows the feedback a visitor wrote on its card and in the CSV", async () => {
    const sent = await submitPublicForm(server.url, "feedback", "Wren Feedback");
    const page = await html(await morgan.request("GET", "/staff/feedback"));
    expect(listOf(page)).toContain("Wren Feedback");
    expect(listOf(page)).toContain(sent.body.feedback);
    const csv = await post(morgan, "/staff/feedback/export", { show: "all", q: "Wren" });
    const lines = (await csv.text()).replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(lines[0]).toBe("Received,Name,Mobile,Feedback,Handled,Handled by");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`Wren Feedback,${sent.body.mobile},"${sent.body.feedback}",Not handled,`);
  });

  it("erases a record only with the typed confirmation, with the site's copy of its email, leaving one line in the trail", async () => {
    const { id } = await submitPublicForm(server.url, "messages", "Erin Forget");
    await waitFor("the contact email", () => smtp.messages.some((m) => m.text.includes("Erin Forget")));
    const card = await html(await morgan.request("GET", "/staff/messages"));
    expect(card).toContain(`href="/staff/messages/${id}/erase"`);
    const confirmPage = await html(await morgan.request("GET", `/staff/messages/${id}/erase`));
    expect(confirmPage).toContain("Erase Erin Forget?");
    expect(confirmPage).toContain("Type ERASE to confirm");

    const unconfirmed = await post(morgan, `/staff/messages/${id}/erase`, { intent: "erase", confirm: "please" });
    expect(unconfirmed.status).toBe(400);
    expect(await db().selectFrom("contact_messages").select("id").where("id", "=", id).execute()).toHaveLength(1);

    const erased = await post(morgan, `/staff/messages/${id}/erase`, { intent: "erase", confirm: "ERASE" });
    expect(erased.status).toBe(303);
    expect(erased.headers.get("location")).toBe(`/staff/messages?erased=${id}`);
    expect(await db().selectFrom("contact_messages").select("id").where("id", "=", id).execute()).toEqual([]);
    expect(await db().selectFrom("outbox_messages").select("id").where("related_type", "=", "messages").where("related_id", "=", String(id)).execute()).toEqual([]);
    expect(
      await db().selectFrom("audit_events").select(["actor", "action", "detail"]).where("subject_type", "=", "messages").where("subject_id", "=", String(id)).execute(),
    ).toEqual([{ actor: "Morgan", action: "erased", detail: null }]);
    expect(await html(await morgan.request("GET", `/staff/messages?erased=${id}`))).toContain(`Record #${id} has been erased`);
    expect((await morgan.request("GET", `/staff/messages/${id}/erase`)).status).toBe(404);
    expect((await morgan.request("GET", "/staff/no-such-inbox")).status).toBe(404);
  });

  it("lists the messages sent, shows a failed one with its reason on the home page and the list, and sends it again", async () => {
    smtp.refused.add(STAFF_INBOX);
    const { id } = await submitPublicForm(server.url, "messages", "Fay Bounce");
    const failedRow = () => db().selectFrom("outbox_messages").selectAll().where("related_type", "=", "messages").where("related_id", "=", String(id)).executeTakeFirstOrThrow();
    await waitFor("the email to fail", async () => (await failedRow()).status === "failed");

    const home = await html(await morgan.request("GET", "/staff"));
    expect(home).toMatch(/\d+ failed to send/);
    expect(home).toContain('href="/staff/outbox?show=failed"');
    const failed = await html(await morgan.request("GET", "/staff/outbox?show=failed"));
    expect(failed).toContain(`To: </span>${STAFF_INBOX}`);
    expect(failed).toContain("Failed");
    expect(failed).toContain("SMTP refused the recipient: 550");
    expect(failed).toMatch(/<button type="submit"[^>]*>Send again<\/button>/);

    smtp.refused.delete(STAFF_INBOX);
    const { id: messageId } = await failedRow();
    const again = await post(morgan, "/staff/outbox?show=failed", { intent: "send-again", id: messageId });
    expect(again.status).toBe(200);
    expect(await html(again)).toContain("The message is back in the queue");
    await waitFor("the email to go", async () => (await failedRow()).status === "sent");
    expect(smtp.messages.some((m) => m.to.includes(STAFF_INBOX) && m.text.includes("Fay Bounce"))).toBe(true);
    // A message that has not failed is not sent twice.
    const twice = await post(morgan, "/staff/outbox", { intent: "send-again", id: messageId });
    expect(twice.status).toBe(409);
    const sent = await html(await morgan.request("GET", "/staff/outbox?show=sent"));
    expect(sent).toContain(`To: </span>${STAFF_INBOX}`);
    expect(
      await db().selectFrom("audit_events").select(["actor", "action"]).where("subject_type", "=", "outbox-message").where("subject_id", "=", messageId).execute(),
    ).toEqual([{ actor: "Morgan", action: "sent-again" }]);
  });

  it("switches the offers, moves the end date and edits the news with form posts", async () => {
    const copy = server.services.content.copy;
    const none = copy.text.offers.none[0]!;
    const slug = copy.offers.offers.find((o) => !o.endDate)!.slug;
    const hidden = await post(morgan, "/staff/site", { intent: "offers", hideOffers: "true" });
    expect(await html(hidden)).toContain("The offers are hidden everywhere.");
    expect(await html(await fetch(`${server.url}/offers/${slug}`))).toContain(none);
    await post(morgan, "/staff/site", { intent: "offers", hideOffers: "false" });
    expect(await html(await fetch(`${server.url}/offers/${slug}`))).not.toContain(none);

    const past = await post(morgan, "/staff/site", { intent: "end-date", endDate: "2001-01-01" });
    expect(past.status).toBe(400);
    expect(await html(past)).toContain("The end date can&#x27;t be in the past");
    const future = `${new Date().getUTCFullYear() + 1}-06-30`;
    const moved = await post(morgan, "/staff/site", { intent: "end-date", endDate: future });
    expect(await html(moved)).toContain(`The offers now end on 30/06/${future.slice(2, 4)}.`);
    expect(await html(await fetch(`${server.url}/offers/${slug}`))).toContain(`Offer ends 30/06/${future.slice(2, 4)}.`);

    const noTitle = await post(morgan, "/staff/site", { intent: "news-add", title: "", text: "Words", date: "", image: "" });
    expect(noTitle.status).toBe(400);
    expect(await html(noTitle)).toContain("Title is required");
    const added = await post(morgan, "/staff/site", { intent: "news-add", title: "Late night Thursdays", text: "Open till nine.", date: "", image: "" });
    expect(await html(added)).toContain("“Late night Thursdays” is on the shop page.");
    const edited = await post(morgan, "/staff/site", { intent: "news-edit", slug: "late-night-thursdays", title: "Late nights on Thursdays", text: "Open till nine.", date: future, image: "/images/news/late-night-thursdays.svg" });
    expect(await html(edited)).toContain("“Late nights on Thursdays” is saved.");
    expect(await html(await fetch(`${server.url}/online-shop`))).toContain("Late nights on Thursdays");
    const removed = await post(morgan, "/staff/site", { intent: "news-remove", slug: "late-night-thursdays" });
    const removedPage = await html(removed);
    expect(removedPage).toContain("“Late nights on Thursdays” is off the shop page.");
    expect(removedPage).toMatch(/<input type="hidden" name="intent" value="news-add"\/>/);
    expect(await html(await fetch(`${server.url}/online-shop`))).not.toContain("Late nights on Thursdays");

    const site = await html(await morgan.request("GET", "/staff/site"));
    for (const line of [
      "Morgan hid the offers",
      "Morgan showed the offers",
      `to 30/06/${future.slice(2, 4)}`,
      "Morgan added the news item “Late night Thursdays”",
      "Morgan edited the news item “Late nights on Thursdays” (title, date)",
      "Morgan removed the news item “Late nights on Thursdays”",
    ]) {
      expect(site).toContain(line);
    }
    expect(site).toContain("Back to the files&#x27; values");
  });

  it("refuses every desk form post from another site with 403, changing nothing", async () => {
    const { id } = await submitPublicForm(server.url, "models", "Forged Target");
    const posts: [string, Record<string, string>][] = [
      ["/staff", { intent: "sign-in", name: STAFF.morgan.name, pin: STAFF.morgan.pin }],
      ["/staff/models", { intent: "handled", id: String(id), handled: "true" }],
      ["/staff/models.data", { intent: "handled", id: String(id), handled: "true" }],
      ["/staff/models/export", { show: "all", q: "" }],
      [`/staff/models/${id}/erase`, { intent: "erase", confirm: "ERASE" }],
      ["/staff/outbox", { intent: "send-again", id: "00000000-0000-0000-0000-000000000000" }],
      ["/staff/site", { intent: "offers", hideOffers: "true" }],
      ["/staff/site", { intent: "reset" }],
    ];
    const before = await db().selectFrom("audit_events").select("id").execute();
    for (const [path, form] of posts) {
      const evil: Record<string, string>[] = [{ origin: "https://evil.example" }, { referer: "https://evil.example/x" }, { "sec-fetch-site": "cross-site" }];
      for (const headers of evil) {
        expect((await post(morgan, path, form, headers)).status, `${path} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    expect(await db().selectFrom("model_applicants").select(["handled_at"]).where("id", "=", id).executeTakeFirst()).toEqual({ handled_at: null });
    expect(await db().selectFrom("audit_events").select("id").execute()).toEqual(before);
  });
});
