import { describe, expect, it } from "vitest";
import { engines } from "../support/databases";
import { applyAsVisitor, STAFF, wholeTeamEnv } from "../support/staff-client";
import { csvDownloadLines, expectPinFormOnly, staffTeamFor, type StaffTeam } from "../support/staff-team";
import { waitFor } from "../support/wait";

// The staff pages as a browser without JavaScript meets them: HTML forms posted
// to the pages' own actions, from the production build, on a real database.
describe.each(engines)("staff pages on %s", (engine) => {
  // Morgan and Rae signed in; Sam, a second manager, signs in through the PIN form in the tests.
  const team = staffTeamFor(engine, {
    pages: true,
    smtp: true,
    network: "192.0.2",
    env: {
      STAFF_ACCOUNTS: wholeTeamEnv,
      // Replies go at once here; the hold and its Undo: applicant-desk-pages.test.ts.
      STAFF_EMAIL_HOLD_SECONDS: "0",
      APPLICANT_RETENTION_MONTHS: "18",
      CLOSED_APPLICANT_RETENTION_MONTHS: "4",
    },
  });
  const client = () => team.client();
  const post: StaffTeam["post"] = (...args) => team.post(...args);
  const html = async (response: Response) => (await response.text()).replace(/\s+/g, " ");
  /** The list's rows as rendered (the page's data for scripts holds the whole list). */
  const tableOf = (page: string) => /<tbody[^>]*>(.*?)<\/tbody>/.exec(page)?.[1] ?? "";

  const apply = (name: string, overrides: Record<string, string> = {}) => applyAsVisitor(team.server.url, name, overrides);
  const applicant = (id: number) => team.server.services.db.selectFrom("job_applicants").selectAll().where("id", "=", id).executeTakeFirst();

  it("shows the PIN form, and nothing else, to anyone not signed in", async () => {
    const id = await apply("Hidden Person");
    for (const path of ["/applicants", `/applicant/${id}`, `/applicant/${id}/erase`, "/applicants?filter=archived"]) {
      await expectPinFormOnly(await client().request("GET", path), path, "Hidden Person");
    }
  });

  it("signs in from the PIN form and returns to the page asked for; a wrong PIN says so and is not sent back", async () => {
    const id = await apply("Wanda Return");
    const jo = client();
    const wrong = await post(jo, `/applicant/${id}`, { intent: "sign-in", name: "Sam", pin: "123987" });
    expect(wrong.status).toBe(401);
    const wrongPage = await html(wrong);
    expect(wrongPage).toContain("That name and PIN don&#x27;t match. Please try again.");
    expect(wrongPage).not.toContain("123987");
    expect(wrongPage).not.toContain("Wanda Return");
    const empty = await post(jo, `/applicant/${id}`, { intent: "sign-in", name: "Sam", pin: "" });
    expect(empty.status).toBe(400);
    expect(await html(empty)).toContain("Enter your PIN");

    const right = await post(jo, `/applicant/${id}`, { intent: "sign-in", name: STAFF.sam.name, pin: STAFF.sam.pin });
    expect(right.status).toBe(303);
    expect(right.headers.get("location")).toBe(`/applicant/${id}`);
    expect(right.headers.getSetCookie().map((c) => c.split("=")[0]).sort()).toEqual(["staff_device", "staff_session"]);
    const page = await jo.request("GET", `/applicant/${id}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const text = await html(page);
    expect(text).toMatch(/Signed in as <strong[^>]*>Sam<\/strong>/);
    expect(text).toContain("Wanda Return");

    // Sign out from any staff page: back to the PIN form on the same page, flagged so it says so (decision 0071).
    const out = await post(jo, `/applicant/${id}`, { intent: "sign-out" });
    expect(out.status).toBe(303);
    expect(out.headers.get("location")).toBe(`/applicant/${id}?signed-out=1`);
    expect((await jo.request("GET", `/applicant/${id}`)).status).toBe(401);
  });

  it("locks the PIN form too after 10 wrong PINs in a row (429, even for the right PIN)", async () => {
    const guesser = client();
    for (let i = 0; i < 10; i++) expect((await post(guesser, "/applicants", { intent: "sign-in", name: "Sam", pin: `40${String(i).padStart(4, "0")}` })).status).toBe(401);
    const locked = await post(guesser, "/applicants", { intent: "sign-in", name: STAFF.morgan.name, pin: STAFF.morgan.pin });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await html(locked)).toContain("Too many wrong PINs from this device.");
    expect(locked.headers.getSetCookie()).toEqual([]);
  });

  it("lists applicants by filter, with the spec's columns and each row's state in words", async () => {
    const a = await apply("Ada Definitely");
    await post(team.morgan, `/applicant/${a}`, { intent: "update", note: "", follow_up: "definitely" });
    const page = await html(await team.morgan.request("GET", "/applicants?filter=definitely"));
    for (const column of ["Date", "Name", "Email", "Mobile", "Role", "Position", "Email Sent", "Archive"]) expect(page).toContain(`>${column}</th>`);
    expect(page).toMatch(/<a aria-current="page"[^>]*href="\/applicants\?filter=definitely"|href="\/applicants\?filter=definitely"[^>]*aria-current="page"/);
    expect(page).toContain(`href="/applicant/${a}?list=definitely"`);
    expect(tableOf(page)).toMatch(/Ada Definitely.*>Definitely</);
    expect(tableOf(page)).not.toContain("Hidden Person");
  });

  it("flags a second application from the same person as a possible duplicate, in the list and on the page", async () => {
    await apply("Fay Twice", { email: "fay.twice@example.com" });
    const second = await apply("Fay Twice", { email: "fay.twice@example.com" });
    const rows = tableOf(await html(await team.morgan.request("GET", "/applicants?filter=uncategorised")));
    const row = (id: number) => new RegExp(`<tr[^>]*>(?:(?!</tr>).)*href="/applicant/${id}(?:\\?list=[a-z]+)?"(?:(?!</tr>).)*</tr>`).exec(rows)?.[0] ?? "";
    expect(row(second)).toContain("Possible duplicate");
    expect(row(second - 1)).not.toContain("Possible duplicate");
    expect(await html(await team.morgan.request("GET", `/applicant/${second}`))).toContain("Possible duplicate");
  });

  it("takes every change as a form post: note and follow-up, empty change refused, reply, role, archive", async () => {
    const id = await apply("Bea Forms", { email: "bea.forms@example.com" });
    const detail = `/applicant/${id}`;

    const empty = await post(team.morgan, detail, { intent: "update", note: " ", follow_up: "uncategorised" });
    expect(empty.status).toBe(400);
    expect(await html(empty)).toContain("Nothing to update: add a note or choose a different follow-up.");

    const updated = await post(team.morgan, detail, { intent: "update", note: "Strong portfolio", follow_up: "maybe" });
    expect(updated.status).toBe(200);
    const updatedPage = await html(updated);
    expect(updatedPage).toContain("Updated successfully!");
    expect(updatedPage).toMatch(/Morgan \d\d\/\d\d\/\d\d:<\/span> <span[^>]*>Strong portfolio/);
    expect(await applicant(id)).toMatchObject({ follow_up: "maybe" });

    const emailed = await post(team.morgan, detail, { intent: "email", response: "maybe" });
    expect(emailed.status).toBe(200);
    const emailedPage = await html(emailed);
    expect(emailedPage).toMatch(/(&#x27;|')Maybe later(&#x27;|') to Bea leaves at \d\d?:\d\d:\d\d/);
    // Maybe was sent: only Unsuccessful is left to send.
    expect(emailedPage).not.toMatch(/name="response" value="maybe"/);
    expect(emailedPage).toMatch(/name="response" value="unsuccessful"/);
    await waitFor("the Maybe email", () => team.smtp.messages.some((m) => m.to[0] === "bea.forms@example.com"));
    const again = await post(team.morgan, detail, { intent: "email", response: "maybe" });
    expect(again.status).toBe(409);

    const role = await post(team.morgan, detail, { intent: "role" });
    expect(role.status).toBe(200);
    expect(await html(role)).toContain("Role changed to Saturday/Evening.");
    expect(await applicant(id)).toMatchObject({ role: "Saturday" });
    expect(await html(await team.morgan.request("GET", detail))).not.toContain("Change to Saturday");
    expect((await post(team.morgan, detail, { intent: "role" })).status).toBe(409);

    const unsuccessful = await post(team.morgan, detail, { intent: "email", response: "unsuccessful" });
    expect(await html(unsuccessful)).toMatch(/(&#x27;|')No place for you(&#x27;|') to Bea leaves at \d\d?:\d\d:\d\d/);
    // Once 'unsuccessful' has gone the whole email box is hidden.
    expect(await html(await team.morgan.request("GET", detail))).not.toContain("Email response");

    const archived = await post(team.morgan, detail, { intent: "archive" });
    expect(archived.status).toBe(303);
    expect(archived.headers.get("location")).toBe(`/applicants?archived=${id}`);
    expect((await applicant(id))?.follow_up).toBe("archived");
    const archivedPage = await html(await team.morgan.request("GET", "/applicants?filter=archived"));
    expect(archivedPage).toContain("Bea Forms");
    expect(archivedPage).not.toContain(`href="/applicant/${id}"`);

    const history = await html(await team.morgan.request("GET", detail));
    expect(history).toContain("Morgan archived the application");
    expect(history).toContain("Morgan sent an email: the Maybe email");
    expect(history).toContain("Morgan changed the follow-up: Uncategorised → Maybe");
    expect(history).not.toMatch(/name="intent" value="update"/);
  });

  it("archives from the list, searches without JavaScript by a form post, and exports the view as CSV", async () => {
    const id = await apply("Cal Listed");
    const formula = await apply("=HYPERLINK(\"evil\",\"Click\")", { email: "formula@example.com" });
    const archived = await post(team.morgan, "/applicants", { intent: "archive", id: String(id) });
    expect(archived.status).toBe(200);
    expect(await html(archived)).toContain("Cal Listed has been archived.");
    expect((await applicant(id))?.deleted_at).not.toBeNull();

    const search = await post(team.morgan, "/applicants?filter=uncategorised", { intent: "search", q: "formula@" });
    const found = await html(search);
    expect(tableOf(found)).toContain(`href="/applicant/${formula}?list=uncategorised"`);
    expect(tableOf(found)).not.toContain("Hidden Person");
    expect(found).toContain("matching “formula@”");

    const csv = await post(team.morgan, "/applicants/export", { filter: "uncategorised", q: "formula@" });
    const lines = await csvDownloadLines(csv, /^attachment; filename="applicants-uncategorised-\d{4}-\d\d-\d\d\.csv"$/);
    expect(lines[0]).toBe("Date,Name,Email,Mobile,Role,Position,Follow-up,Email sent,Possible duplicate");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^\d\d\/\d\d\/\d\d,"'=HYPERLINK\(""evil"",""Click""\)",formula@example\.com,07700 9\d{5},Apprentice,At school or college,Uncategorised,Not sent,No$/);
    const exported = await team.server.services.db.selectFrom("audit_events").select("actor").where("action", "=", "exported").where("subject_id", "=", String(formula)).execute();
    expect(exported).toEqual([{ actor: "Morgan" }]);
  });

  it("erases an applicant only with the typed confirmation, leaving one line in the audit trail", async () => {
    const id = await apply("Dee Erase", { email: "dee.erase@example.com" });
    await post(team.morgan, `/applicant/${id}`, { intent: "update", note: "Asked to be forgotten", follow_up: "no" });
    const confirmPage = await html(await team.morgan.request("GET", `/applicant/${id}/erase`));
    expect(confirmPage).toContain("Erase Dee Erase?");
    expect(confirmPage).toContain("Type ERASE to confirm");

    const unconfirmed = await post(team.morgan, `/applicant/${id}/erase`, { intent: "erase", confirm: "yes" });
    expect(unconfirmed.status).toBe(400);
    expect(await html(unconfirmed)).toContain("Type ERASE to confirm");
    expect(await applicant(id)).toBeDefined();

    const erased = await post(team.morgan, `/applicant/${id}/erase`, { intent: "erase", confirm: "erase" });
    expect(erased.status).toBe(303);
    expect(erased.headers.get("location")).toBe(`/applicants?erased=${id}`);
    expect(await applicant(id)).toBeUndefined();
    const db = team.server.services.db;
    expect(await db.selectFrom("applicant_notes").select("id").where("applicant_id", "=", id).execute()).toEqual([]);
    expect(await db.selectFrom("outbox_messages").select("id").where("related_id", "=", String(id)).execute()).toEqual([]);
    expect(await db.selectFrom("audit_events").select(["actor", "action"]).where("subject_type", "=", "joinus").where("subject_id", "=", String(id)).execute()).toEqual([
      { actor: "Morgan", action: "erased" },
    ]);
    expect(await html(await team.morgan.request("GET", `/applicants?erased=${id}`))).toContain(`Applicant #${id} has been erased`);
    expect((await team.morgan.request("GET", `/applicant/${id}`)).status).toBe(404);
  });

  it("refuses every staff form post from another site with 403, changing nothing", async () => {
    const id = await apply("Eve Target");
    const posts: [string, Record<string, string>][] = [
      ["/applicants", { intent: "sign-in", name: STAFF.morgan.name, pin: STAFF.morgan.pin }],
      ["/applicants", { intent: "archive", id: String(id) }],
      ["/applicants.data", { intent: "archive", id: String(id) }],
      [`/applicant/${id}`, { intent: "update", note: "Forged", follow_up: "no" }],
      [`/applicant/${id}`, { intent: "email", response: "unsuccessful" }],
      [`/applicant/${id}`, { intent: "role" }],
      [`/applicant/${id}`, { intent: "archive" }],
      [`/applicant/${id}/erase`, { intent: "erase", confirm: "ERASE" }],
      ["/applicants/export", { filter: "all", q: "" }],
    ];
    const evil: Record<string, string>[] = [{ origin: "https://evil.example" }, { referer: "https://evil.example/x" }, { "sec-fetch-site": "cross-site" }];
    for (const [path, form] of posts) {
      for (const headers of evil) {
        const response = await post(team.morgan, path, form, headers);
        expect(response.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    expect(await applicant(id)).toMatchObject({ follow_up: "", role: "Apprentice", email_response: null, deleted_at: null });
    expect(await team.server.services.db.selectFrom("applicant_notes").select("id").where("applicant_id", "=", id).execute()).toEqual([]);
  });

  it("says on the privacy page what the purge does, from the same configuration", async () => {
    const page = await html(await fetch(`${team.server.url}/privacy`));
    expect(page).toContain("18 months after you apply; 4 months after our last step if we don&#x27;t take your application further");
    const robots = await (await fetch(`${team.server.url}/robots.txt`)).text();
    for (const path of ["/applicants", "/applicant/", "/staff"]) expect(robots).toContain(`Disallow: ${path}\n`);
  });
});
