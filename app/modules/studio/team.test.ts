import { describe, expect, it } from "vitest";
import { planStylistCreate, stylistReadiness } from "./team";

const levels = [
  { id: 2, name: "Trainee", adapter: 50 },
  { id: 1, name: "New Starter", adapter: 0 },
  { id: 4, name: "Graduate", adapter: 160 },
];

describe("a hidden stylist's checklist", () => {
  it("lists a missing photo, words beyond the first paragraph and the lowest level as still to do", () => {
    const items = stylistReadiness({ first_name: "Ada", level: 1, para_2: undefined }, { hasPhoto: false, levels });
    expect(items.map((i) => [i.key, i.done])).toEqual([
      ["photo", false],
      ["words", false],
      ["level", false],
    ]);
    expect(items[2]!.words).toContain("New Starter, the lowest");
  });

  it("ticks each one off once it is there", () => {
    const items = stylistReadiness({ first_name: "Ada", level: 4, para_2: "She loves a sleek bob." }, { hasPhoto: true, levels });
    expect(items.every((i) => i.done)).toBe(true);
    expect(items[2]!.words).toBe("Their level: Graduate");
  });
});

describe("adding a stylist", () => {
  const files = new Map([
    ["stylists.yaml", "- { id: 1, first_name: Rosa, last_name: Whitlock, slug: rosa, level: 4, salon: 1, para_1: Hi }\n"],
    ["levels.yaml", "- { id: 1, name: New Starter, adapter: 0, description: x }\n"],
    ["salons.yaml", "- { id: 1, name: Base }\n"],
  ]);
  const input = { first_name: "Ada", last_name: "Lake", level: 1, salon: 1, para_1: "Ada joined us this spring." };
  it("keeps them hidden when asked, and says so in the history", () => {
    const planned = planStylistCreate(files, { ...input, hidden: true });
    if ("kind" in planned) throw new Error(planned.message);
    expect(planned.planned.changes[0]!.after).toMatchObject({ slug: "ada", hidden: true });
    expect(planned.planned.summary).toBe("Added Ada Lake to Base, hidden until shown");
    const shown = planStylistCreate(files, input);
    if ("kind" in shown) throw new Error(shown.message);
    expect(shown.planned.changes[0]!.after).not.toHaveProperty("hidden");
  });
});
