/**
 * The requests a probe sent that the site answered badly (issue 13's abuse
 * findings), each answered as decision record 0018 says: bodies past 64 KiB
 * refused as they are read, short echoes, control characters refused with
 * 400, wrong content types 415 and wrong methods 405, never a 5xx; the form
 * token required on page forms; personal pages kept out of caches.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../support/databases";
import { people, services } from "../support/fixture";
import { controlTag, getPage, hiddenValue, postForm } from "../support/page-forms";
import { saveQuote } from "../support/quotes";
import { rawRequest } from "../support/raw-http";
import { startTestServer, type TestServer } from "../support/test-server";

const contact = { name: "Tom Reid", email: "tom@example.com", message: "Do you cut curly hair dry?" };
const KiB = 1024;

describe.each(engines)("abusive requests on %s", (engine) => {
  let server: TestServer;
  const stored = async () => (await server.services.db.selectFrom("contact_messages").select("id").execute()).length;
  const token = async () => hiddenValue((await getPage(server.url, "/contact")).html, "form_token");

  beforeAll(async () => {
    server = await startTestServer(engine, { RATE_LIMIT_PER_MINUTE: "10000", RATE_LIMIT_PER_HOUR: "10000" }, { pages: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  describe("request bodies", () => {
    it.each(["POST", "PUT", "PATCH", "DELETE"])("a chunked %s of 2 MiB to a form page is refused, not read in full", async (method) => {
      const response = await rawRequest(server.url, {
        method,
        path: "/contact",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        chunked: { chunk: `message=${"x".repeat(16 * KiB)}&`, count: 128 },
      });
      expect([405, 411, 413]).toContain(response.status);
      expect(response.body.length).toBeLessThan(4 * KiB);
      expect(await stored()).toBe(0);
    });

    it("a chunked JSON body past 64 KiB to the API is 413", async () => {
      const response = await rawRequest(server.url, {
        method: "POST",
        path: "/api/sendMessage",
        headers: { "content-type": "application/json" },
        chunked: { chunk: " ".repeat(16 * KiB), count: 64 },
      });
      expect(response.status).toBe(413);
      expect(await stored()).toBe(0);
    });

    it("an error page echoes no more than a short excerpt of what was sent", async () => {
      const long = "y".repeat(60 * KiB);
      const response = await postForm(server.url, "/contact", { ...contact, name: long, form_token: await token() });
      expect(response.status).toBe(400);
      expect(response.text).toContain("Please keep this to 100 characters or fewer");
      expect(response.html).not.toContain("y".repeat(6 * KiB));
      const extra = await postForm(server.url, "/contact", { ...contact, email: "", padding: long, form_token: await token() });
      expect(extra.status).toBe(400);
      expect(extra.html).not.toContain("y".repeat(1000));
    });
  });

  describe("control characters", () => {
    it("a NUL in any text field of the API is 400 with the field named", async () => {
      for (const field of ["name", "email", "message"] as const) {
        const response = await fetch(`${server.url}/api/sendMessage`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ ...contact, [field]: `${contact[field].slice(0, 3)}\u0000${contact[field].slice(3)}` }),
        });
        expect(response.status).toBe(400);
        expect(((await response.json()) as { fields: Record<string, string> }).fields[field]).toBeDefined();
      }
      const quote = await saveQuote(server.url, { name: "Ann\u0007", mobile: "07700900123", email: "ann@example.com", referral: "google" });
      expect(quote.status).toBe(400);
      expect(await stored()).toBe(0);
    });

    it("a NUL or other control character in a page form is 400 with the answers kept; newlines in a message are fine", async () => {
      const nul = await postForm(server.url, "/contact", { ...contact, message: "Hello\u0000there", form_token: await token() });
      expect(nul.status).toBe(400);
      expect(nul.text).toContain("Please remove the hidden control characters");
      expect(controlTag(nul.html, "name")).toContain('value="Tom Reid"');
      const bell = await postForm(server.url, "/contact", { ...contact, name: "Tom\u001bReid", form_token: await token() });
      expect(bell.status).toBe(400);
      expect(await stored()).toBe(0);
      const lines = await postForm(server.url, "/contact", { ...contact, message: "Line one\r\n\tLine two", form_token: await token() });
      expect(lines.status).toBe(200);
      expect(await stored()).toBe(1);
      await server.services.db.deleteFrom("contact_messages").execute();
    });

    it.each(["/team/a%00b", "/joinus%00", "/blog/%00", "/images/team/%00.svg", "/api/quote/%00", "/quote/%00x", "/%C0%AE%C0%AE/", "/%"])(
      "a path like %s is 400 or 404, never 5xx",
      async (path) => {
        const response = await rawRequest(server.url, { path });
        expect([400, 404]).toContain(response.status);
      },
    );
  });

  describe("methods and content types on form pages", () => {
    it.each([
      ["JSON", { "content-type": "application/json" }, JSON.stringify(contact)],
      ["text/plain", { "content-type": "text/plain" }, "name=Tom"],
      ["no content type", {}, "name=Tom"],
      ["broken multipart", { "content-type": "multipart/form-data; boundary=xyz" }, "--xyz\r\nContent-Disposition: form-da"],
      ["multipart with no boundary", { "content-type": "multipart/form-data" }, "name=Tom"],
    ])("a post with %s is 415", async (label, headers: Record<string, string>, body) => {
      for (const path of ["/contact", "/joinus", "/prices/finish", "/applicants"]) {
        const response = await rawRequest(server.url, { method: "POST", path, headers: { origin: server.url, ...headers }, body });
        // The join-us form takes multipart (its CV): a broken one there is a bad request, read and refused.
        expect(response.status, path).toBe(path === "/joinus" && label === "broken multipart" ? 400 : 415);
      }
      expect(await stored()).toBe(0);
    });

    it.each(["TRACE", "PUT", "PATCH", "DELETE", "OPTIONS", "PROPFIND"])("%s on a page is 405 with Allow", async (method) => {
      for (const path of ["/", "/contact", "/prices/finish", "/applicants"]) {
        const response = await rawRequest(server.url, { method, path, headers: { origin: server.url } });
        expect(response.status).toBe(405);
        expect(response.headers.allow).toBe("GET, HEAD, POST");
      }
    });

    it.each(["PUT", "DELETE", "PATCH"])("%s on a content page is a plain 405 that names no route", async (method) => {
      for (const path of ["/about", "/team", "/offers"]) {
        const response = await rawRequest(server.url, { method, path, headers: { origin: server.url } });
        expect(response.status, `${method} ${path}`).toBe(405);
        expect(response.body.toString(), `${method} ${path}`).not.toMatch(/routes\/|route id|fallback|did not provide/i);
      }
    });

    it("a POST to a page that takes none is a plain 405 that names no route", async () => {
      for (const path of ["/about", "/team", "/offers", "/blog", "/no-such-page", "/team/no-such-person", "/about.data", "/no-such-page.data"]) {
        const response = await rawRequest(server.url, {
          method: "POST",
          path,
          headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
          body: "name=Tom",
        });
        expect([404, 405], `POST ${path}`).toContain(response.status);
        const body = response.body.toString();
        expect(body, `POST ${path}`).not.toMatch(/routes\/|route id|fallback|did not provide|action/i);
        expect(body.length, `POST ${path}`).toBeLessThan(64 * KiB);
      }
      // The pages without an action all say 405.
      for (const path of ["/about", "/team"]) {
        expect((await rawRequest(server.url, { method: "POST", path, headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" }, body: "a=b" })).status).toBe(405);
      }
    });

    it("TRACE on the API is 405 too", async () => {
      const response = await rawRequest(server.url, { method: "TRACE", path: "/api/services" });
      expect(response.status).toBe(405);
    });
  });

  describe("the form token", () => {
    it.each([
      ["missing", undefined],
      ["forged", "lq3x1z.AAAAAAAAAAAAAAAAAAAAAA"],
      ["not a token", "hello"],
    ])("a %s token is refused with a clear message and the answers kept", async (_label, given) => {
      const fields: Record<string, string> = { ...contact, website: "" };
      if (given !== undefined) fields.form_token = given;
      const response = await postForm(server.url, "/contact", fields);
      expect(response.status).toBe(400);
      expect(response.text).toContain("This form has expired or did not come from our page.");
      expect(controlTag(response.html, "name")).toContain('value="Tom Reid"');
      // A fresh token comes with the answer, so sending again works.
      expect(hiddenValue(response.html, "form_token")).not.toBe(given);
      expect(await stored()).toBe(0);
    });

    it("the quote finish form needs it too", async () => {
      // A whole quote, so the page draws its form and the form's message (a document: the reply is only in the HTML).
      const quote = `type=men&regular=yes&by=stylist&stylist=${people.improver.slug}&cut=${services.mensCut.id}&mcol=none`;
      const response = await postForm(server.url, `/prices/finish?${quote}`, {
        name: "Ann Lee",
        mobile: "07700900123",
        email: "ann@example.com",
        referral: "google",
      });
      expect(response.status).toBe(400);
      expect(response.text).toContain("This form has expired or did not come from our page.");
      expect(await server.services.db.selectFrom("quotes").select("link").execute()).toEqual([]);
    });

    it("the JSON API, whose contract has no token, still takes a post without one", async () => {
      const response = await fetch(`${server.url}/api/sendMessage`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(contact),
      });
      expect(response.status).toBe(201);
      await server.services.db.deleteFrom("contact_messages").execute();
    });
  });

  describe("caching of pages", () => {
    it.each(["/contact", "/joinus", "/models", "/open-evening", "/prices/finish?type=men"])(
      "%s, which carries a form token, is private, no-store",
      async (path) => {
        const response = await getPage(server.url, path);
        expect(response.headers.get("cache-control")).toBe("private, no-store");
      },
    );

    it("/prices, a document made for each request (its stylists in a fresh order), is private, no-cache", async () => {
      const response = await getPage(server.url, "/prices");
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, no-cache");
    });

    it.each(["/", "/team", "/about", "/privacy"])("%s, a content page with no nonce, may be kept by a shared cache briefly", async (path) => {
      const response = await getPage(server.url, path);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=30");
    });

    it("a form's reply, which holds someone's answers, is private, no-store", async () => {
      const response = await postForm(server.url, "/contact", { ...contact, email: "", form_token: await token() });
      expect(response.status).toBe(400);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
    });
  });
});
