import { describe, expect, it } from "vitest";
import { checkQuote, levelOfferedAt } from "~/modules/pricing/pricing";
import { fixture } from "../tests/support/fixture";
import { phaseProblems, quotesFromCatalogue, type PhaseFigures } from "./bench-faults-rules";

const catalogue = { salons: fixture.salons, levels: fixture.levels, stylists: fixture.stylists, services: fixture.services };

describe("finding: bench:faults prints PASS while it saves no quote (it asks salon 1 for a level it does not have)", () => {
  it("posts only quotes the catalogue allows, at every salon, by level and by stylist", () => {
    const quotes = quotesFromCatalogue(catalogue);
    expect(quotes.length).toBeGreaterThan(10);
    for (const quote of quotes) {
      const stylist = quote.selector === "Stylist" ? fixture.stylists.find((s) => s.id === quote.stylist_id)! : undefined;
      if (stylist) expect(stylist.taking_new_clients).toBe(true);
      const levelId = stylist ? stylist.level : quote.selector === "Level" ? quote.level_id : -1;
      if (!stylist) expect(levelOfferedAt(levelId, quote.salon_id, fixture.stylists), JSON.stringify(quote)).toBe(true);
      expect(checkQuote(quote.service_ids, fixture.services, fixture.levels.find((l) => l.id === levelId)!).ok, JSON.stringify(quote)).toBe(true);
    }
    expect(new Set(quotes.map((q) => q.salon_id))).toEqual(new Set(fixture.salons.map((s) => s.id)));
    expect(new Set(quotes.map((q) => q.selector))).toEqual(new Set(["Level", "Stylist"]));
  });

  it("never makes the old choice, the first salon with the first level, which the fixture's salon 1 does not have", () => {
    const [salon] = fixture.salons;
    const [level] = fixture.levels;
    expect(levelOfferedAt(level!.id, salon!.id, fixture.stylists)).toBe(false);
    expect(quotesFromCatalogue(catalogue).some((q) => q.selector === "Level" && q.salon_id === salon!.id && q.level_id === level!.id)).toBe(false);
  });
});

describe("finding: bench:faults sends no text in its 'provider answers 500' phase, and still passes", () => {
  const good: PhaseFigures = {
    name: "texts answered 500",
    mailDown: false,
    textsRefused: true,
    quotes: 40,
    emails: 130,
    emailsDelivered: 130,
    texts: 40,
    textsDelivered: 40,
    emailsRetried: 0,
    textsRefusedByProvider: 45,
    doubled: 0,
  };

  it("passes a phase that moved traffic and met its fault", () => {
    expect(phaseProblems(good)).toEqual([]);
  });

  it.each([
    ["saved no quote", { quotes: 0 }, '"texts answered 500" saved no quote'],
    ["queued no email", { emails: 0, emailsDelivered: 0 }, '"texts answered 500" queued no email'],
    ["queued no text", { texts: 0, textsDelivered: 0 }, '"texts answered 500" queued no text'],
    ["asked the refusing provider for no text", { textsRefusedByProvider: 0 }, '"texts answered 500": no text was asked for while the provider answered 500'],
    ["tried no email while the mail server was down", { mailDown: true, emailsRetried: 0 }, '"texts answered 500": no email of the phase was tried while the mail server was down'],
    ["lost a text", { textsDelivered: 39 }, '"texts answered 500": 1 text(s) never delivered'],
    ["delivered one twice", { doubled: 1 }, '"texts answered 500": 1 extra deliveries'],
  ])("fails a phase that %s", (_what, change, problem) => {
    expect(phaseProblems({ ...good, ...change })).toEqual([problem]);
  });
});
