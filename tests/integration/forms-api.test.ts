import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createFormToken } from "~/.server/form-token.server";
import { engines } from "../support/databases";
import { fixture } from "../support/fixture";
import { SmtpSink } from "../support/smtp-sink";
import { startTestServer, type TestServer } from "../support/test-server";
import { drainOutboxAndClear } from "../support/outbox";
import { waitFor, withinOneWindow } from "../support/wait";
import { joinusAnswers } from "../support/desk";

// The name padded with spaces: the API trims it.
const applicant = { ...joinusAnswers, name: "  Leah Marsh " };

describe.each(engines)("public forms API on %s", (engine) => {
  let server: TestServer;
  const smtp = new SmtpSink();
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const rows = (table: "job_applicants" | "model_applicants" | "contact_messages" | "interest_registrations") =>
    server.services.db.selectFrom(table).selectAll().execute();
  const outbox = () => server.services.db.selectFrom("outbox_messages").selectAll().orderBy("created_at").execute();

  beforeAll(async () => {
    await smtp.start();
    server = await startTestServer(engine, {
      SMTP_URL: smtp.url,
      OUTBOX_POLL_MS: "20",
      STAFF_NOTIFY_EMAIL: "staff@example.com",
      RATE_LIMIT_PER_MINUTE: "1000",
      FORM_MIN_FILL_MS: "3000",
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp.stop();
  });
  afterEach(async () => {
    await drainOutboxAndClear(server.services.db, ["job_applicants", "model_applicants", "contact_messages", "interest_registrations"]);
    smtp.messages.length = 0;
  });

  it("stores a join-us application and sends the thank-you and the staff alert", async () => {
    const response = await post("/joinus", applicant);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    const [stored] = await rows("job_applicants");
    expect(stored).toMatchObject({
      id,
      name: "Leah Marsh",
      mobile: "+447700900123",
      email: "leah@example.com",
      role: "Apprentice",
      salon: 3,
      follow_up: "",
      possible_duplicate: 0,
      deleted_at: null,
    });

    await waitFor("both emails", () => smtp.messages.length === 2);
    const thanks = smtp.messages.find((m) => m.to[0] === "leah@example.com")!;
    expect(thanks.subject).toBe(`Thanks for applying to ${fixture.settings.name}`);
    expect(thanks.text).toContain("Hi Leah");
    const alert = smtp.messages.find((m) => m.to[0] === "staff@example.com")!;
    expect(alert.subject).toBe("New application: Leah Marsh (Apprentice)");
    expect(alert.text).toContain(`/applicant/${id}`);
    expect(alert.text).not.toContain("07700");
  });

  it("flags, but stores, a second application from the same person within 30 days", async () => {
    expect((await post("/joinus", applicant)).status).toBe(201);
    expect((await post("/joinus", { ...applicant, email: "other@example.com" })).status).toBe(201);
    const stored = await rows("job_applicants");
    expect(stored.map((r) => r.possible_duplicate).sort()).toEqual([0, 1]);
  });

  it("takes the original site's position values in any case and stores them as the codes; 'default' is no answer", async () => {
    const sent = {
      "At School/College": "school",
      "new to hairdressing": "new",
      "PARTWAY THROUGH": "partway",
      "Already qualified": "qualified",
      Other: "other",
      Qualified: "qualified",
    };
    for (const [position, code] of Object.entries(sent)) {
      const response = await post("/joinus", { ...applicant, email: `${code}.${position.length}@example.com`, position });
      expect(response.status, position).toBe(201);
      const { id } = (await response.json()) as { id: number };
      const stored = await server.services.db.selectFrom("job_applicants").select("position").where("id", "=", id).executeTakeFirstOrThrow();
      expect(stored.position, position).toBe(code);
    }
    for (const position of ["default", "Default", "somewhere else", ""]) {
      const response = await post("/joinus", { ...applicant, position });
      expect(response.status, position).toBe(400);
      expect(((await response.json()) as { fields: Record<string, string> }).fields).toEqual({ position: "Position is required" });
    }
  });

  it("stores a hair model, keeping health details only with consent", async () => {
    const base = { name: "Ana Diaz", mobile: "+44 7700 900456", info: "Long hair; free most Tuesdays" };
    expect((await post("/models", { ...base, health: "Sensitive scalp" })).status).toBe(400);
    expect((await post("/models", { ...base, health: "Sensitive scalp", health_consent: true })).status).toBe(201);
    const [stored] = await rows("model_applicants");
    expect(stored).toMatchObject({ name: "Ana Diaz", mobile: "+447700900456", health: "Sensitive scalp" });
    expect(stored!.health_consent_at).toMatch(/^\d{4}-/);
  });

  it("stores a contact message and sends it to the salon with the sender as Reply-To", async () => {
    const response = await post("/sendMessage", { name: "Tom Reid", email: "tom@example.com", message: "Do you cut curly hair dry?" });
    expect(response.status).toBe(201);
    expect(await rows("contact_messages")).toHaveLength(1);
    await waitFor("the message to reach the salon", () => smtp.messages.length === 1);
    expect(smtp.messages[0]).toMatchObject({ to: ["staff@example.com"], replyTo: "tom@example.com", subject: "Website message from Tom Reid" });
    expect(smtp.messages[0]!.text).toContain("Do you cut curly hair dry?");
  });

  it.each([
    ["/open-evening", "open-evening"],
    ["/feedback", "feedback"],
  ])("stores an %s registration", async (path, kind) => {
    expect((await post(path, { name: "Jo Bell", mobile: "07700900789" })).status).toBe(201);
    expect(await rows("interest_registrations")).toMatchObject([{ kind, name: "Jo Bell", mobile: "+447700900789" }]);
  });

  it("keeps the feedback a visitor wrote with the registration, capped in length and free of control characters", async () => {
    const base = { name: "Jo Bell", mobile: "07700900789" };
    expect((await post("/feedback", { ...base, feedback: "  Loved my balayage, the wait was long.\nThank you!  " })).status).toBe(201);
    expect(await rows("interest_registrations")).toMatchObject([{ kind: "feedback", feedback: "Loved my balayage, the wait was long.\nThank you!" }]);
    const long = await post("/feedback", { ...base, feedback: "a".repeat(2001) });
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ fields: { feedback: "Please keep your feedback to 2000 characters or fewer" } });
    const hidden = await post("/feedback", { ...base, feedback: "Great\u0000cut" });
    expect(hidden.status).toBe(400);
    expect(await hidden.json()).toMatchObject({ fields: { feedback: "Please remove the hidden control characters from this answer" } });
    // Open evening takes no feedback: a stray field is not stored.
    expect((await post("/open-evening", { ...base, feedback: "Hello" })).status).toBe(201);
    const stored = await rows("interest_registrations");
    expect(stored.map((r) => [r.kind, r.feedback]).sort()).toEqual([["feedback", "Loved my balayage, the wait was long.\nThank you!"], ["open-evening", null]]);
  });

  it.each([
    ["/joinus", { ...applicant, email: "nope", role: "default" }, { email: "Valid Email address is required", role: "Role is required" }],
    ["/models", { name: "", mobile: "12", info: "x" }, { name: "Name is required", mobile: "Valid Mobile number is required" }],
    ["/sendMessage", { name: "Tom", email: "", message: " " }, { email: "Email Address is required", message: "Message is required" }],
    ["/open-evening", {}, { name: "Full Name is required", mobile: "Mobile number is required" }],
    ["/feedback", { name: "Jo", mobile: "01632 960412" }, { mobile: "Valid Mobile number is required" }],
  ])("answers %s with 400 and the fields at fault", async (path, body, fields) => {
    const response = await post(path, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: expect.any(String), fields });
    expect(await outbox()).toEqual([]);
  });

  it("refuses a wrong content type (415), malformed JSON (400), a non-object (400) and a huge body (413)", async () => {
    expect((await post("/joinus", "name=Leah", { "content-type": "application/x-www-form-urlencoded" })).status).toBe(415);
    expect((await post("/joinus", "{ oops")).status).toBe(400);
    expect((await post("/joinus", "[1, 2]")).status).toBe(400);
    expect((await post("/joinus", { ...applicant, about: "x".repeat(65 * 1024) })).status).toBe(413);
    expect(await rows("job_applicants")).toEqual([]);
  });

  it("answers a honeypot hit as if all were well, and stores and sends nothing", async () => {
    const response = await post("/joinus", { ...applicant, website: "http://spam.example.com" });
    expect(response.status).toBe(201);
    expect(await rows("job_applicants")).toEqual([]);
    expect(await outbox()).toEqual([]);
  });

  it("asks a form sent within seconds of being shown to be sent again", async () => {
    const token = createFormToken(server.services.config.sessionSecret);
    const response = await post("/sendMessage", { name: "Tom", email: "tom@example.com", message: "Hi", form_token: token });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/quick/);
    const later = createFormToken(server.services.config.sessionSecret, Date.now() - 10_000);
    expect((await post("/sendMessage", { name: "Tom", email: "tom@example.com", message: "Hi", form_token: later })).status).toBe(201);
  });
});

describe("public forms rate limit", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("sqlite", { RATE_LIMIT_PER_MINUTE: "3" });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers 429 with Retry-After past the limit", async () => {
    // All in one minute's window: the count starts again when the minute turns.
    await withinOneWindow(10_000);
    const send = () =>
      fetch(`${server.url}/api/open-evening`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Jo", mobile: "07700900789" }),
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await send()).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({ error: expect.any(String) });
    expect(await server.services.db.selectFrom("interest_registrations").selectAll().execute()).toHaveLength(3);
  });
});
