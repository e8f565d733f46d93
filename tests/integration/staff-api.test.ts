import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../support/databases";
import { SmtpSink } from "../support/smtp-sink";
import { applyAsVisitor, STAFF, staffAccountsEnv, StaffClient } from "../support/staff-client";
import { startTestServer, type TestServer } from "../support/test-server";
import { waitFor } from "../support/wait";

const EVIL = "https://evil.example";

describe.each(engines)("staff API on %s", (engine) => {
  let server: TestServer;
  const smtp = new SmtpSink();
  let morgan: StaffClient;
  let sam: StaffClient;
  let address = 0;
  /** A client from an address no other test uses, so locks never leak between tests. */
  const client = () => new StaffClient(server.url, `198.51.100.${++address}`);

  const apply = (name: string, overrides: Record<string, string> = {}) => applyAsVisitor(server.url, name, overrides);

  beforeAll(async () => {
    await smtp.start();
    server = await startTestServer(engine, {
      STAFF_ACCOUNTS: staffAccountsEnv,
      SMTP_URL: smtp.url,
      OUTBOX_POLL_MS: "20",
      STAFF_NOTIFY_EMAIL: "staff@example.com",
      // Replies go at once here; the hold and its Undo are proven in applicant-desk-api.test.ts.
      STAFF_EMAIL_HOLD_SECONDS: "0",
      RATE_LIMIT_PER_MINUTE: "1000",
      RATE_LIMIT_PER_HOUR: "10000",
    });
    morgan = client();
    sam = client();
    expect((await morgan.signIn(STAFF.morgan)).status).toBe(200);
    expect((await sam.signIn(STAFF.sam)).status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
    await smtp.stop();
  });

  const writes: [string, string, unknown?][] = [
    ["GET", "/api/staff/session"],
    ["DELETE", "/api/staff/session"],
    ["GET", "/api/joinus-applicants/all"],
    ["GET", "/api/joinus-applicant/1"],
    ["PATCH", "/api/joinus-applicant/1", { note: "Hello" }],
    ["PATCH", "/api/joinus-email-response", { ID: 1, EmailResponse: "maybe" }],
    ["PATCH", "/api/joinus-update-role/1"],
    ["DELETE", "/api/delete-applicant/1"],
  ];

  // 401 signed out for every staff call: the walk of the one gate in staff-roles.test.ts.
  it.each(writes.filter(([method]) => method !== "GET"))("%s %s refuses a cross-origin write with 403", async (method, path, json) => {
    const id = await apply("Cross Origin");
    const target = path.replace("/1", `/${id}`);
    const body = json && typeof json === "object" && "ID" in json ? { ...json, ID: id } : json;
    const refused: Record<string, string>[] = [{ origin: EVIL }, { referer: `${EVIL}/page` }, { "sec-fetch-site": "cross-site" }, { origin: "null" }];
    for (const headers of refused) {
      const response = await morgan.request(method, target, { json: body, headers });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: expect.stringMatching(/another site/) });
    }
    // Nothing changed, and the session is still there.
    expect((await morgan.request("GET", "/api/staff/session")).status).toBe(200);
    const applicant = (await (await morgan.request("GET", `/api/joinus-applicant/${id}`)).json()) as { notes: string[]; role: string; deleted_at: string | null; email_response: string | null };
    expect(applicant).toMatchObject({ notes: [], role: "Apprentice", deleted_at: null, email_response: null });
  });

  it("refuses sign-in from another origin too (no one can sign a browser in as staff)", async () => {
    const response = await client().signIn(STAFF.morgan, { origin: EVIL });
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("accepts writes from the site's own origin, by Origin or PUBLIC_URL", async () => {
    const id = await apply("Same Origin");
    const response = await morgan.request("PATCH", `/api/joinus-applicant/${id}`, { json: { note: "From our page" }, headers: { origin: server.url, "sec-fetch-site": "same-origin" } });
    expect(response.status).toBe(200);
    const fromPublicUrl = await morgan.request("PATCH", `/api/joinus-applicant/${id}`, { json: { note: "Again" }, headers: { origin: server.services.config.publicUrl } });
    expect(fromPublicUrl.status).toBe(200);
  });

  it("signs in with a name and PIN: 401 for a wrong one, the name and safe cookies for the right one, a new session each time", async () => {
    const jo = client();
    const wrong = await jo.signIn({ name: "Sam", pin: "111222" });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: "That name and PIN don't match. Please try again." });
    expect((await jo.signIn({ name: "Sam", pin: "" })).status).toBe(400);
    expect((await jo.signIn({ name: "", pin: STAFF.sam.pin })).status).toBe(400);
    expect(await (await jo.request("POST", "/api/staff/session", { json: {} })).json()).toEqual({
      error: "Enter your name and PIN",
      fields: { name: "Enter your name", pin: "Enter your PIN" },
    });

    const right = await jo.signIn(STAFF.sam);
    expect(right.status).toBe(200);
    expect(await right.json()).toEqual({ name: "Sam", role: "manager" });
    const cookies = right.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/; HttpOnly/i);
      expect(cookie).toMatch(/; SameSite=Lax/i);
      expect(cookie).toMatch(/; Path=\//i);
      expect(cookie).not.toMatch(/; Secure/i); // PUBLIC_URL is http here
      expect(cookie).not.toContain(STAFF.sam.pin);
    }
    expect(cookies.find((c) => c.startsWith("staff_session="))).not.toMatch(/max-age|expires/i);
    expect(cookies.find((c) => c.startsWith("staff_device="))).toMatch(/Max-Age=15552000/);
    expect(await (await jo.request("GET", "/api/staff/session")).json()).toEqual({ name: "Sam", role: "manager" });

    // Signing in again gives a new session id and ends the old one.
    const before = jo.cookies.get("staff_session")!;
    expect((await jo.signIn(STAFF.morgan)).status).toBe(200);
    expect(jo.cookies.get("staff_session")).not.toBe(before);
    const stale = new StaffClient(server.url, jo.address);
    stale.cookies.set("staff_session", before);
    expect((await stale.request("GET", "/api/staff/session")).status).toBe(401);
    expect(await (await jo.request("GET", "/api/staff/session")).json()).toEqual({ name: "Morgan", role: "manager" });

    // Sessions are stored hashed: the cookie's id is nowhere in the table.
    const rows = await server.services.db.selectFrom("staff_sessions").select("id_hash").execute();
    const raw = decodeURIComponent(jo.cookies.get("staff_session")!);
    expect(rows.some((r) => raw.includes(r.id_hash))).toBe(false);

    const out = await jo.request("DELETE", "/api/staff/session");
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie().some((c) => /^staff_session=;/.test(c))).toBe(true);
    expect((await jo.request("GET", "/api/staff/session")).status).toBe(401);
  });

  it("ends a session after 12 idle hours, and a forged cookie is no session", async () => {
    const jo = client();
    await jo.signIn(STAFF.morgan);
    expect((await jo.request("GET", "/api/staff/session")).status).toBe(200);
    const forged = new StaffClient(server.url, jo.address);
    // Change the signature's first character: every bit of it counts, where
    // the last character of base64 carries unused bits and may decode the same.
    const [payload, signature] = decodeURIComponent(jo.cookies.get("staff_session")!).split(".");
    const tampered = `${payload}.${signature![0] === "A" ? "Q" : "A"}${signature!.slice(1)}`;
    forged.cookies.set("staff_session", encodeURIComponent(tampered));
    expect((await forged.request("GET", "/api/staff/session")).status).toBe(401);
    // Twelve hours pass with no use.
    const db = server.services.db;
    await db.updateTable("staff_sessions").set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
    expect((await jo.request("GET", "/api/staff/session")).status).toBe(401);
    expect((await morgan.signIn(STAFF.morgan)).status).toBe(200);
    expect((await sam.signIn(STAFF.sam)).status).toBe(200);
  });

  it("locks a device after 10 wrong PINs in a row for 15 minutes, even for the right PIN", async () => {
    const attacker = client();
    const neighbour = client();
    for (let i = 1; i <= 9; i++) expect((await attacker.signIn({ name: "Sam", pin: `55${String(i).padStart(4, "0")}` })).status).toBe(401);
    // A right PIN ends a run of one's own typos: nine more wrong ones do not lock.
    expect((await attacker.signIn(STAFF.sam)).status).toBe(200);
    // Guesses at a name no account has, so the account counts stay out of it.
    for (let i = 1; i <= 9; i++) expect((await attacker.signIn({ name: "Kim", pin: `66${String(i).padStart(4, "0")}` })).status).toBe(401);
    const tenth = await attacker.signIn({ name: "Kim", pin: "660010" });
    expect(tenth.status).toBe(401);
    expect(((await tenth.json()) as { error: string }).error).toMatch(/paused for 15 minutes/);

    const locked = await attacker.signIn(STAFF.sam);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(890);
    expect(Number(locked.headers.get("retry-after"))).toBeLessThanOrEqual(900);
    expect(await locked.json()).toEqual({ error: expect.stringMatching(/Too many wrong PINs from this device/) });
    // Other addresses are not affected.
    expect((await neighbour.signIn(STAFF.sam)).status).toBe(200);

    // Fifteen minutes later the address may try again.
    await server.services.db
      .updateTable("staff_sign_in_counts")
      .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
      .where("locked_until", "is not", null)
      .execute();
    expect((await attacker.signIn(STAFF.sam)).status).toBe(200);
  });

  it("past 100 wrong PINs site-wide in an hour refuses new devices, while a device that signed in before still can", async () => {
    const db = server.services.db;
    // A device that signed in earlier keeps its device cookie after signing out.
    const known = client();
    expect((await known.signIn(STAFF.morgan)).status).toBe(200);
    expect((await known.request("DELETE", "/api/staff/session")).status).toBe(204);
    expect(known.cookies.has("staff_device")).toBe(true);
    // Another device whose account's PIN is reset later is forgotten then.
    const resetLater = client();
    expect((await resetLater.signIn(STAFF.sam)).status).toBe(200);

    await db.deleteFrom("staff_sign_in_counts").execute();
    // 100 wrong PINs from many addresses, none of them 10 in a row: the limit; the next is past it.
    const attackers = Array.from({ length: 12 }, client);
    let sent = 0;
    while (sent < 101) {
      // Each at its own name, so no account's count stops them first.
      const batch = attackers.map((a, i) => a.signIn({ name: `Guess ${sent + i}`, pin: `7${String(sent + i).padStart(5, "0")}` }));
      const answers = await Promise.all(batch.slice(0, Math.min(batch.length, 100 - sent)));
      for (const answer of answers) expect(answer.status).toBe(401);
      sent += answers.length;
      if (sent >= 96) break;
    }
    while (sent < 100) {
      expect((await attackers[sent % 12]!.signIn({ name: `Guess ${sent}`, pin: `8${String(sent).padStart(5, "0")}` })).status).toBe(401);
      sent++;
    }

    const stranger = await client().signIn(STAFF.morgan);
    expect(stranger.status).toBe(429);
    expect(Number(stranger.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await stranger.json()) as { error: string }).error).toMatch(/paused for new devices/);
    const forged = client();
    forged.cookies.set("staff_device", "eyJmYWtlIjoxfQ%3D%3D.invalid");
    expect((await forged.signIn(STAFF.morgan)).status).toBe(429);

    // The known device gets in, with either person's PIN; a wrong PIN from it is still wrong.
    expect((await known.signIn({ name: "Morgan", pin: "123987" })).status).toBe(401);
    const back = await known.signIn(STAFF.morgan);
    expect(back.status).toBe(200);
    expect(await back.json()).toEqual({ name: "Morgan", role: "manager" });

    // Resetting Sam's PIN forgets Sam's devices.
    const { resetPin } = await import("~/modules/staff/accounts.server");
    await resetPin(db, "Sam", STAFF.sam.pin);
    expect((await resetLater.request("GET", "/api/staff/session")).status).toBe(401);
    expect((await resetLater.signIn(STAFF.sam)).status).toBe(429);

    // An hour later the count has aged out.
    await db.deleteFrom("staff_sign_in_counts").where("key", "like", "site:%").execute();
    expect((await client().signIn(STAFF.sam)).status).toBe(200);
    expect((await sam.signIn(STAFF.sam)).status).toBe(200);
  });

  it("keeps every note when two staff write at once", async () => {
    const id = await apply("Nina Concurrent");
    const writes = Array.from({ length: 10 }, (_, i) =>
      (i % 2 === 0 ? morgan : sam).request("PATCH", `/api/joinus-applicant/${id}`, { json: { note: `Note number ${i}` } }),
    );
    for (const response of await Promise.all(writes)) expect(response.status).toBe(200);
    const applicant = (await (await morgan.request("GET", `/api/joinus-applicant/${id}`)).json()) as { notes: string[] };
    expect(applicant.notes).toHaveLength(10);
    const today = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "2-digit", month: "2-digit", year: "2-digit" }).format(new Date());
    for (let i = 0; i < 10; i++) {
      expect(applicant.notes).toContain(`${i % 2 === 0 ? "Morgan" : "Sam"} ${today}: Note number ${i}`);
    }
  });

  it("adds notes newest first and sets the follow-up, checking what it is sent", async () => {
    const id = await apply("Omar Update");
    const first = await morgan.request("PATCH", `/api/joinus-applicant/${id}`, { json: { note: "  First call done  ", follow_up: "maybe" } });
    expect(first.status).toBe(200);
    const afterFirst = (await first.json()) as Record<string, unknown>;
    expect(afterFirst).toMatchObject({ id, name: "Omar Update", follow_up: "maybe", email_response: null, salon: 3, deleted_at: null });
    expect(Object.keys(afterFirst).sort()).toEqual(
      ["about", "created_at", "deleted_at", "email", "email_response", "follow_up", "id", "mobile", "name", "notes", "position", "possible_duplicate", "remind_on", "role", "salon", "updated_at", "why_hair", "why_us"].sort(),
    );
    const second = (await (await sam.request("PATCH", `/api/joinus-applicant/${id}`, { json: { note: "Trial day booked" } })).json()) as { notes: string[]; follow_up: string };
    expect(second.notes[0]).toMatch(/^Sam \d\d\/\d\d\/\d\d: Trial day booked$/);
    expect(second.notes[1]).toMatch(/^Morgan \d\d\/\d\d\/\d\d: First call done$/);
    expect(second.follow_up).toBe("maybe");
    expect((await (await morgan.request("PATCH", `/api/joinus-applicant/${id}`, { json: { follow_up: "" } })).json()) as { follow_up: string }).toMatchObject({ follow_up: "" });

    const bad = await morgan.request("PATCH", `/api/joinus-applicant/${id}`, { json: { follow_up: "archived", note: 5 } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: "Please check the note and follow-up",
      fields: { follow_up: "Follow-up must be '' (uncategorised), 'definitely', 'maybe' or 'no'", note: "A note is text" },
    });
    const tooLong = await morgan.request("PATCH", `/api/joinus-applicant/${id}`, { json: { note: "x".repeat(2001) } });
    expect(((await tooLong.json()) as { fields: object }).fields).toEqual({ note: "Please keep a note to 2000 characters or fewer" });
    const empty = await morgan.request("PATCH", `/api/joinus-applicant/${id}`, { json: { note: "   ", follow_up: "" } });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ error: expect.stringMatching(/^Nothing to update/), fields: { note: expect.stringMatching(/^Nothing to update/) } });
    const notJson = await morgan.request("PATCH", `/api/joinus-applicant/${id}`, { headers: { "content-type": "text/plain" }, json: undefined });
    expect([400, 415]).toContain(notJson.status);

    for (const path of ["/api/joinus-applicant/999999", "/api/joinus-applicant/abc", "/api/joinus-applicant/0"]) {
      expect((await morgan.request("GET", path)).status).toBe(404);
      expect((await morgan.request("PATCH", path, { json: { note: "x" } })).status).toBe(404);
    }
    expect((await morgan.request("GET", "/api/joinus-applicants/favourites")).status).toBe(404);
  });

  it("sends a canned reply through the outbox, records it, and refuses what the page would hide", async () => {
    const id = await apply("Priya Reply", { email: "priya.reply@example.com" });
    const maybe = await morgan.request("PATCH", "/api/joinus-email-response", { json: { ID: id, EmailResponse: "maybe" } });
    expect(maybe.status).toBe(202);
    expect(await maybe.json()).toEqual({ message_id: expect.stringMatching(/^[0-9a-f-]{36}$/), send_at: expect.any(String) });
    expect(await (await morgan.request("GET", `/api/joinus-applicant/${id}`)).json()).toMatchObject({ id, email_response: "maybe" });
    await waitFor("the Maybe email", () => smtp.messages.some((m) => m.to[0] === "priya.reply@example.com" && m.text.includes("keep your details on file")));
    const sent = smtp.messages.find((m) => m.to[0] === "priya.reply@example.com" && m.subject.startsWith("Your application"))!;
    expect(sent.text).toContain("Hi Priya");

    expect((await sam.request("PATCH", "/api/joinus-email-response", { json: { ID: id, EmailResponse: "maybe" } })).status).toBe(409);
    expect((await sam.request("PATCH", "/api/joinus-email-response", { json: { ID: String(id), EmailResponse: "unsuccessful" } })).status).toBe(202);
    await waitFor("the Unsuccessful email", () => smtp.messages.some((m) => m.to[0] === "priya.reply@example.com" && m.text.includes("not be taking it further")));
    const conflict = await morgan.request("PATCH", "/api/joinus-email-response", { json: { ID: id, EmailResponse: "maybe" } });
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toEqual({ error: "The Unsuccessful email has already been sent to this applicant." });

    const listed = (await (await morgan.request("GET", "/api/joinus-applicants/uncategorised")).json()) as { id: number; email_response: string }[];
    expect(listed.find((a) => a.id === id)?.email_response).toBe("unsuccessful");

    const bad = await morgan.request("PATCH", "/api/joinus-email-response", { json: { ID: "x", EmailResponse: "yes" } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: object }).fields).toEqual({ ID: "ID must be an applicant's id", EmailResponse: "Choose the 'unsuccessful' or the 'maybe' email" });
    expect((await morgan.request("PATCH", "/api/joinus-email-response", { json: { ID: 999999, EmailResponse: "maybe" } })).status).toBe(404);

    // Two people pressing at once send one email.
    const twice = await apply("Quinn Twice", { email: "quinn.twice@example.com" });
    const statuses = await Promise.all([morgan, sam].map((c) => c.request("PATCH", "/api/joinus-email-response", { json: { ID: twice, EmailResponse: "unsuccessful" } })));
    expect(statuses.map((r) => r.status).sort()).toEqual([202, 409]);
    const queued = await server.services.db.selectFrom("outbox_messages").select("id").where("template", "=", "applicant-unsuccessful").where("related_id", "=", String(twice)).execute();
    expect(queued).toHaveLength(1);
  });

  it("changes an Apprentice to Saturday, and nothing else (409)", async () => {
    const id = await apply("Rosa Role");
    const changed = await morgan.request("PATCH", `/api/joinus-update-role/${id}`);
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ id, role: "Saturday" });
    const again = await morgan.request("PATCH", `/api/joinus-update-role/${id}`);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: "Only an Apprentice can be changed to Saturday; this applicant's role is Saturday/Evening." });
    const stylist = await apply("Sara Stylist", { role: "Stylist" });
    expect((await morgan.request("PATCH", `/api/joinus-update-role/${stylist}`)).status).toBe(409);
    expect((await morgan.request("PATCH", "/api/joinus-update-role/999999")).status).toBe(404);
  });

  it("archives with 204, moving the applicant to Archived, where changes are refused", async () => {
    const id = await apply("Tess Archive");
    expect((await morgan.request("PATCH", `/api/joinus-applicant/${id}`, { json: { follow_up: "definitely" } })).status).toBe(200);
    const ids = async (filter: string) => ((await (await morgan.request("GET", `/api/joinus-applicants/${filter}`)).json()) as { id: number }[]).map((a) => a.id);
    expect(await ids("definitely")).toContain(id);

    const archived = await morgan.request("DELETE", `/api/delete-applicant/${id}`);
    expect(archived.status).toBe(204);
    expect(await ids("archived")).toContain(id);
    expect(await ids("all")).not.toContain(id);
    expect(await ids("definitely")).not.toContain(id);
    const record = (await (await morgan.request("GET", `/api/joinus-applicant/${id}`)).json()) as { follow_up: string; deleted_at: string };
    expect(record.follow_up).toBe("archived");
    expect(record.deleted_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await morgan.request("DELETE", `/api/delete-applicant/${id}`)).status).toBe(204);
    expect((await morgan.request("PATCH", `/api/joinus-applicant/${id}`, { json: { note: "Too late" } })).status).toBe(409);
    expect((await morgan.request("DELETE", "/api/delete-applicant/999999")).status).toBe(404);
  });

  it("lists by the spec's rules", async () => {
    const db = server.services.db;
    await db.deleteFrom("job_applicants").execute();
    const a = await apply("Uma One");
    const b = await apply("Vic Two");
    const c = await apply("Wes Three");
    const d = await apply("Xan Four");
    await morgan.request("PATCH", `/api/joinus-applicant/${a}`, { json: { follow_up: "maybe" } });
    await morgan.request("PATCH", `/api/joinus-applicant/${c}`, { json: { follow_up: "definitely" } });
    await morgan.request("PATCH", `/api/joinus-applicant/${d}`, { json: { follow_up: "no" } });
    const names = async (filter: string) => ((await (await morgan.request("GET", `/api/joinus-applicants/${filter}`)).json()) as { name: string }[]).map((x) => x.name);
    expect(await names("all")).toEqual(["Wes Three", "Uma One", "Vic Two"]);
    expect(await names("no")).toEqual(["Xan Four"]);
    expect(await names("uncategorised")).toEqual(["Vic Two"]);
    expect(b).toBeGreaterThan(a);
  });

  it("keeps an audit trail of who looked and what they changed, without personal data", async () => {
    const id = await apply("Yara Audit", { email: "yara.audit@example.com" });
    await sam.request("GET", `/api/joinus-applicant/${id}`);
    await sam.request("PATCH", `/api/joinus-applicant/${id}`, { json: { note: "Lovely answers", follow_up: "definitely" } });
    await morgan.request("DELETE", `/api/delete-applicant/${id}`);
    const trail = await server.services.db
      .selectFrom("audit_events")
      .select(["actor", "action", "detail"])
      .where("subject_type", "=", "joinus")
      .where("subject_id", "=", String(id))
      .orderBy("id")
      .execute();
    expect(trail).toEqual([
      { actor: "Sam", action: "viewed", detail: null },
      { actor: "Sam", action: "note-added", detail: null },
      { actor: "Sam", action: "follow-up-changed", detail: "Uncategorised → Definitely" },
      { actor: "Morgan", action: "archived", detail: null },
    ]);
    const everything = JSON.stringify(await server.services.db.selectFrom("audit_events").selectAll().execute());
    expect(everything).not.toMatch(/Yara|yara\.audit|Lovely answers/);
  });
});
