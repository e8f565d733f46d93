import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import { describe, expect, it, onTestFinished } from "vitest";
import { createLogger } from "./.server/logger.server";
import { handleError } from "./entry.server";
import { servicesContext } from "./web/context";
import type { AppServices } from "./web/services";

describe("handleError", () => {
  it("logs a failed page through the site's logger, with the address's personal details redacted", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bha-log-"));
    onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, "site.log");
    const logger = createLogger("info", file);
    const context = new RouterContextProvider();
    context.set(servicesContext, { logger } as AppServices);
    const request = new Request("http://localhost/contact?email=leah%40example.com&page=2");

    handleError(new Error("the database went away"), { request, context, params: {} });
    // The log file is written asynchronously: wait for the line to land.
    for (let tries = 0; !(fs.existsSync(file) && fs.readFileSync(file, "utf8").includes("\n")) && tries < 200; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }

    const [line] = fs.readFileSync(file, "utf8").trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(line).toMatchObject({ level: 50, msg: "page request failed", method: "GET", url: "http://localhost/contact?email=%5Bredacted%5D&page=2" });
    expect((line!.err as { message: string; stack: string }).message).toBe("the database went away");
    expect(JSON.stringify(line)).not.toContain("leah");
  });
});
