import { describe, expect, it } from "vitest";
import { groupByLevel, sameDealKey, withoutLevelName, type LevelOfferFields } from "./level-offers";

const levels = [
  { id: 1, name: "New Starter" },
  { id: 2, name: "Trainee" },
  { id: 3, name: "Improver" },
  { id: 5, name: "Stylist" },
  { id: 6, name: "Senior Stylist" },
];

/** A Trainee's quarter off colour; each case changes what it says. */
const base: LevelOfferFields = {
  slug: "colour-trainee",
  level: 2,
  title: "A quarter off colour on Thursdays",
  headline: "25% off",
  summary: "A quarter off any colour on a Thursday.",
  description: "Take 25% off any colour with a Trainee on a Thursday at the academy, with the code THURSDAY25.",
  body: ["Our Trainees colour with a teacher beside them."],
  code: "THURSDAY25",
  howToClaim: "Give the code when you book.",
  details: ["Thursdays only.", "With any of our Trainees."],
  terms: ["One colour per visit."],
  links: [{ label: "Meet the Trainees", href: "/team" }],
  audience: "new",
  services: ["colour"],
  startDate: "2026-01-01",
  endDate: "2099-12-31",
  prices: [{ label: "Colour and blow-dry", price: 45, was: 60 }],
};

/** The same offer at another level: its own slug, level, words naming that level, and prices worked out at it. */
const at = (level: number, name: string, change: Partial<LevelOfferFields> = {}): LevelOfferFields => {
  const named = (w: string) => w.replaceAll("Trainee", name);
  return {
    ...base,
    slug: `colour-${level}`,
    level,
    description: named(base.description),
    body: base.body.map(named),
    details: base.details.map(named),
    links: base.links.map((l) => ({ ...l, label: named(l.label) })),
    prices: [{ label: "Colour and blow-dry", price: 45 + level * 10, was: 60 + level * 10 }],
    ...change,
  };
};
const improver = (change: Partial<LevelOfferFields> = {}) => at(3, "Improver", change);

describe("withoutLevelName", () => {
  it.each([
    ["With any of our Trainees.", "Trainee", "With any of our {level}s."],
    ["with a trainee", "Trainee", "with a {level}"],
    ["our Senior Stylists", "Senior Stylist", "our {level}s"],
    // Not inside another word: a Stylist offer that names Senior Stylists still says "Senior".
    ["our Senior Stylists", "Stylist", "our Senior {level}s"],
    ["Restylist", "Stylist", "Restylist"],
    ["Roots (2 hrs)", "(2", "Roots {level} hrs)"],
    ["Nothing to set aside", "", "Nothing to set aside"],
  ])("%j without %j is %j", (words, name, expected) => {
    expect(withoutLevelName(words, name)).toBe(expected);
  });
});

describe("differ only by level", () => {
  it.each<[string, Partial<LevelOfferFields>, boolean]>([
    ["the level, its name in the words and the prices' figures", {}, true],
    ["a different slug's publish moment", { publish_at: "2026-12-01T09:00:00Z" } as Partial<LevelOfferFields>, true],
    ["the title", { title: "A quarter off colour on Fridays" }, false],
    ["the headline", { headline: "20% off" }, false],
    ["the summary", { summary: "A quarter off any colour." }, false],
    ["the description beyond the level", { description: "Take 25% off any colour with an Improver on a Thursday at the academy, with the code THURSDAY25." }, false],
    ["the body", { body: ["Our Improvers colour on their own."] }, false],
    ["the code", { code: "IMPROVER25" }, false],
    ["no code", { code: undefined }, false],
    ["how to claim", { howToClaim: "Mention the offer when you arrive." }, false],
    ["the details (the days)", { details: ["Tuesdays only.", "With any of our Improvers."] }, false],
    ["the offer's own small print", { terms: [] }, false],
    ["a link's address", { links: [{ label: "Meet the Improvers", href: "/team/improvers" }] }, false],
    ["the welcome-back wording", { sms: { heading: "Come back", intro: ["We missed you."] } }, false],
    ["the audience", { audience: "everyone" }, false],
    ["the services", { services: ["colour", "treatments"] }, false],
    ["every service (none named)", { services: [] }, false],
    ["the stylist", { stylist: "rosa" }, false],
    ["the first day", { startDate: "2026-02-01" }, false],
    ["the last day", { endDate: undefined }, false],
    ["an example price's label", { prices: [{ label: "Colour and cut", price: 75, was: 100 }] }, false],
    ["how many example prices", { prices: [] }, false],
    ["a price without one before the offer", { prices: [{ label: "Colour and blow-dry", price: 75 }] }, false],
    ["no level", { level: undefined }, false],
    ["the same level", { level: 2 }, false],
  ])("two offers differing in %s are one card: %s", (_what, change, together) => {
    const cards = groupByLevel([base, improver(change)], levels);
    expect(cards.map((c) => c.map((o) => o.slug))).toEqual(together ? [["colour-trainee", "colour-3"]] : [["colour-trainee"], [change.slug ?? "colour-3"]]);
  });

  it("has no key for an offer without a level, or a level levels.yaml does not name", () => {
    expect(sameDealKey({ ...base, level: undefined }, "Trainee")).toBeUndefined();
    expect(sameDealKey(base, undefined)).toBeUndefined();
    expect(groupByLevel([base, at(9, "Nobody")], levels)).toHaveLength(2);
  });

  it("puts a card where its first offer stood, its levels in the levels' order, and a repeated level in a card of its own", () => {
    const alone = { ...base, slug: "gloss", level: undefined, title: "Free gloss", headline: "Free gloss" };
    const stylist = at(5, "Stylist");
    const cards = groupByLevel([stylist, alone, base, improver(), { ...improver(), slug: "colour-3-again" }, at(1, "New Starter")], levels);
    expect(cards.map((c) => c.map((o) => o.slug))).toEqual([["colour-1", "colour-trainee", "colour-3", "colour-5"], ["gloss"], ["colour-3-again"]]);
  });

  it("keeps apart a Stylist's and a Senior Stylist's offers that name the other level", () => {
    const senior = at(6, "Senior Stylist", { body: ["Our Senior Stylists lead, our Stylists follow."] });
    const stylist = at(5, "Stylist", { body: ["Our Senior Stylists lead, our Stylists follow."] });
    expect(groupByLevel([stylist, senior], levels)).toHaveLength(2);
  });
});
