/**
 * The probe's findings on the request rules and input shared by every route
 * (issue 31), each named after the finding, against the real server with its
 * pages, on both engines.
 */
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFormToken } from "~/.server/form-token.server";
import { loadCalculatorCatalogue } from "~/modules/pricing/calculator-catalogue.server";
import { startingSalonId, startSearch } from "~/modules/pricing/calculator-state";
import { availability, isSlot, levelsAtSalon } from "~/modules/pricing/pricing";
import { CONTROL_CHARACTERS_SUMMARY } from "~/modules/fields/form-fields";
import { submissionKinds } from "~/modules/submissions/kinds";
import { submissionNames, type SubmissionName } from "~/modules/submissions/names";
import { FORM_USED_MESSAGE } from "~/modules/submissions/store.server";
import { CONTROL_CHARACTERS_MESSAGE, HIDDEN_CHARACTERS_MESSAGE, NAME_NOT_ADDRESS_MESSAGE } from "~/utils/safe-text";
import { CROSS_ORIGIN_MESSAGE } from "~/web/same-origin";
import { engines } from "../support/databases";
import { startNpmStart } from "../support/npm-start";
import { postForm } from "../support/page-forms";
import { rawRequest } from "../support/raw-http";
import { applicantBody, STAFF, staffAccountsEnv, StaffClient } from "../support/staff-client";
import { startTestServer, type TestServer } from "../support/test-server";
import { waitFor } from "../support/wait";

/** A valid answer for each field of the public forms, so that only the field under test is wrong. */
const validAnswers = (name: SubmissionName): Record<string, string> => {
  const applicant = applicantBody("Leah Marsh");
  const answers: Record<string, string> = {
    ...applicant,
    info: "Long hair, happy to go shorter",
    health_consent: "on",
    health: "None",
    message: "Hello there",
    feedback: "Lovely visit",
    marketing_email: "on",
    marketing_sms: "on",
  };
  return Object.fromEntries(
    submissionKinds[name].form.fields.filter((field) => field.kind !== "file").map((field) => [field.name, answers[field.name] ?? "Leah Marsh"]),
  );
};

const quoteAnswers = { name: "Ann Lee", mobile: "07700900123", email: "ann@example.com", referral: "google" };
const quoteBody = { ...quoteAnswers, salon_id: 1, regular: false, selector: "Level", level_id: 1, service_ids: [1] };

/** A finished men's quote by level from the fixture's catalogue: the finish page's search (as tests/integration/finish-action.test.ts finds it). */
async function menByLevel(server: TestServer): Promise<string> {
  const catalogue = await loadCalculatorCatalogue(server.services.db);
  for (const level of levelsAtSalon(catalogue.levels, startingSalonId(catalogue), catalogue.stylists)) {
    const cut = catalogue.services.find((s) => isSlot("mensCut", s) && availability(s, level.id).available);
    if (cut) return startSearch("Men", false, { selector: "Level", levelId: level.id, selections: { mensCut: cut.id, mensColour: "none" } });
  }
  throw new Error("The catalogue has no level that may do a men's cut");
}

/** What every text field is sent holding, one at a time. */
const NASTY = ["Ann\u0000Lee", "\u0000", "Ann\u001bLee", "Ann\u007fLee", "Ann\u0085Lee", "Ann\u009bLee"];

const counted = ["job_applicants", "model_applicants", "contact_messages", "interest_registrations", "quotes", "staff_device_approvals"] as const;

