import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../support/databases";
import { level, people, salons, services as s, topLevel } from "../support/fixture";
import { headings, textOf } from "../support/html";
import { startTestServer, type TestServer } from "../support/test-server";

// The calculator keeps its state in the address, so its guards and dead ends
// are proven on the server's pages; the browser tests walk the journeys.
describe.each(engines)("the calculator's guards and dead ends on %s", (engine) => {
  let server: TestServer;
  const get = (path: string) => fetch(server.url + path, { redirect: "manual" });
  const page = async (path: string) => {
    const response = await get(path);
    expect(response.status, path).toBe(200);
    return response.text();
  };
  /** The button that stands in for a level link at the limit: shown, but disabled. */
  const disabled = (html: string, label: string) => new RegExp(`<button[^>]*\\bdisabled=""[^>]*>${label}</button>`).test(html);
  const linked = (html: string, label: string) => new RegExp(`<a\\b[^>]*href="[^"]+"[^>]*>${label}</a>`).test(html);

  beforeAll(async () => {
    server = await startTestServer(engine, {}, { pages: true });
  });
  afterAll(() => server?.close());

  it("sends every later step back to /prices until a type is chosen", async () => {
    for (const path of ["/prices/calculator", "/prices/total-by-level", "/prices/total-by-stylist", "/prices/total-by-price", "/prices/finish"]) {
      const response = await get(path);
      expect(response.status, path).toBe(302);
      expect(new URL(response.headers.get("location")!, server.url).pathname, path).toBe("/prices");
    }
  });

  it("says a stylist is not taking new clients, and offers no way to save their quote", async () => {
    const { notTaking, improver } = people;
    const totals = (slug: string) => page(`/prices/total-by-stylist?type=cutting&by=stylist&stylist=${slug}&finish=${s.cut.id}&fadd=none&treat=none&regular=no`);
    const html = await totals(notTaking.slug);
    expect(textOf(html)).toContain(`${notTaking.first_name} isn't taking new clients at the moment`);
    expect(textOf(html)).not.toContain("I'm Happy!");
    expect(textOf(await totals(improver.slug))).toContain("I'm Happy!");
  });

  it("stops at the top level, and goes down a level by a link", async () => {
    const top = await page(`/prices/total-by-level?type=men&by=level&level=${topLevel.id}&cut=${s.mensCut.id}&mcol=none&regular=no`);
    expect(disabled(top, "Up a level")).toBe(true);
    expect(linked(top, "Down a level")).toBe(true);
    const down = /<a\b[^>]*href="([^"]+)"[^>]*>Down a level<\/a>/.exec(top)![1]!.replace(/&amp;/g, "&");
    const lower = await page(down);
    expect(textOf(/data-testid="level-name"[^>]*>([^<]+)</.exec(lower)![1]!)).toBe(level(topLevel.id - 1).name);
  });

  it("says when no stylist at a level works at the chosen salon", async () => {
    // Nobody in the group is a Trainee (level 2).
    const trainees = `/prices/total-by-level?type=men&by=level&level=2&cut=${s.mensCut.id}&mcol=none&regular=no&salon=${salons.other.id}`;
    expect(textOf(await page(`${trainees}&show=stylists`))).toContain(`Unfortunately there are no staff at your chosen level at ${salons.other.name}`);
  });

  it("stops at level 1, where a New Starter's men's cut is dropped with the spec's reason", async () => {
    const html = await page(`/prices/total-by-level?type=men&by=level&level=1&cut=${s.mensCut.id}&mcol=none&regular=no`);
    expect(disabled(html, "Down a level")).toBe(true);
    expect(textOf(html)).toContain(`${s.mensCut.service}: Unfortunately New Starters are not qualified`);
  });

  it("answers an unknown quote link with a 404 page", async () => {
    const response = await get("/quote/NoSuchQuoteLink123");
    expect(response.status).toBe(404);
    expect(headings(await response.text(), 1)).toEqual(["We couldn't find that quote"]);
  });
});
