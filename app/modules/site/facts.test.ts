import { describe, expect, it } from "vitest";
import { findContradictions, sameFact, stylistTitleFacts } from "./facts";
import { fixture } from "../../../tests/support/fixture";

describe("facts", () => {
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
