import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContent, type SiteContent } from "~/modules/site/load-content.server";
import { headings, statementsOf } from "../support/html";
import { describeContradiction, findContradictions, stylistTitleFacts } from "../support/fact-check";
import { brokenLinks } from "../support/link-check";
import { expandPages, findPublicPage, sitemapSlugsOf, slugsOf } from "../support/public-pages";
import { startTestServer, type TestServer } from "../support/test-server";
import { pictureNamesNow } from "../../server/image-cache";

// The one test that reads content/: the sample salon the site ships with (and
// that a salon edits) loads, passes every check, and each of its public pages
// renders. Every other test runs on the fixture salon (tests/support/fixture.ts),
// so editing content/ never breaks them.
const contentDir = path.resolve("content");

describe("the shipped content in content/", () => {
  let content: SiteContent;
  let server: TestServer;
  const pages = new Map<string, string>();
  const get = (p: string) => fetch(server.url + p, { redirect: "manual" });

  beforeAll(async () => {
    content = loadContent(contentDir);
    server = await startTestServer("sqlite", { CONTENT_DIR: contentDir }, { pages: true });
  });
  afterAll(() => server?.close());

  it("loads, with every file's shape and every cross-reference checked", () => {
    // A ContentError names the file and the field at fault.
    expect(() => loadContent(contentDir)).not.toThrow();
    expect(content.stylists.some((s) => s.salon === 3), "the academy (salon 3) has a team").toBe(true);
  });

  it("has a picture file for every picture the site shows (npm run sample-pictures makes the missing ones)", async () => {
    const names = await pictureNamesNow(content, server.services.db);
    expect(names.size).toBeGreaterThan(50);
    expect(server.services.pictures.missing(names)).toEqual([]);
  });

  it("renders every public page, each with one main heading", async () => {
    const problems: string[] = [];
    for (const page of expandPages(slugsOf(content))) {
      const response = await get(page);
      const expected = findPublicPage(page)?.redirect ? 302 : 200;
      if (response.status !== expected) problems.push(`${page}: status ${response.status}`);
      if (response.status !== 200) continue;
      const html = await response.text();
      pages.set(page, html);
      if (headings(html, 1).length !== 1) problems.push(`${page}: ${headings(html, 1).length} main headings`);
    }
    expect(problems).toEqual([]);
  });

  it("states every fact of content/facts.yaml the same way on every page", () => {
    expect(pages.size).toBeGreaterThan(0);
    const statements = new Map([...pages].map(([path, html]) => [path, statementsOf(html)]));
    const facts = { ...content.facts, ...stylistTitleFacts(content.stylists, content.levels) };
    expect(findContradictions(facts, statements).map(describeContradiction)).toEqual([]);
    // Each is stated on some page, so its pattern checks something.
    for (const [name, fact] of Object.entries(content.facts)) {
      const pattern = new RegExp(fact.pattern, "giu");
      const stated = [...statements.values()].some((text) => [...text.matchAll(pattern)].some((m) => !fact.ignore.includes(m.groups!.value!.toLowerCase())));
      expect(stated, `${name} is stated on no page`).toBe(true);
    }
  });

  it("links only to pages and #anchors that exist", async () => {
    expect(pages.size).toBeGreaterThan(0);
    const { problems } = await brokenLinks(pages, get);
    expect(problems).toEqual([]);
  });

  it("lists every page in the sitemap", async () => {
    const xml = await (await get("/sitemap.xml")).text();
    const listed = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname).sort();
    expect(listed).toEqual(expandPages(sitemapSlugsOf(content), { forSitemap: true }).sort());
  });
});
