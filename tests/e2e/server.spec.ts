import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

// The production server as a newcomer runs it: headers, server-rendered HTML, and a clean stop.
test.describe("the production server", () => {
  test.skip(({ isMobile }) => isMobile, "no browser involved: run once");

  test("sends security headers and an enforced CSP with a nonce", async ({ request }) => {
    const response = await request.get("/");
    const headers = response.headers();
    const csp = headers["content-security-policy"];
    expect(csp).toBeDefined();
    expect(headers["content-security-policy-report-only"]).toBeUndefined();
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["x-powered-by"]).toBeUndefined();

    const html = await response.text();
    const nonce = /'nonce-([^']+)'/.exec(csp!)![1]!;
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  test("caches hashed assets for a year", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const asset = /\/assets\/[^"]+\.css/.exec(html)![0];
    const response = await request.get(asset);
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toContain("max-age=31536000");
    expect(response.headers()["cache-control"]).toContain("immutable");
    expect((await request.get("/assets/missing-file.js")).status()).toBe(404);
  });

  test("finishes the request in flight and exits cleanly on SIGTERM", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bha-stop-"));
    const port = 3190 + Math.floor(Math.random() * 9);
    const child = spawn(process.execPath, ["scripts/start.mjs"], {
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "info" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    await expect.poll(() => output, { timeout: 30_000 }).toContain("is ready");

    // A request half sent when the signal arrives must still be answered.
    const socket = net.connect(port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    await new Promise((resolve) => setTimeout(resolve, 200));
    const exit = new Promise<number | null>((resolve) => child.on("exit", resolve));
    child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    let reply = "";
    socket.on("data", (d: Buffer) => (reply += d.toString()));
    const ended = new Promise((resolve) => socket.on("close", resolve));
    socket.write("Connection: close\r\n\r\n");
    await ended;
    expect(reply).toMatch(/^HTTP\/1\.1 200/);
    expect(reply).toContain("Meet the Base Team");
    expect(await exit).toBe(0);
    expect(output).toContain("stopped cleanly");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
