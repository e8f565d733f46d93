import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixture, fixtureContentDir, offers, people } from "../support/fixture";
import { headings } from "../support/html";
import { startTestServer, type TestServer } from "../support/test-server";

// A salon with no offers running: settings.yaml's hideOffers set to true.
describe("with hideOffers set", () => {
  let server: TestServer;
  let contentDir = "";
  const html = async (p: string) => (await fetch(server.url + p)).text();

  beforeAll(async () => {
    contentDir = fs.mkdtempSync(path.join(os.tmpdir(), "bha-content-"));
    fs.cpSync(fixtureContentDir, contentDir, { recursive: true });
    const settings = path.join(contentDir, "settings.yaml");
    const yaml = fs.readFileSync(settings, "utf8");
    expect(yaml).toContain("hideOffers: false");
    fs.writeFileSync(settings, yaml.replace("hideOffers: false", "hideOffers: true"));
    server = await startTestServer("sqlite", { CONTENT_DIR: contentDir }, { pages: true });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(contentDir, { recursive: true, force: true });
  });

  it("every offer page says there are none, and shows no code", async () => {
    const [none] = fixture.copy.text.offers.none;
    const codes = fixture.copy.offers.offers.flatMap((o) => (o.code ? [o.code] : []));
    for (const offerPath of ["/offers", ...fixture.copy.offers.offers.map((o) => `/offers/${o.slug}`), `/sms/${offers.withSms.slug}`]) {
      const page = await html(offerPath);
      expect(page, offerPath).toContain(none);
      for (const code of codes) expect(page, offerPath).not.toContain(code);
    }
    expect(headings(await html(`/offers/${offers.ofStylist.slug}`), 1)).toEqual([none]);
  });

  it("the navigation, the landing page and profiles drop their offers", async () => {
    const home = await html("/");
    expect(home).not.toContain('id="offers"');
    expect(home).not.toContain('href="/offers"');
    expect(await html(`/team/${people.lead.slug}`)).not.toContain(`href="/offers/${offers.ofStylist.slug}"`);
  });
});
