/**
 * The public forms' route actions, met as a browser without JavaScript meets
 * them: the page is fetched, its form posted back as
 * application/x-www-form-urlencoded, and the HTML that comes back read.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../support/databases";
import { controlTag, getPage, hiddenValue, postForm } from "../support/page-forms";
import { startTestServer, type TestServer } from "../support/test-server";
import { drainOutboxAndClear } from "../support/outbox";
import { joinusAnswers } from "../support/desk";

type Table = "job_applicants" | "model_applicants" | "contact_messages" | "interest_registrations";

interface FormCase {
  path: string;
  table: Table;
  answers: Record<string, string>;
  thanks: string;
}

const cases: FormCase[] = [
  {
    path: "/joinus",
    table: "job_applicants",
    answers: joinusAnswers,
    thanks: "Thank you, your application is in",
  },
  {
    path: "/models",
    table: "model_applicants",
    answers: { name: "Ana Diaz", mobile: "+44 7700 900456", info: "Long hair; free most Tuesdays", health: "" },
    thanks: "Thanks, you're on our list of models",
  },
  {
    path: "/contact",
    table: "contact_messages",
    answers: { name: "Tom Reid", email: "tom@example.com", message: "Do you cut curly hair dry?" },
    thanks: "Thanks, your message is with us",
  },
  { path: "/open-evening", table: "interest_registrations", answers: { name: "Jo Bell", mobile: "07700900789" }, thanks: "You're on the list" },
  {
    path: "/feedback",
    table: "interest_registrations",
    answers: { name: "Sam Ray", mobile: "07700 900 321", feedback: "Friendly team, and my colour is just what I asked for." },
    thanks: "We'll call you soon",
  },
];

/** Fetches the form's page and posts the form back with the page's own hidden fields, as a browser does. */
async function send(server: TestServer, path: string, answers: Record<string, string>, extra: Record<string, string> = {}) {
  const page = await getPage(server.url, path);
  expect(page.status).toBe(200);
  return postForm(server.url, path, { ...answers, website: "", form_token: hiddenValue(page.html, "form_token"), ...extra });
}

const tables: Table[] = ["job_applicants", "model_applicants", "contact_messages", "interest_registrations"];

