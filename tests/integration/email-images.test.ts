import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/test-server";

// The logo in every email is fetched by the reader's mail site or app, from another origin: it must not be
// held to the same-origin resource policy the pages have.
describe("pictures in emails", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("sqlite");
  });
  afterAll(() => server?.close());

  it("serves the email logo for any origin to show, while the rest of the site stays same-origin", async () => {
    const logo = new URL(server.services.brand.logoUrl!);
    const response = await fetch(`${server.url}${logo.pathname}`, { headers: { origin: "https://mail.example.net", "sec-fetch-site": "cross-site" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(100);

    const api = await fetch(`${server.url}/api/services`);
    expect(api.headers.get("cross-origin-resource-policy")).toBe("same-origin");
  });
});