describe.each(engines)("the request rules on %s", (engine) => {
  let server: TestServer;
  let logFile = "";
  let address = 0;
  const client = () => new StaffClient(server.url, `198.51.100.${++address}`);
  const rows = async () => {
    const counts = await Promise.all(
      counted.map(async (table) => Number((await server.services.db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n)),
    );
    return counts.join(",");
  };
  const json = (pathname: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${pathname}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

  beforeAll(async () => {
    logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bha-edges-")), "site.log");
    server = await startTestServer(
      engine,
      {
        STAFF_ACCOUNTS: staffAccountsEnv,
        RATE_LIMIT_PER_MINUTE: "1000000",
        RATE_LIMIT_PER_HOUR: "1000000",
        VISITOR_MESSAGES_PER_HOUR: "1000000",
        OUTBOX_POLL_MS: "60000",
        LOG_LEVEL: "info",
        LOG_FILE: logFile,
      },
      { pages: true },
    );
    await server.services.outbox.stop();
  });
  afterAll(async () => {
    await server?.close();
    if (logFile) fs.rmSync(path.dirname(logFile), { recursive: true, force: true });
  });

  describe("finding: PostgreSQL answers 500 to a NUL byte in the sign-in name (API, PIN form, device approval; 11 of 14 fuzz 5xx)", () => {
    it("no longer: a NUL or control character in any text field of every public form's API is 400 with the message on that field, and stores nothing", async () => {
      const before = await rows();
      const failures: string[] = [];
      const bodies: [string, Record<string, unknown>][] = [
        ...submissionNames.map((name): [string, Record<string, unknown>] => [submissionKinds[name].apiPath, validAnswers(name)]),
        ["/api/save-quote-details", quoteBody],
      ];
      for (const [apiPath, body] of bodies) {
        for (const field of [...Object.keys(body), "website", "form_token", "unknown_field"]) {
          for (const nasty of NASTY) {
            const response = await json(apiPath, { ...body, [field]: nasty });
            const answer = (await response.json()) as { error: string; fields?: Record<string, string> };
            if (response.status !== 400 || answer.fields?.[field] !== CONTROL_CHARACTERS_MESSAGE) {
              failures.push(`${apiPath} ${field}=${JSON.stringify(nasty)}: ${response.status} ${JSON.stringify(answer)}`);
            }
          }
        }
      }
      // Nested deep in an array, and in a field's own name, too.
      const nested = await json("/api/save-quote-details", { ...quoteBody, service_ids: [1, ["x\u0000"]] });
      expect(nested.status).toBe(400);
      expect(((await nested.json()) as { fields: Record<string, string> }).fields).toEqual({ service_ids: CONTROL_CHARACTERS_MESSAGE });
      const badKey = await json("/api/sendMessage", { ...validAnswers("messages"), "na\u0000me": "x" });
      expect(badKey.status).toBe(400);
      expect(await badKey.json()).toEqual({ error: CONTROL_CHARACTERS_SUMMARY, fields: { form: CONTROL_CHARACTERS_MESSAGE } });
      expect(failures).toEqual([]);
      expect(await rows()).toBe(before);
    }, 120_000);

    it("no longer: a NUL or control character in any field of every public form's page is 400 with the form's message, and stores nothing", async () => {
      const before = await rows();
      const failures: string[] = [];
      const pages: [string, Record<string, string>][] = [
        ...submissionNames.map((name): [string, Record<string, string>] => [submissionKinds[name].pagePath, validAnswers(name)]),
        ["/prices/finish?type=men&salon=1", quoteAnswers],
      ];
      for (const [pagePath, answers] of pages) {
        for (const field of [...Object.keys(answers), "website", "form_token"]) {
          for (const nasty of NASTY.slice(0, 3)) {
            const form = { ...answers, form_token: createFormToken(server.services.config.sessionSecret, Date.now() - 60_000), [field]: nasty };
            const page = await postForm(server.url, pagePath, form);
            if (page.status !== 400 || !page.text.includes(CONTROL_CHARACTERS_SUMMARY)) failures.push(`${pagePath} ${field}=${JSON.stringify(nasty)}: ${page.status}`);
          }
        }
      }
      expect(failures).toEqual([]);
      expect(await rows()).toBe(before);
    }, 120_000);

    it("no longer: the sign-in name and PIN (API and PIN form) and a device approval's name and code with a NUL are 400, never 5xx", async () => {
      for (const nasty of NASTY) {
        for (const body of [{ name: nasty, pin: STAFF.sam.pin }, { name: STAFF.sam.name, pin: nasty }]) {
          const response = await client().request("POST", "/api/staff/session", { json: body, headers: { origin: server.url } });
          expect(response.status).toBe(400);
          expect(((await response.json()) as { fields: Record<string, string> }).fields).toEqual({
            [body.name === nasty ? "name" : "pin"]: CONTROL_CHARACTERS_MESSAGE,
          });
        }
        const ask = await client().request("POST", "/api/staff/device-approval", { json: { name: nasty }, headers: { origin: server.url } });
        expect(ask.status).toBe(400);
        expect(await ask.json()).toEqual({ error: CONTROL_CHARACTERS_SUMMARY, fields: { name: CONTROL_CHARACTERS_MESSAGE } });

        const pinForm = await client().request("POST", "/staff", { form: { intent: "sign-in", name: nasty, pin: STAFF.sam.pin }, headers: { origin: server.url } });
        expect(pinForm.status).toBe(400);
        const html = await pinForm.text();
        expect(html).toContain(CONTROL_CHARACTERS_MESSAGE);
        // The PIN form again, its name field marked.
        expect(html).toMatch(/<input[^>]*name="name"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="name"/);
      }
      // A signed-in manager's approval, by API and by the staff page's form (whatever fields it takes).
      const morgan = client();
      expect((await morgan.signIn(STAFF.morgan, { origin: server.url })).status).toBe(200);
      for (const nasty of NASTY.slice(0, 2)) {
        const api = await morgan.request("POST", "/api/staff/device-approvals", { json: { code: nasty, name: nasty }, headers: { origin: server.url } });
        expect(api.status).toBe(400);
        const page = await morgan.request("POST", "/staff/access", { form: { intent: "approve-device", code: nasty, name: "Sam" }, headers: { origin: server.url } });
        expect(page.status).toBe(400);
        expect(await page.text()).toContain("hidden control characters");
      }
      // Tab and line breaks still pass the shared rule: a multi-line answer takes them.
      const lines = await json("/api/sendMessage", { ...validAnswers("messages"), message: "Line one\r\n\tLine two" });
      expect(lines.status).toBe(201);
    }, 60_000);
  });

  describe("finding: `GET /api/staff/visits?from=&to=x` answers 500 on both engines", () => {
    it.each([
      ["from=&to=x", "from"],
      ["to=x", "to"],
      ["from=x", "from"],
      ["from=&to=", "from"],
      ["to=", "to"],
      ["from=2026-11-20&to=2026-11-01", "from"],
      ["from=2026-02-30&to=2026-03-01", "from"],
      ["from=0001-01-01&to=9999-12-31", "from"],
      ["from=2020-01-01&to=2026-01-01", "from"],
      ["from=2026-01-01&from=2026-01-02", "from"],
      ["to=2026-13-01", "to"],
    ])("no longer: ?%s is 400 with a message on %s", async (query, field) => {
      const morgan = client();
      expect((await morgan.signIn(STAFF.morgan, { origin: server.url })).status).toBe(200);
      const response = await morgan.request("GET", `/api/staff/visits?${query}`);
      expect(response.status).toBe(400);
      const answer = (await response.json()) as { error: string; fields: Record<string, string> };
      expect(answer.error).toMatch(/YYYY-MM-DD/);
      expect(Object.keys(answer.fields)).toEqual([field]);
    });

    it("a good range, and none at all, still give the report", async () => {
      const morgan = client();
      expect((await morgan.signIn(STAFF.morgan, { origin: server.url })).status).toBe(200);
      expect((await morgan.request("GET", "/api/staff/visits")).status).toBe(200);
      const response = await morgan.request("GET", "/api/staff/visits?from=2026-11-01&to=2026-11-07");
      expect(response.status).toBe(200);
      expect(((await response.json()) as { days: unknown[] }).days).toHaveLength(7);
    });
  });

  describe("finding: a form token is accepted twice", () => {
    const token = () => createFormToken(server.services.config.sessionSecret, Date.now() - 60_000);
    const messages = () => server.services.db.selectFrom("contact_messages").select("message").execute();

    it("no longer: the same page post sent again is refused with the form's message, and stored once", async () => {
      const form = { ...validAnswers("messages"), message: "Sent once, replayed", form_token: token() };
      const first = await postForm(server.url, "/contact", form);
      expect(first.status).toBe(200);
      const again = await postForm(server.url, "/contact", form);
      expect(again.status).toBe(400);
      expect(again.text).toContain(FORM_USED_MESSAGE);
      // By the API, with the page's token: the same refusal.
      const api = await json("/api/sendMessage", form);
      expect(api.status).toBe(400);
      expect(await api.json()).toEqual({ error: FORM_USED_MESSAGE });
      expect((await messages()).filter((m) => m.message === "Sent once, replayed")).toHaveLength(1);
    });

    it("no longer: ten posts of one token at once store one", async () => {
      const form = { ...validAnswers("messages"), message: "Ten at once", form_token: token() };
      const statuses = await Promise.all(Array.from({ length: 10 }, () => postForm(server.url, "/contact", form).then((page) => page.status)));
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 400)).toHaveLength(9);
      expect((await messages()).filter((m) => m.message === "Ten at once")).toHaveLength(1);
    });

    it("a person who fixes a mistake sends the same form again and it is taken", async () => {
      const form = { ...validAnswers("messages"), message: "Fixed and sent", form_token: token() };
      const mistake = await postForm(server.url, "/contact", { ...form, email: "not an email" });
      expect(mistake.status).toBe(400);
      expect((await postForm(server.url, "/contact", form)).status).toBe(200);
      expect((await messages()).filter((m) => m.message === "Fixed and sent")).toHaveLength(1);
    });

    it("no longer: the quote's finish form saves one quote for one token", async () => {
      const quotes = async () => Number((await server.services.db.selectFrom("quotes").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
      const before = await quotes();
      const search = await menByLevel(server);
      const form = { ...quoteAnswers, form_token: token() };
      const first = await postForm(server.url, `/prices/finish${search}`, form);
      expect(first.status).toBe(302);
      const again = await postForm(server.url, `/prices/finish${search}`, form);
      expect(again.status).toBe(400);
      expect(again.text).toContain(FORM_USED_MESSAGE);
      expect(await quotes()).toBe(before + 1);
    });
  });

  describe("finding: `charset=utf-7` is accepted", () => {
    it.each(["utf-7", "UTF-16", "iso-8859-1", '"utf-7"', "x-unknown"])("no longer: a body declared in %s is 415 in the JSON shape, page posts 415 too", async (charset) => {
      const before = await rows();
      const api = await fetch(`${server.url}/api/sendMessage`, {
        method: "POST",
        headers: { "content-type": `application/json; charset=${charset}` },
        body: JSON.stringify(validAnswers("messages")),
      });
      expect(api.status).toBe(415);
      expect(api.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await api.json()).toEqual({ error: expect.any(String) });
      const page = await fetch(`${server.url}/contact`, {
        method: "POST",
        headers: { "content-type": `application/x-www-form-urlencoded; charset=${charset}` },
        body: new URLSearchParams({ ...validAnswers("messages"), form_token: createFormToken(server.services.config.sessionSecret, Date.now() - 60_000) }),
      });
      expect(page.status).toBe(415);
      expect(await rows()).toBe(before);
    });

    it("UTF-8, US-ASCII or no charset are read", async () => {
      for (const type of ["application/json", "application/json; charset=utf-8", "application/json; charset=UTF-8", "application/json; charset=us-ascii"]) {
        const response = await fetch(`${server.url}/api/sendMessage`, { method: "POST", headers: { "content-type": type }, body: JSON.stringify(validAnswers("messages")) });
        expect(response.status, type).toBe(201);
      }
    });
  });

  describe("finding: a wrong method on the API gets 404 without `Allow`", () => {
    it.each([
      ["PUT", "/api/services", "GET, HEAD, OPTIONS"],
      ["DELETE", "/api/salons", "GET, HEAD, OPTIONS"],
      ["GET", "/api/sendMessage", "POST, OPTIONS"],
      ["PATCH", "/api/joinus", "POST, OPTIONS"],
      ["POST", "/api/get-quote-details/abcdefghijk", "GET, HEAD, OPTIONS"],
      ["PUT", "/api/staff/session", "GET, HEAD, POST, DELETE, OPTIONS"],
      ["POST", "/api/joinus-applicant/1", "GET, HEAD, PATCH, OPTIONS"],
      ["TRACE", "/api/services", "GET, HEAD, OPTIONS"],
      ["PROPFIND", "/api/blog-posts", "GET, HEAD, OPTIONS"],
    ])("no longer: %s %s is 405 with Allow: %s, in the JSON shape", async (method, pathname, allow) => {
      const response = await rawRequest(server.url, { method, path: pathname, headers: { "content-type": "application/json" }, body: "{}" });
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe(allow);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(JSON.parse(response.body.toString())).toEqual({ error: expect.any(String) });
    });

    it("OPTIONS names the methods with 204; a path no route has is still 404", async () => {
      const options = await rawRequest(server.url, { method: "OPTIONS", path: "/api/services" });
      expect(options.status).toBe(204);
      expect(options.headers.allow).toBe("GET, HEAD, OPTIONS");
      const unknown = await rawRequest(server.url, { method: "PUT", path: "/api/no-such-thing" });
      expect(unknown.status).toBe(404);
      expect(JSON.parse(unknown.body.toString())).toEqual({ error: "Not found" });
      expect((await fetch(`${server.url}/api/services`)).status).toBe(200);
    });
  });

  describe("finding: a bad body encoding and `TRACE` get `text/plain` errors instead of the JSON shape", () => {
    const post = (headers: Record<string, string>, body: Buffer | string, method = "POST") =>
      rawRequest(server.url, { method, path: "/api/sendMessage", headers: { "content-type": "application/json", ...headers }, body });
    it.each([
      ["malformed JSON", () => post({}, "{ not json"), 400],
      ["a body that is not the gzip it says", () => post({ "content-encoding": "gzip" }, "not gzip at all"), 400],
      ["a Content-Encoding no one knows", () => post({ "content-encoding": "x-squash" }, "{}"), 415],
      ["a body over 64 KiB", () => post({}, JSON.stringify({ message: "x".repeat(70 * 1024) })), 413],
      ["a gzip body that inflates past 64 KiB", () => post({ "content-encoding": "gzip" }, zlib.gzipSync(JSON.stringify({ message: "x".repeat(200 * 1024) }))), 413],
      ["a chunked body past 64 KiB", () => rawRequest(server.url, { method: "POST", path: "/api/sendMessage", headers: { "content-type": "application/json" }, chunked: { chunk: "x".repeat(16 * 1024), count: 8 } }), 413],
      ["TRACE", () => rawRequest(server.url, { method: "TRACE", path: "/api/services" }), 405],
      ["TRACE to an API path no route has", () => rawRequest(server.url, { method: "TRACE", path: "/api/nothing-here" }), 405],
      ["an address with a NUL", () => rawRequest(server.url, { path: "/api/services%00" }), 400],
      ["an address that is not percent-encoded properly", () => rawRequest(server.url, { path: "/api/blog-post/%E0%A4%A" }), 400],
      ["a query with a C1 control", () => rawRequest(server.url, { path: "/api/joinus-applicants/all?q=%C2%85" }), 400],
      ["a Host that is no host", () => rawRequest(server.url, { path: "/api/services", headers: { host: "a b" } }), 400],
      ["a form post to the API", () => post({ "content-type": "application/x-www-form-urlencoded" }, "name=Ann"), 415],
    ])("no longer: %s gets the JSON error shape", async (_what, send, status) => {
      const response = await send();
      expect(response.status).toBe(status);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(JSON.parse(response.body.toString())).toEqual({ error: expect.any(String) });
    });
  });

  describe("finding: `U+202E` and `U+200B` pass in names", () => {
    it.each([
      ["Ann\u202eLee", HIDDEN_CHARACTERS_MESSAGE],
      ["Ann\u200bLee", HIDDEN_CHARACTERS_MESSAGE],
      ["Ann\u2066Lee\u2069", HIDDEN_CHARACTERS_MESSAGE],
      ["evil。com", NAME_NOT_ADDRESS_MESSAGE],
      ["evil．com", NAME_NOT_ADDRESS_MESSAGE],
    ])("no longer: the name %j is refused with %j, by API and page", async (name, message) => {
      const api = await json("/api/open-evening", { name, mobile: "07700900789" });
      expect(api.status).toBe(400);
      expect(((await api.json()) as { fields: Record<string, string> }).fields).toEqual({ name: message });
      const page = await postForm(server.url, "/open-evening", { name, mobile: "07700900789", form_token: createFormToken(server.services.config.sessionSecret, Date.now() - 60_000) });
      expect(page.status).toBe(400);
      expect(page.text).toContain(message);
    });
  });

  describe("finding: a staff page post whose `Host` differs from `PUBLIC_URL`'s answers React Router's 400, logged as an error", () => {
    it("no longer: it is the contract's 403, logged at warn and never as an error", async () => {
      const morgan = client();
      expect((await morgan.signIn(STAFF.morgan, { origin: server.url })).status).toBe(200);
      const { port } = new URL(server.url);
      const otherHost = `localhost:${port}`;
      const before = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8").length : 0;
      // fetch will not send a Host of its own choosing: the raw request does, as a proxy passing it on would.
      const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
      const staffPage = await rawRequest(server.url, {
        method: "POST",
        path: "/staff",
        headers: { origin: server.url, host: otherHost, cookie: morgan.cookieHeader, "content-type": "application/x-www-form-urlencoded" },
        body: form({ intent: "sign-out" }),
      });
      expect(staffPage.status).toBe(403);
      expect(staffPage.body.toString()).toContain(CROSS_ORIGIN_MESSAGE);
      // Still signed in: the sign-out was not taken.
      expect((await morgan.request("GET", "/api/staff/session")).status).toBe(200);
      // A public page's form the same way, and an Origin that is no address.
      const publicPage = await rawRequest(server.url, {
        method: "POST",
        path: "/contact",
        headers: { origin: server.url, host: otherHost, "content-type": "application/x-www-form-urlencoded" },
        body: form(validAnswers("messages")),
      });
      expect(publicPage.status).toBe(403);
      const nonsense = await postForm(server.url, "/contact", validAnswers("messages"), { headers: { origin: "not a url" } });
      expect(nonsense.status).toBe(403);
      await waitFor("the refusals in the log", () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8").slice(before).split("\n").filter((line) => line.includes('"statusCode":403')).length >= 3 : false));
      const lines = fs
        .readFileSync(logFile, "utf8")
        .slice(before)
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { level: number; event?: string; res?: { statusCode: number } });
      expect(lines.filter((line) => line.event === "page-cross-origin" || line.event === "staff-cross-origin").every((line) => line.level === 40)).toBe(true);
      expect(lines.filter((line) => line.res?.statusCode === 403).every((line) => line.level === 40)).toBe(true);
      expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    });
  });
});

/** Sends `head` as it is on a connection of its own; the whole answer, once the server closes it. */
function rawExchange(port: number, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = "";
    const socket = net.connect(port, "127.0.0.1", () => socket.write(head));
    socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
    socket.on("close", () => resolve(received));
    socket.on("error", reject);
  });
}

describe("finding: a bad body encoding and `TRACE` get `text/plain` errors instead of the JSON shape, at npm start's server", () => {
  it("no longer: CONNECT and a request Node cannot parse get an answer in the JSON shape, never a dropped connection", async () => {
    const server = await startNpmStart();
    const { port } = server;
    try {
      for (const [head, status] of [
        ["CONNECT /api/services HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 405],
        ["CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n", 405],
        ["BREW /api/services HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 400],
        ["GET /api/services HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header\r\n\r\n", 400],
      ] as const) {
        const answer = await rawExchange(port, head);
        expect(answer, head).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
        expect(answer).toMatch(/\r\nContent-Type: application\/json; charset=utf-8\r\n/);
        expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toEqual({ error: expect.any(String) });
      }
      // And the server still serves.
      expect((await fetch(`http://127.0.0.1:${port}/api/levels`)).status).toBe(200);
    } finally {
      server.close();
    }
  }, 90_000);
});
