import { describe, expect, it } from "vitest";
import { canChoose, parseState, patchSearch, quoteChoicesOf, resolveState, startSearch, viewOf, type CalculatorCatalogue } from "./calculator-state";
import { calculatorStylist } from "./calculator-catalogue.server";
import { NEW_STARTER_MENS_CUT_MESSAGE } from "./pricing";
import { fixture as content, people, salons, services } from "../../../tests/support/fixture";

const catalogue: CalculatorCatalogue = {
  services: content.services,
  levels: content.levels,
  salons: content.salons.map(({ id, name }) => ({ id, name })),
  stylists: content.stylists.map((s) => calculatorStylist({ ...s, remote_image: "", para_2: "", para_3: null })),
};

const resolve = (search: string) => {
  const raw = parseState(new URLSearchParams(search));
  if (!raw.type) throw new Error("no type");
  return resolveState({ ...raw, type: raw.type }, catalogue);
};

describe("calculator state in the address bar", () => {
  it("starts a type with the selections reset", () => {
    expect(startSearch("Colour", true)).toBe("?type=colour&regular=yes");
    expect(parseState(new URLSearchParams("type=men&regular=no&by=level&level=3&cut=25&mcol=none"))).toMatchObject({
      type: "Men",
      regular: false,
      selector: "Level",
      levelId: 3,
      selections: { mensCut: 25, mensColour: "none" },
    });
  });

  it("patches one parameter and keeps the rest", () => {
    const params = new URLSearchParams("type=colour&by=level&level=3&colour=7");
    expect(patchSearch(params, { levelId: 4 })).toBe("?type=colour&by=level&level=4&colour=7");
    expect(patchSearch(params, { selections: { colour: null }, category: "foils" })).toBe("?type=colour&by=level&level=3&cat=foils");
  });

  it("opens and closes the page's views without touching the choices", () => {
    const params = new URLSearchParams("type=men&by=stylist&cut=25");
    const open = patchSearch(params, { about: "kieran" });
    expect(open).toBe("?type=men&by=stylist&cut=25&about=kieran");
    expect(viewOf(new URLSearchParams(open))).toEqual({ about: "kieran" });
    expect(patchSearch(new URLSearchParams(open), { about: null })).toBe("?type=men&by=stylist&cut=25");
    expect(viewOf(params)).toEqual({ about: undefined });
  });

  it("ignores nonsense in the address", () => {
    expect(parseState(new URLSearchParams("type=perm&level=-1&colour=abc&budget=x"))).toMatchObject({
      type: undefined,
      levelId: undefined,
      selections: {},
      budget: undefined,
    });
  });
});

