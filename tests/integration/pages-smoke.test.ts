import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../support/databases";
import { startTestServer, type TestServer } from "../support/test-server";

// Pages are served in-process from the production build: loaders run against a real database.
describe.each(engines)("pages from the build on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, {}, { pages: true });
  });
  afterAll(() => server?.close());

  it("renders the price calculator's first page on the server", async () => {
    const response = await fetch(`${server.url}/prices`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/text\/html/);
    expect(await response.text()).toMatch(/<h1[^>]*>/);
  });
});
