import { describe, expect, it } from "vitest";
import { crossCheck, settingsSchema, stylistsSchema } from "./content-schema";
import { loadContent } from "./load-content.server";

describe("the shipped content", () => {
  const content = loadContent("content");

  it("has the brief's salons, levels and full price list", () => {
    expect(content.salons.map((s) => s.id)).toEqual([1, 2, 3]);
    expect(content.levels.map((l) => l.adapter)).toEqual([0, 40, 90, 150, 200, 250, 300, 340, 380]);
    expect(content.services).toHaveLength(27);
  });

  it("has ten academy stylists at levels 1 to 4 with three-paragraph biographies, one not taking new clients", () => {
    const academy = content.stylists.filter((s) => s.salon === 3);
    expect(academy).toHaveLength(10);
    expect(academy.every((s) => s.level >= 1 && s.level <= 4 && s.para_3)).toBe(true);
    expect(academy.filter((s) => !s.taking_new_clients)).toHaveLength(1);
    const sisters = content.stylists.filter((s) => s.salon !== 3);
    expect(sisters.every((s) => s.level >= 5 && s.level <= 9)).toBe(true);
  });

  it("has about twenty reviews and eight blog posts", () => {
    expect(content.reviews.length).toBeGreaterThanOrEqual(18);
    expect(content.blogPosts).toHaveLength(8);
  });
});

describe("content checks", () => {
  const base = {
    salons: [{ id: 3, name: "Academy", website: "/" }],
    levels: [{ id: 1, name: "New Starter", adapter: 0 }],
    services: [],
    reviews: [{ review: "Lovely", client: "A. B.", stylist: "ghost" }],
  };
  const stylist = stylistsSchema.parse([
    {
      id: 1,
      first_name: "Ann",
      last_name: "Lee",
      slug: "ann",
      level: 7,
      salon: 9,
      favourite_style: "Bobs",
      average_price: 30,
      photo_profile: "https://photos.example.com/ann",
      para_1: "One.",
      para_2: "Two.",
    },
  ]);

  it("names each reference that points nowhere", () => {
    expect(crossCheck({ ...base, stylists: [...stylist, ...stylist] })).toEqual([
      "stylist id 1 appears twice",
      "stylist slug ann appears twice",
      "stylist ann: unknown salon 9",
      "stylist ann: unknown level 7",
      "stylist ann: unknown salon 9",
      "stylist ann: unknown level 7",
      "review 1: unknown stylist ghost",
    ]);
  });

  it("rejects settings with a bad email or a missing day", () => {
    const result = settingsSchema.safeParse({ ...loadContent("content").settings, email: "nope", hours: [] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path[0])).toEqual(expect.arrayContaining(["email", "hours"]));
  });
});
