import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "~/.server/config.server";
import { enqueue, summarise, MESSAGE_CAPS_DEFAULT } from "~/.server/outbox/outbox.server";
import { startServices } from "../../server/start-services";
import { createTestDatabase } from "../support/databases";
import { fixtureEnv } from "../support/fixture";
import { waitFor } from "../support/wait";
import { email, outboxSuite } from "./outbox-suite";

outboxSuite("sqlite");

describe("outbox without an SMTP server configured", () => {
  it("writes each email as an .eml file under var/mail", async () => {
    const database = await createTestDatabase("sqlite");
    const services = await startServices(
      loadConfig({ NODE_ENV: "test", ...fixtureEnv, DATA_DIR: database.dataDir, OUTBOX_POLL_MS: "20" }),
    );
    try {
      await enqueue(services.db, email(7), MESSAGE_CAPS_DEFAULT);
      services.outbox.wake();
      await waitFor("the email to be recorded as sent", async () => (await summarise(services.db)).counts.some((c) => c.status === "sent"));
      const dir = path.join(database.dataDir, "mail");
      expect(fs.readdirSync(dir)).toHaveLength(1);
      const file = fs.readFileSync(path.join(dir, fs.readdirSync(dir)[0]!), "utf8");
      expect(file).toContain("Subject: Message 7");
      expect(file).toContain("To: client7@example.com");
    } finally {
      await services.close();
      await database.drop();
    }
  });
});
