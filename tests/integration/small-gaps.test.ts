import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../support/databases";
import { textOf } from "../support/html";
import { startTestServer, type TestServer } from "../support/test-server";

describe.each(engines)("the visitor's small gaps on %s", (engine) => {
  let server: TestServer;
  const page = async (path: string) => {
    const response = await fetch(server.url + path);
    expect(response.status, path).toBe(200);
    return response.text();
  };

  beforeAll(async () => {
    server = await startTestServer(engine, {}, { pages: true });
  });
  afterAll(() => server?.close());

  it("finding: the price-change notice had no date", async () => {
    const html = await page("/new-prices");
    expect(html).toMatch(/<time dateTime="2026-12-01">1st December 2026<\/time>/i);
    expect(textOf(html)).toContain("Takes effect 1st December 2026");
  });
});
