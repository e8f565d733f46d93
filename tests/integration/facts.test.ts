import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeContradiction, findContradictions, sameFact, stylistTitleFacts } from "../support/fact-check";
import { fixture } from "../support/fixture";
import { statementsOf } from "../support/html";
import { pagePaths } from "../support/public-pages";
import { startTestServer, type TestServer } from "../support/test-server";

// Every fact that more than one page states (tests/fixtures/content/facts.yaml)
// says the same on every public page: the apprentices' diplomas, a level's
// experience, the treatments offered. A copy typed by hand that has gone out
// of date fails here, naming the page and the words.

describe("facts stated on more than one page", () => {
  let server: TestServer;
  const pages = new Map<string, string>();

  beforeAll(async () => {
    server = await startTestServer("sqlite", {}, { pages: true });
    for (const path of pagePaths) {
      const response = await fetch(server.url + path, { redirect: "manual" });
      if (response.status === 200) pages.set(path, statementsOf(await response.text()));
    }
  });
  afterAll(() => server?.close());

  it("agree on every page with the one place they are kept", () => {
    expect(pages.size).toBeGreaterThan(20);
    const facts = { ...fixture.facts, ...stylistTitleFacts(fixture.stylists, fixture.levels) };
    expect(findContradictions(facts, pages).map(describeContradiction)).toEqual([]);
  });

  it("are stated somewhere: each fact's pattern finds it on a page (a pattern that finds nothing checks nothing)", () => {
    for (const [name, fact] of Object.entries(fixture.facts)) {
      const pattern = new RegExp(fact.pattern, "giu");
      const found = [...pages.values()].some((text) => [...text.matchAll(pattern)].some((m) => !fact.ignore.includes(m.groups!.value!.toLowerCase())));
      expect(found, `${name} is stated on no page`).toBe(true);
    }
  });

  it("catch a contradicting copy added to a page", () => {
    const withCopy = new Map(pages);
    withCopy.set("/joinus", `${pages.get("/joinus")} Our trainees finish with a Level 4 diploma.`);
    withCopy.set("/about", `${pages.get("/about")} Our Graduates are newly qualified.`);
    const lead = fixture.stylists.find((s) => s.role)!;
    const otherLevel = fixture.levels.find((l) => l.id !== lead.level)!;
    withCopy.set("/team", `${pages.get("/team")} Book with ${lead.first_name} ${lead.last_name}, ${otherLevel.name} at the school.`);
    const found = findContradictions({ ...fixture.facts, ...stylistTitleFacts(fixture.stylists, fixture.levels) }, withCopy);
    expect(found.map((c) => [c.fact, c.page])).toEqual([
      ["apprenticeDiplomas", "/joinus"],
      ["graduateExperience", "/about"],
      [`title of ${lead.slug}`, "/team"],
    ]);
  });
});

describe("the fact check itself", () => {
  it.each([
    ["two to three years", "2–3 years", true],
    ["Two to three years", "2-3 years", true],
    ["Level 2 and Level 3", "level 2 and a level 3", true],
    ["Level 2 and Level 3", "level 2 and 3", true],
    ["Level 2 and Level 3", "Level 2", false],
    ["two to three years", "newly qualified", false],
  ])("'%s' and '%s' state the same fact: %s", (a, b, same) => {
    expect(sameFact(a, b)).toBe(same);
  });

  it("finds a statement that disagrees, and passes one that agrees", () => {
    const pages = new Map([
      ["/a", "Our trainees work towards their Level 2 and Level 3 diplomas."],
      ["/b", "Our trainees work towards a Level 4 diploma."],
      ["/c", "Ask about our bond repair treatment or a revitalise treatment."],
    ]);
    expect(findContradictions(fixture.facts, pages).map((c) => [c.page, c.found])).toEqual([
      ["/b", "trainees work towards a Level 4 diploma"],
      ["/c", "revitalise treatment"],
    ]);
  });

  it("holds a stylist to their own role or level name", () => {
    const lead = fixture.stylists.find((s) => s.role)!;
    const facts = stylistTitleFacts(fixture.stylists, fixture.levels);
    const own = fixture.levels.find((l) => l.id === lead.level)!.name;
    const other = fixture.levels.find((l) => l.id !== lead.level)!.name;
    const pages = new Map([
      ["/ok", `${lead.first_name} ${lead.last_name}, ${lead.role} at the school. ${lead.first_name}, our ${own}, says hello.`],
      ["/bad", `${lead.first_name}, ${other} at the school.`],
    ]);
    expect(findContradictions(facts, pages).map((c) => c.page)).toEqual(["/bad"]);
  });
});
