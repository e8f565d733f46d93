import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/test-server";

// The contract's general rules for any write, checked at the door before any handler.
describe("API request bodies", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("sqlite");
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = (body: string, type: string) =>
    fetch(`${server.url}/api/sendMessage`, { method: "POST", headers: { "content-type": type }, body });

  it("refuses a body that is not JSON with 415", async () => {
    const response = await post("name=Ann", "application/x-www-form-urlencoded");
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ error: expect.any(String) });
  });

  it("refuses malformed JSON with 400, not 500", async () => {
    const response = await post("{ not json", "application/json");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: expect.any(String) });
  });

  it("refuses a body over 64 KiB with 413", async () => {
    const response = await post(JSON.stringify({ message: "x".repeat(70 * 1024) }), "application/json");
    expect(response.status).toBe(413);
  });
});