describe("resolveState", () => {
  it("walks the colour flow's steps in order, skipping the add-on for roots", () => {
    const at = `type=colour&by=level&salon=${salons.school.id}`;
    expect(resolve(at).current).toBe("level");
    expect(resolve(`${at}&level=3`).current).toBe("colour");
    expect(resolve(`${at}&level=3&colour=${services.fullHead.id}`).current).toBe("colourAddOn");
    expect(resolve(`${at}&level=3&colour=${services.roots.id}`).steps).toEqual(["level", "colour", "plex", "finish", "finishAddOn"]);
    const done = resolve(`${at}&level=3&colour=${services.fullHead.id}&addon=${services.gloss.id}&plex=none&finish=${services.cut.id}&fadd=none`);
    expect(done.complete).toBe(true);
    expect(done.current).toBeUndefined();
    // Level 3 (adapter 100): (22*2 = 44 + 9) + (7*2 = 14 + 2) + 18*2: 53 + 16 + 36 = 105
    expect(done.total).toBe(105);
  });

  it("sets the level from a chosen stylist", () => {
    const state = resolve(`type=cutting&by=stylist&stylist=${people.improver.slug}&level=7`);
    expect(state.level?.id).toBe(people.improver.level);
    expect(state.salon?.id).toBe(salons.school.id);
    expect(state.current).toBe("finish");
  });

  it("starts at this site's own salon when the catalogue names it, else at the spec's salon 2", () => {
    expect(resolve("type=cutting&by=level").salon?.id).toBe(salons.sister.id);
    expect(resolveState({ ...parseState(new URLSearchParams("by=level")), type: "CuttingStyling" }, { ...catalogue, homeSalonId: salons.school.id }).salon?.id).toBe(
      salons.school.id,
    );
  });

  it("does not choose a level nobody at the salon works at, and says which", () => {
    // The school has levels 1, 3 and 4; the other salon only 5.
    const state = resolve(`type=men&by=level&salon=${salons.other.id}&level=3&cut=${services.mensCut.id}&mcol=none`);
    expect(state.level).toBeUndefined();
    expect(state.unavailableLevel?.id).toBe(3);
    expect(state.current).toBe("level");
    expect(state.complete).toBe(false);
    expect(resolve(`type=men&by=level&salon=${salons.school.id}&level=3`).level?.id).toBe(3);
    // A chosen stylist sets their own level, wherever the visitor meant to go.
    expect(resolve(`type=men&by=stylist&salon=${salons.other.id}&stylist=${people.improver.slug}`).level?.id).toBe(people.improver.level);
  });

  it("takes a colour's bond-building and add-on off with it, so no total has them alone", () => {
    // Balayage with bond-building at level 3, then down to the New Starter level, which may not do balayage.
    const search = `type=colour&by=level&salon=${salons.school.id}&cat=balayage&colour=${services.balayage.id}&plex=${services.plex.id}&finish=${services.cut.id}&fadd=none`;
    expect(resolve(`${search}&level=3`).services.map((s) => s.id)).toEqual([services.balayage.id, services.plex.id, services.cut.id]);
    const down = resolve(`${search}&level=1`);
    expect(down.services.map((s) => s.id)).toEqual([services.cut.id]);
    expect(down.selections.plex).toBeUndefined();
    expect(down.dropped.map((d) => d.service.id)).toEqual([services.balayage.id, services.plex.id]);
    expect(down.dropped[1]!.reason).toContain("goes with the colour");
    expect(quoteChoicesOf(down).service_ids).toEqual([services.cut.id]);
    // An add-on or bond-building in the address with no colour is simply not chosen.
    expect(resolve(`type=colour&by=level&level=3&plex=${services.plex.id}`).selections).toEqual({});
  });

  it("chooses the only colour of a category instead of asking", () => {
    const state = resolve(`type=colour&by=level&salon=${salons.school.id}&level=3&cat=balayage`);
    expect(state.selections.colour).toBe(services.balayage.id);
    expect(state.current).toBe("plex");
    expect(resolve(`type=colour&by=level&salon=${salons.school.id}&level=3&cat=foils`).current).toBe("colour");
  });

  it("drops what the level may not do, with the reason", () => {
    const state = resolve(`type=men&by=level&salon=${salons.school.id}&level=1&cut=${services.mensCut.id}&mcol=${services.mensColour.id}`);
    expect(state.selections).toEqual({ mensColour: services.mensColour.id });
    expect(state.dropped).toEqual([{ service: expect.objectContaining({ id: services.mensCut.id }), reason: NEW_STARTER_MENS_CUT_MESSAGE }]);
    expect(state.complete).toBe(false);
  });

  it("drops an add-on that does not go with the colour", () => {
    expect(resolve(`type=colour&by=level&level=3&colour=${services.fullHead.id}&addon=${services.foilsToner.id}`).selections.colourAddOn).toBeUndefined();
  });

  it("lets an edit reopen an answered step", () => {
    expect(resolve(`type=men&by=level&level=3&cut=${services.mensCut.id}&mcol=none&edit=level`).current).toBe("level");
  });

  it("prices nothing without a level (budget mode), but completes", () => {
    const state = resolve(`type=cutting&by=budget&finish=${services.cut.id}&fadd=none&treat=none`);
    expect(state.complete).toBe(true);
    expect(state.items).toEqual([]);
    expect(state.services.map((s) => s.id)).toEqual([services.cut.id]);
  });
});

describe("quoteChoicesOf", () => {
  it("saves a level quote without a stylist", () => {
    expect(quoteChoicesOf(resolve(`type=men&by=level&level=3&salon=${salons.other.id}&cut=${services.mensCut.id}&mcol=none&regular=no`))).toEqual({
      salon_id: salons.other.id,
      regular: false,
      selector: "Level",
      level_id: 3,
      stylist_id: null,
      service_ids: [services.mensCut.id],
    });
  });

  it("saves a budget quote with its stylist, at the stylist's level", () => {
    const { improver } = people;
    const state = resolve(`type=cutting&by=budget&budget=40&stylist=${improver.slug}&finish=${services.cut.id}&fadd=none&treat=none&regular=yes`);
    expect(quoteChoicesOf(state)).toMatchObject({ selector: "Stylist", stylist_id: improver.id, level_id: improver.level, regular: true, service_ids: [services.cut.id] });
  });

  it("leaves out what the address does not say, for the server to refuse", () => {
    expect(quoteChoicesOf(resolve("type=men&by=level"))).toMatchObject({ level_id: undefined, regular: undefined, service_ids: [] });
  });
});

describe("finding: a returning client could not choose a stylist who takes no new clients", () => {
  it.each([
    [true, undefined, true],
    [true, false, true],
    [true, true, true],
    [false, undefined, false],
    [false, false, false],
    [false, true, true],
  ] as const)("taking new clients %s, regular %s: may choose %s", (taking, regular, expected) => {
    expect(canChoose({ taking_new_clients: taking }, regular)).toBe(expected);
  });
});