describe.each(engines)("public form actions on %s", (engine) => {
  let server: TestServer;
  const rows = (table: Table) => server.services.db.selectFrom(table).selectAll().execute();

  beforeAll(async () => {
    server = await startTestServer(engine, { RATE_LIMIT_PER_MINUTE: "1000", RATE_LIMIT_PER_HOUR: "1000" }, { pages: true });
  });
  afterAll(async () => {
    await server?.close();
  });
  afterEach(async () => {
    await drainOutboxAndClear(server.services.db, tables);
  });

  it.each(cases)("$path stores the answers and shows the thanks in place of the form", async ({ path, table, answers, thanks }) => {
    const response = await send(server, path, answers);
    expect(response.status).toBe(200);
    expect(response.text).toContain(thanks);
    expect(response.html).not.toContain('name="form_token"');
    const stored = await rows(table);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ name: answers.name });
    if ("feedback" in answers) expect(stored[0]).toMatchObject({ feedback: answers.feedback });
  });

  it("keeps the answers and puts each message beside its field", async () => {
    const response = await send(server, "/joinus", { ...cases[0]!.answers, email: "leah.example.com", role: "default", why_us: " " });
    expect(response.status).toBe(400);
    expect(response.text).toContain("Valid Email address is required");
    expect(response.text).toContain("Role is required");
    expect(response.text).toContain("Why us required");
    // The GOV.UK error summary: at the top, focused as the page loads, each message a link to its field.
    const summary = /<div id="joinus-form-summary"[^>]*>([\s\S]*?)<\/ul><\/div>/.exec(response.html);
    expect(summary?.[0]).toMatch(/autofocus=""/);
    expect(summary?.[0]).toMatch(/tabindex="-1"/);
    expect(summary?.[1]).toContain("There is a problem");
    const links = [...summary![1]!.matchAll(/<a href="#([^"]+)">([^<]*)<\/a>/g)].map((m) => [m[1], m[2]]);
    expect(links.map(([, message]) => message)).toEqual(["Valid Email address is required", "Role is required", "Why us required"]);
    for (const [id] of links) expect(response.html).toContain(`id="${id}"`);
    // The answers are kept: the name as typed, the textareas' words.
    expect(controlTag(response.html, "name")).toContain('value="Leah Marsh"');
    expect(controlTag(response.html, "email")).toContain('value="leah.example.com"');
    expect(response.text).toContain("I plait my sisters' hair every morning.");
    // The fields at fault say so, and name their message.
    const email = controlTag(response.html, "email");
    expect(email).toContain('aria-invalid="true"');
    const describedBy = /aria-describedby="([^"]+)"/.exec(email)![1]!;
    expect(response.html).toMatch(new RegExp(`id="${describedBy}"[^>]*>Valid Email address is required<`));
    expect(controlTag(response.html, "name")).not.toContain("aria-invalid");
    expect(await rows("job_applicants")).toEqual([]);
  });

  it.each([
    ["/models", { name: "", mobile: "12", info: "x" }, ["Name is required", "Valid Mobile number is required"]],
    ["/contact", { name: "Tom", email: "", message: " " }, ["Email Address is required", "Message is required"]],
    ["/open-evening", { name: "", mobile: "" }, ["Full Name is required", "Mobile number is required"]],
    ["/feedback", { name: "Jo", mobile: "01632 960412" }, ["Valid Mobile number is required"]],
  ])("%s answers bad input with the spec's messages", async (path, answers, messages) => {
    const response = await send(server, path, answers);
    expect(response.status).toBe(400);
    for (const message of messages) expect(response.text).toContain(message);
  });

  it("keeps health details only with consent", async () => {
    const base = { name: "Ana Diaz", mobile: "+44 7700 900456", info: "Long hair", health: "Sensitive scalp" };
    const refused = await send(server, "/models", base);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Please tick the box so we may keep this health information");
    expect(await rows("model_applicants")).toEqual([]);
    const accepted = await send(server, "/models", { ...base, health_consent: "on" });
    expect(accepted.status).toBe(200);
    expect(await rows("model_applicants")).toMatchObject([{ health: "Sensitive scalp" }]);
  });

  it("thanks a honeypot hit as if all were well, and stores and sends nothing", async () => {
    const response = await send(server, "/contact", cases[2]!.answers, { website: "http://spam.example.com" });
    expect(response.status).toBe(200);
    expect(response.text).toContain("Thanks, your message is with us");
    expect(await rows("contact_messages")).toEqual([]);
    expect(await server.services.db.selectFrom("outbox_messages").selectAll().execute()).toEqual([]);
  });

  it("refuses a body over 64 KiB (413) and one that does not say its length (411), unread", async () => {
    const huge = await postForm(server.url, "/contact", { ...cases[2]!.answers, message: "x".repeat(65 * 1024) });
    expect(huge.status).toBe(413);
    const body = new URLSearchParams(cases[2]!.answers).toString();
    const streamed = await fetch(`${server.url}/contact`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new Blob([body]).stream(),
      duplex: "half",
    } as RequestInit & { duplex: "half" });
    expect(streamed.status).toBe(411);
    expect(await rows("contact_messages")).toEqual([]);
  });

  it("leaves the forms to their own pages: the landing page's sections invite to them, and post nothing", async () => {
    const landing = await getPage(server.url, "/");
    for (const anchor of ["joinus", "models", "contact"]) {
      const section = new RegExp(`<section id="${anchor}"[\\s\\S]*?</section>`).exec(landing.html)?.[0] ?? "";
      expect(section).toContain(`href="/${anchor}"`);
    }
    expect(landing.html).not.toContain("<form");
  });
});

describe("the minimum fill time", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("sqlite", { FORM_MIN_FILL_MS: "60000" }, { pages: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("asks a form sent within moments of being shown to be sent again, keeping its answers", async () => {
    const response = await send(server, "/contact", cases[2]!.answers);
    expect(response.status).toBe(400);
    expect(response.text).toContain("That was quick! Please check your answers, then send the form again.");
    expect(controlTag(response.html, "name")).toContain('value="Tom Reid"');
    expect(response.text).toContain("Do you cut curly hair dry?");
    expect(await server.services.db.selectFrom("contact_messages").selectAll().execute()).toEqual([]);
  });
});

describe("the public forms' rate limit at the pages", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("sqlite", { RATE_LIMIT_PER_MINUTE: "2" }, { pages: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers 429 with Retry-After past the limit, keeping the answers, and counts with the API", async () => {
    const answers = cases[3]!.answers;
    expect((await send(server, "/open-evening", answers)).status).toBe(200);
    // The page and the API share one limit: this is the second of two.
    const api = await fetch(`${server.url}/api/open-evening`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(answers),
    });
    expect(api.status).toBe(201);
    const limited = await send(server, "/open-evening", answers);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.text).toContain("You've sent a lot in a short time.");
    expect(controlTag(limited.html, "name")).toContain('value="Jo Bell"');
    expect(await server.services.db.selectFrom("interest_registrations").selectAll().execute()).toHaveLength(2);
  });
});
