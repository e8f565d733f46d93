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

describe("the public pages' copy", () => {
  const { copy, stylists } = loadContent("content");

  it("has every offer of the spec, with its code and discount", () => {
    const bySlug = new Map(copy.offers.offers.map((o) => [o.slug, o]));
    for (const slug of ["general", "new-starter", "apprentice-stylist", "junior-stylist", "graduate", "autumn", "newyear", "spring"]) {
      expect(bySlug.has(slug), slug).toBe(true);
    }
    expect(bySlug.get("apprentice-stylist")?.code).toBe("APPRENTICE25");
    expect(bySlug.get("junior-stylist")?.code).toBe("JUNIOR25");
    expect(bySlug.get("autumn")?.code).toBe("AUTUMN OFFER");
    const tied = copy.offers.offers.filter((o) => o.stylist);
    expect(tied).toHaveLength(2);
    const graduate = tied.find((o) => o.headline === "30% off")!;
    const first = stylists.find((s) => s.slug === graduate.stylist)!.first_name;
    expect(graduate.code).toBe(`${first.toUpperCase()}30`);
    expect(copy.offers.offers.filter((o) => o.sms).map((o) => o.slug)).toEqual(["newyear", "spring"]);
  });

  it("fills placeholders from the settings", () => {
    expect(copy.pages.policies.html).toContain("01632 960 412");
    expect(copy.pages.about.html).toContain('href="https://bookings.example.com/base-hair-academy"');
    expect(JSON.stringify(copy)).not.toMatch(/\{\{(?!month\}\})/);
  });

  it("has five staff-move notices, four of them about stylists of the group", () => {
    expect(copy.notices).toHaveLength(5);
    expect(copy.notices.filter((n) => n.stylist)).toHaveLength(4);
  });
});
