import { describe, expect, it } from "vitest";
import { crossCheck, settingsSchema, stylistsSchema } from "./content-schema";
import { fixture } from "../../../tests/support/fixture";

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

  it("refuses a stylist slug that is one of the calculator's own pages under /prices/", () => {
    const levelsStylist = [{ ...stylist[0]!, slug: "levels" }];
    expect(crossCheck({ ...base, stylists: levelsStylist, reviews: [] })).toContain(
      "stylist levels: /prices/levels is a page of the calculator; give them another slug",
    );
  });

  it("refuses a sister salon without its booking, and a role named after another level", () => {
    const [ann] = stylist;
    const problems = crossCheck({
      ...base,
      salons: [...base.salons, { id: 1, name: "Sister", website: "https://sister.example.com" }],
      levels: [...base.levels, { id: 7, name: "Team Leader", adapter: 300 }],
      reviews: [],
      stylists: [{ ...ann!, salon: 3, level: 1, role: "team leader" }],
    });
    expect(problems).toEqual([
      "salon Sister: give its booking link, phone and skin-test link (booking: { url, phone, skinTest })",
      'stylist ann: role "team leader" is the name of level 7, not theirs (1); give the role another name',
    ]);
  });

  it("refuses an offer with a level levels.yaml does not have", () => {
    const copy = { offers: { offers: [{ slug: "colour-1", level: 1 }, { slug: "colour-9", level: 9 }] }, notices: [] };
    expect(crossCheck({ ...base, stylists: [], reviews: [], copy })).toEqual(["offer colour-9: unknown level 9"]);
  });

  it("rejects settings with a bad email or a missing day", () => {
    const result = settingsSchema.safeParse({ ...fixture.settings, email: "nope", hours: [] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path[0])).toEqual(expect.arrayContaining(["email", "hours"]));
  });
});

describe("the public pages' copy", () => {
  const { copy, settings } = fixture;

  it("fills placeholders from the settings", () => {
    expect(copy.pages.policies.html).toContain(settings.phone);
    expect(copy.pages["refer-a-friend"].html).toContain(`href="${settings.links.referral}"`);
    expect(copy.pages.about.description).toContain(settings.name);
    // {{month}} and {{endDate}} are filled when a page is shown (the end date can change while the site runs).
    expect(JSON.stringify(copy)).not.toMatch(/\{\{(?!(?:month|endDate)\}\})/);
  });
});
