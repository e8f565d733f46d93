/**
 * The probe's findings at the edges (issue 18), each named after the finding,
 * against the real server with its pages, on both engines.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAFF_READS_PER_MINUTE, STAFF_REQUESTS_PER_MINUTE } from "~/web/staff-gate.server";
import { engines } from "../support/databases";
import { STAFF, staffAccountsEnv, StaffClient } from "../support/staff-client";
import { startTestServer, type TestServer } from "../support/test-server";

/** Sends `head` as it is on a connection of its own; the status line's code. */
function rawStatus(url: string, head: string): Promise<number> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    let received = "";
    const socket = net.connect(Number(port), "127.0.0.1", () => socket.write(head));
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(received);
      if (status) {
        socket.destroy();
        resolve(Number(status[1]));
      }
    });
    socket.on("error", reject);
  });
}

describe.each(engines)("the probe's edge findings on %s", (engine) => {
  let server: TestServer;
  let address = 0;
  const client = () => new StaffClient(server.url, `203.0.113.${++address}`);

  beforeAll(async () => {
    server = await startTestServer(engine, { STAFF_ACCOUNTS: staffAccountsEnv }, { pages: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each([
    ["no Host at all (HTTP/1.0)", "GET / HTTP/1.0\r\n\r\n"],
    ["no Host at all, a staff page", "GET /applicants HTTP/1.0\r\n\r\n"],
    ["no Host at all, the API", "GET /api/services HTTP/1.0\r\n\r\n"],
    ["an empty Host", "GET /about HTTP/1.1\r\nHost:\r\nConnection: close\r\n\r\n"],
    ["a Host with a space", "GET /team HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n"],
    ["a Host with a path", "GET / HTTP/1.1\r\nHost: example.com/evil\r\nConnection: close\r\n\r\n"],
    ["a Host with an open bracket", "GET /prices HTTP/1.1\r\nHost: [::1\r\nConnection: close\r\n\r\n"],
    ["a Host with a user", "POST /contact HTTP/1.1\r\nHost: me@example.com\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"],
  ])("every page answers 500 to a request without a valid Host header: no longer, %s gets 400", async (_what, head) => {
    expect(await rawStatus(server.url, head)).toBe(400);
  });

  it("a well-formed Host still gets the page", async () => {
    const { port } = new URL(server.url);
    expect(await rawStatus(server.url, `GET /about HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`)).toBe(200);
    expect(await rawStatus(server.url, `GET /about HTTP/1.1\r\nHost: [::1]:${port}\r\nConnection: close\r\n\r\n`)).toBe(200);
  });

  it("the origin check trusts the request's own Host: no longer, it compares with PUBLIC_URL", async () => {
    const evil = "http://evil.example";
    // A write that names evil.example both as its Host and as its Origin is still from evil.example.
    const signIn = await client().signIn(STAFF.morgan, { origin: evil, host: "evil.example" });
    expect(signIn.status).toBe(403);
    const morgan = client();
    expect((await morgan.signIn(STAFF.morgan, { origin: server.url })).status).toBe(200);
    const page = await morgan.request("POST", "/staff", { form: { intent: "sign-out" }, headers: { origin: evil, host: "evil.example" } });
    expect(page.status).toBe(403);
    expect((await morgan.request("GET", "/api/staff/session")).status).toBe(200);
  });

  it("staff pages have no rate limit: no longer, one address gets 429 with Retry-After past the staff requests a minute", async () => {
    const hammer = client();
    // Fixed one-minute windows: the first refusal comes once a window holds more than the limit, so after
    // between the limit and twice it (when the run crosses into a new window).
    let accepted = 0;
    let refused = false;
    while (!refused && accepted <= 2 * STAFF_REQUESTS_PER_MINUTE) {
      const batch = await Promise.all(Array.from({ length: 25 }, () => hammer.request("GET", "/api/staff/session")));
      for (const response of batch) {
        if (response.status === 429) refused = true;
        else accepted++;
      }
    }
    expect(refused).toBe(true);
    expect(accepted).toBeGreaterThanOrEqual(STAFF_REQUESTS_PER_MINUTE);
    expect(accepted).toBeLessThanOrEqual(2 * STAFF_REQUESTS_PER_MINUTE);
    // The pages share the count.
    const page = await hammer.request("GET", "/applicants");
    expect(page.status).toBe(429);
    expect(Number(page.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await client().request("GET", "/applicants")).status).toBe(401);
  }, 60_000);

  it("one person's reads were limited on the desk's calls only: now the gate counts them on every staff page and call, from any address", async () => {
    const sam = client();
    expect((await sam.signIn(STAFF.sam)).status).toBe(200);
    // The same session from a new address for each batch, so the per-address limit never answers first.
    const from = () => {
      const as = client();
      for (const [name, value] of sam.cookies) as.cookies.set(name, value);
      return as;
    };
    /** Reads until the person's minute is spent: how many were let through, and the first refusal with its moment. */
    const spend = async () => {
      let accepted = 0;
      let refused: Response | undefined;
      while (!refused && accepted <= 2 * STAFF_READS_PER_MINUTE) {
        const as = from();
        const batch = await Promise.all(Array.from({ length: 25 }, (_, i) => as.request("GET", i % 2 ? "/api/staff/session" : "/staff/account")));
        for (const response of batch) {
          if (response.status === 429) refused ??= response;
          else accepted++;
        }
      }
      expect(refused).toBeDefined();
      expect(accepted).toBeGreaterThanOrEqual(STAFF_READS_PER_MINUTE);
      expect(accepted).toBeLessThanOrEqual(2 * STAFF_READS_PER_MINUTE);
      const retryAfter = Number(refused!.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      return { windowEnds: Date.now() + (retryAfter - 1) * 1000 };
    };
    const { windowEnds } = await spend();
    // Both bindings answer from the same count: the API in its error shape, the page with its refusal.
    let api = await from().request("GET", "/api/staff/session");
    // The counts are per clock minute: a refusal in a minute's last second may be followed by the next minute.
    if (api.status === 200 && Date.now() >= windowEnds) {
      await spend();
      api = await from().request("GET", "/api/staff/session");
    }
    expect(api.status).toBe(429);
    expect(await api.json()).toEqual({ error: "That's a lot of requests in a minute. Please wait a moment and try again." });
    expect((await from().request("GET", "/staff/account")).status).toBe(429);
    // Another person is not held back.
    const morgan = client();
    expect((await morgan.signIn(STAFF.morgan)).status).toBe(200);
    expect((await morgan.request("GET", "/api/staff/session")).status).toBe(200);
  }, 60_000);
});
