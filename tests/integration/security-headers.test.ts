/**
 * The headers every answer carries (pages, the API, pictures, errors and the
 * door's refusals), the staff session cookie's flags, and Retry-After on
 * every 429: issue 13's "security headers and cookies as a test".
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../support/raw-http";
import { STAFF, staffAccountsEnv, StaffClient } from "../support/staff-client";
import { startTestServer, type TestServer } from "../support/test-server";

/** One of each kind of answer: a page, a form page, the API, a picture, a 404, a refused post, a 405. */
const answers = [
  { what: "a content page", path: "/team" },
  { what: "a form page", path: "/contact" },
  { what: "the API", path: "/api/services" },
  { what: "a picture", path: "/images/pages/about-320.webp" },
  { what: "an API 404", path: "/api/no-such-thing" },
  { what: "an API 400", path: "/api/sendMessage", method: "POST", headers: { "content-type": "application/json" }, body: "{" },
  { what: "a page 415", path: "/contact", method: "POST", headers: { "content-type": "application/json" }, body: "{}" },
  { what: "a 405", path: "/", method: "TRACE" },
  { what: "a 400 address", path: "/team/%00" },
];

function expectSecurityHeaders(headers: Record<string, string | string[] | undefined>, https: boolean) {
  const csp = String(headers["content-security-policy"]);
  const script = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
  expect(script).not.toContain("'unsafe-inline'");
  expect(script).not.toContain("'unsafe-eval'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'self'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(String(headers["permissions-policy"])).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
  expect(headers["x-powered-by"]).toBeUndefined();
  if (https) expect(String(headers["strict-transport-security"])).toMatch(/max-age=\d{7,}; includeSubDomains/);
  else expect(headers["strict-transport-security"]).toBeUndefined();
}

describe.each([
  ["http", "http://localhost:3900"],
  ["https", "https://bha.example"],
])("security headers when PUBLIC_URL is %s", (scheme, publicUrl) => {
  const https = scheme === "https";
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("sqlite", { PUBLIC_URL: publicUrl, STAFF_ACCOUNTS: staffAccountsEnv, RATE_LIMIT_PER_MINUTE: "2" }, { pages: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(answers)("$what carries them all", async ({ path, method, headers, body }) => {
    const response = await rawRequest(server.url, { path, method, headers, body });
    expect(response.status).toBeLessThan(500);
    expectSecurityHeaders(response.headers, https);
  });

  it("a page that runs React (the staff area) allows its scripts by a nonce that changes on every answer", async () => {
    const nonces = await Promise.all(
      [1, 2].map(async () => {
        const response = await rawRequest(server.url, { path: "/staff" });
        const nonce = /'nonce-([^']+)'/.exec(String(response.headers["content-security-policy"]))?.[1];
        expect(nonce).toBeTruthy();
        expect(response.body.toString()).toContain(`nonce="${nonce}"`);
        return nonce;
      }),
    );
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("the staff session cookie is HttpOnly and SameSite=Lax, Secure with __Host- on https, and staff pages are no-store", async () => {
    const staff = new StaffClient(server.url, "192.0.2.10");
    const signedIn = await staff.signIn(STAFF.morgan, { origin: publicUrl });
    expect(signedIn.status).toBe(200);
    const cookies = signedIn.headers.getSetCookie();
    const session = cookies.find((c) => /^(__Host-)?staff[_-]?session=/i.test(c)) ?? cookies[0]!;
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; SameSite=Lax/i);
    expect(session).toMatch(/; Path=\//i);
    if (https) {
      expect(session).toMatch(/^__Host-/);
      expect(session).toMatch(/; Secure/i);
      expect(session).not.toMatch(/; Domain=/i);
    } else {
      expect(session).not.toMatch(/; Secure/i);
    }
    for (const path of ["/applicants", "/api/joinus-applicants/all"]) {
      const page = await staff.request("GET", path);
      expect(page.status, path).toBe(200);
      expect(page.headers.get("cache-control"), path).toBe("no-store");
    }
    const signedOut = await new StaffClient(server.url).request("GET", "/applicants");
    expect(signedOut.headers.get("cache-control")).toBe("no-store");
  });

  it("every 429 says when to try again: the forms' pages and API, and staff sign-in", async () => {
    const json = { "content-type": "application/json" };
    const body = JSON.stringify({ name: "Jo Bell", mobile: "07700900789" });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const api = await fetch(`${server.url}/api/open-evening`, { method: "POST", headers: json, body });
      statuses.push(api.status);
      if (api.status === 429) expect(Number(api.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(statuses).toContain(429);
    const page = await fetch(`${server.url}/open-evening`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name: "Jo Bell", mobile: "07700900789" }).toString(),
    });
    expect(page.status).toBe(429);
    expect(Number(page.headers.get("retry-after"))).toBeGreaterThan(0);
    // Saving a quote has its own count: a third try within the minute is refused.
    let quote: Response | undefined;
    for (let i = 0; i < 3; i++) quote = await fetch(`${server.url}/api/save-quote-details`, { method: "POST", headers: json, body: "{}" });
    expect(quote!.status).toBe(429);
    expect(Number(quote!.headers.get("retry-after"))).toBeGreaterThan(0);

    const guesser = new StaffClient(server.url, "192.0.2.99");
    let last: Response | undefined;
    for (let i = 0; i < 12 && last?.status !== 429; i++) last = await guesser.signIn({ name: "Sam", pin: "000000" }, { origin: publicUrl });
    expect(last?.status).toBe(429);
    expect(Number(last?.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
