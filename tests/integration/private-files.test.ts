/**
 * What the site writes to disk holds people's details (the SQLite database,
 * emails and texts written instead of sent, the picture cache): only the
 * server's own user may read it. Folders 0700, files 0600, however the
 * process's umask is set (decision record 0018).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "~/.server/logger.server";
import { createEmailTransport, createSmsTransport } from "~/.server/outbox/transports.server";
import type { OutboxMessage } from "~/.server/outbox/outbox.server";
import { outboxRow } from "../support/outbox";
import { startTestServer, type TestServer } from "../support/test-server";

const mode = (file: string) => fs.statSync(file).mode & 0o777;

function message(channel: "email" | "sms"): OutboxMessage {
  const email = channel === "email";
  return outboxRow(`private-${channel}`, new Date().toISOString(), {
    channel,
    template: "test",
    recipient: email ? "ann@example.com" : "+447700900123",
    subject: email ? "Hello" : null,
    body_text: "Hello Ann",
    status: "sending",
  });
}

describe("data files on disk", () => {
  let server: TestServer;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "bha-private-"));
  const dataDir = path.join(root, "var");
  let umask: number;

  beforeAll(async () => {
    // A permissive umask, as on many servers: the site must not rely on it.
    umask = process.umask(0o022);
    server = await startTestServer("sqlite", { DATA_DIR: dataDir });
    // A write, so the WAL and shared-memory files exist.
    const response = await fetch(`${server.url}/api/sendMessage`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Ann Lee", email: "ann@example.com", message: "Hello" }),
    });
    expect(response.status).toBe(201);
  });
  afterAll(async () => {
    await server?.close();
    process.umask(umask);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("keeps the data folder and the SQLite database with its WAL and SHM private", () => {
    expect(mode(dataDir)).toBe(0o700);
    const database = server.services.config.sqlitePath;
    for (const file of [database, `${database}-wal`, `${database}-shm`]) {
      expect(fs.existsSync(file), file).toBe(true);
      expect(mode(file), file).toBe(0o600);
    }
  });

  it("writes emails and texts kept on disk privately", async () => {
    const { config } = server.services;
    const logger = createLogger("silent");
    await createEmailTransport(config, "Base Hair Academy <hello@example.com>", logger).send(message("email"));
    await createSmsTransport(config, logger).send(message("sms"));
    for (const folder of ["mail", "sms"]) {
      const dir = path.join(dataDir, folder);
      expect(mode(dir), dir).toBe(0o700);
      const files = fs.readdirSync(dir);
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) expect(mode(path.join(dir, file)), file).toBe(0o600);
    }
  });
});
