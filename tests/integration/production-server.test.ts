import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixture } from "../support/fixture";
import { startNpmStart } from "../support/npm-start";
import { startTestServer, type TestServer } from "../support/test-server";
import { waitFor } from "../support/wait";

// The production app as the build serves it: headers, assets, and a clean stop.
describe("the production app", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("sqlite", {}, { pages: true });
  });
  afterAll(() => server?.close());

  it("sends security headers and an enforced CSP with a nonce on every script of a page that runs React (the staff area)", async () => {
    const response = await fetch(`${server.url}/staff`);
    const csp = response.headers.get("content-security-policy");
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(response.headers.get("content-security-policy-report-only")).toBeNull();
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-powered-by")).toBeNull();

    const html = await response.text();
    const nonce = /'nonce-([^']+)'/.exec(csp!)![1]!;
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // A fresh nonce for every response.
    const again = (await fetch(`${server.url}/staff`)).headers.get("content-security-policy");
    expect(/'nonce-([^']+)'/.exec(again!)![1]).not.toBe(nonce);
  });

  it("caches hashed assets for a year, and answers a missing one with 404", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const asset = /\/assets\/[^"]+\.css/.exec(html)![0];
    const response = await fetch(server.url + asset);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("max-age=31536000");
    expect(response.headers.get("cache-control")).toContain("immutable");
    expect((await fetch(`${server.url}/assets/missing-file.js`)).status).toBe(404);
  });
});

describe("npm start's server", () => {
  it("finishes the request in flight and exits cleanly on SIGTERM", async () => {
    const server = await startNpmStart();
    const { port } = server;
    try {
      // A request half sent when the signal arrives must still be answered.
      const socket = net.connect(port, "127.0.0.1");
      await new Promise((resolve) => socket.once("connect", resolve));
      socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n");
      // A whole request on a second connection, answered after the server has read the first one's bytes.
      await new Promise<void>((resolve, reject) =>
        http.get({ host: "127.0.0.1", port, path: "/api/levels", agent: false }, (res) => res.resume().on("end", resolve)).on("error", reject),
      );
      server.kill("SIGTERM");
      await waitFor("the server to start shutting down", () => server.output().includes("shutting down"));
      let reply = "";
      socket.on("data", (d: Buffer) => (reply += d.toString()));
      const ended = new Promise((resolve) => socket.on("close", resolve));
      socket.write("Connection: close\r\n\r\n");
      await ended;
      expect(reply).toMatch(/^HTTP\/1\.1 200/);
      expect(reply).toContain(fixture.settings.tagline);
      expect(await server.exit).toBe(0);
      expect(server.output()).toContain("stopped cleanly");
    } finally {
      server.close();
    }
  });
});
