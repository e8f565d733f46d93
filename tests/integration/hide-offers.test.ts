import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixture, fixtureCopy, leadLevelCut, offers, people } from "../support/fixture";
import { element, headings, textOf } from "../support/html";
import { priya, savedQuoteLink } from "../support/quotes";
import { startTestServer, type TestServer } from "../support/test-server";

/** Saves a first-visit quote through the API and answers its page. */
async function quotePage(server: TestServer) {
  const link = await savedQuoteLink(server.url, { ...priya("priya@example.com"), ...leadLevelCut });
  return (await fetch(`${server.url}/quote/${link}`)).text();
}

// A salon with no offers running: settings.yaml's hideOffers set to true.
describe("with hideOffers set", () => {
  let server: TestServer;
  let contentDir = "";
  const html = async (p: string) => (await fetch(server.url + p)).text();

  beforeAll(async () => {
    contentDir = fixtureCopy(["settings.yaml", "hideOffers: false", "hideOffers: true"]);
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
    // The fixture's /home has a way in to the offers among its paths.
    expect(fixture.copy.text.home.paths.map((p) => p.href)).toContain("/offers");
    expect(await html("/home")).not.toContain('href="/offers"');
    expect(await html(`/team/${people.lead.slug}`)).not.toContain(`href="/offers/${offers.ofStylist.slug}"`);
  });

  it("the partner offer's and the offer event's pages say 'Check back soon!' too, with nothing of their offer", async () => {
    const [none] = fixture.copy.text.offers.none;
    for (const name of ["jellybeans", "ghd"] as const) {
      const page = await html(`/${name}`);
      expect(headings(page, 1), name).toEqual([none]);
      expect(page, name).not.toContain(fixture.copy.pages[name].heading);
      expect(page, name).not.toContain(fixture.copy.pages[name].description);
    }
  });

  it("links to offer pages in posts and pages become their words, and the sitemap drops every offer page", async () => {
    const post = element(await html("/blog/first-week-as-a-trainee"), "main")!;
    expect(textOf(post)).toContain("have their own first-visit offer.");
    expect(post).not.toContain('href="/offers');
    const policies = element(await html("/policies"), "main")!;
    expect(textOf(policies)).toContain("whether it is on our offers page or for nursery families");
    expect(policies).not.toMatch(/href="\/(offers|jellybeans)"/);

    const sitemap = await html("/sitemap.xml");
    expect(sitemap).toContain("/blog/first-week-as-a-trainee<");
    expect(sitemap).not.toMatch(/\/(offers|sms)[/<]/);
    expect(sitemap).not.toMatch(/\/(jellybeans|ghd)</);
  });

  it("a saved quote keeps its own discount, without pointing to the hidden offers", async () => {
    const page = await quotePage(server);
    expect(page).toContain("QG20");
    expect(page).not.toContain(fixture.copy.offers.withQuote.quotePage);
    expect(element(page, "main")).not.toContain('href="/offers"');
  });
});

// The global end date has passed: offers without their own end date have ended with it; one with its own runs on.
describe("when the offers' end date has passed", () => {
  let server: TestServer;
  let contentDir = "";
  const html = async (p: string) => (await fetch(server.url + p)).text();
  const own = fixture.copy.offers.offers.find((o) => o.slug === "welcome-back")!;

  beforeAll(async () => {
    contentDir = fixtureCopy(
      ["settings.yaml", /^endDate: .*$/m, "endDate: 31/12/25"],
      ["offers.yaml", "  - slug: welcome-back\n", "  - slug: welcome-back\n    endDate: 31/12/2098\n"],
    );
    server = await startTestServer("sqlite", { CONTENT_DIR: contentDir }, { pages: true });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(contentDir, { recursive: true, force: true });
  });

  it("lists only the offer with its own later end date, and the others' pages say they have ended", async () => {
    const list = textOf(element(await html("/offers"), "main")!);
    expect(list).toContain(own.title);
    expect(list).toContain("Until 31 December 2098");
    for (const offer of fixture.copy.offers.offers.filter((o) => o !== own)) expect(list).not.toContain(offer.title);

    const graduate = await html("/offers/graduate");
    expect(headings(graduate, 1)).toEqual([fixture.copy.offers.offers.find((o) => o.slug === "graduate")!.title]);
    expect(textOf(element(graduate, "main")!)).toContain("Ended 31 December 2025");
    expect(graduate).not.toContain("GRAD20");

    const sitemap = await html("/sitemap.xml");
    expect(sitemap).toContain(`/offers/${own.slug}<`);
    expect(sitemap).toContain(`/sms/${own.slug}<`);
    expect(sitemap).not.toContain("/offers/graduate<");
    // The landing page's offers are the level offers, none of which runs: its section goes.
    expect(await html("/")).not.toContain('id="offers"');
  });

  it("a saved quote's page says how its discount goes with the offers still running", async () => {
    const page = await quotePage(server);
    expect(textOf(element(page, "main")!)).toContain(fixture.copy.offers.withQuote.quotePage);
    expect(element(page, "main")).toContain('href="/offers"');
  });
});
