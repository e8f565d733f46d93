import { describe, expect, it } from "vitest";
import { levelGuide } from "./level-guide";
import { fixture, salons } from "../../../tests/support/fixture";

describe("the levels explained to visitors", () => {
  const guide = levelGuide(fixture.levels, fixture.salons, fixture.stylists, salons.school.id);

  it("gives every level its words from the content, in level order", () => {
    expect(guide.map((l) => l.id)).toEqual(fixture.levels.map((l) => l.id));
    expect(guide[0]).toMatchObject({ name: "New Starter", description: fixture.levels[0]!.description });
    expect(guide.every((l) => l.description.length > 0)).toBe(true);
  });

  it("names the salons where someone works at each level, this site's own first", () => {
    expect(guide.find((l) => l.id === 3)!.salons).toEqual([salons.school.name]);
    expect(guide.find((l) => l.id === 5)!.salons).toEqual([salons.other.name, salons.sister.name]);
    expect(guide.find((l) => l.id === 2)!.salons).toEqual([]);
  });
});
