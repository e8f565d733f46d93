import { describe, expect, it } from "vitest";
import { loadContent } from "~/modules/content/load-content.server";
import { parseState, patchSearch, resolveState, startSearch, type CalculatorCatalogue } from "./calculator-state";
import { NEW_STARTER_MENS_CUT_MESSAGE } from "./pricing";

const content = loadContent("content");
const catalogue: CalculatorCatalogue = {
  services: content.services,
  levels: content.levels,
  salons: content.salons.map(({ id, name }) => ({ id, name })),
  stylists: content.stylists.map((s) => ({
    id: s.id,
    first_name: s.first_name,
    last_name: s.last_name,
    slug: s.slug,
    level: s.level,
    salon: s.salon,
    image: "",
    bio: [s.para_1],
    taking_new_clients: s.taking_new_clients,
  })),
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
    expect(resolve("type=colour&by=level").current).toBe("level");
    expect(resolve("type=colour&by=level&level=2").current).toBe("colour");
    expect(resolve("type=colour&by=level&level=2&colour=7").current).toBe("colourAddOn");
    expect(resolve("type=colour&by=level&level=2&colour=5").steps).toEqual(["level", "colour", "plex", "finish", "finishAddOn"]);
    const done = resolve("type=colour&by=level&level=2&colour=7&addon=19&plex=none&finish=1&fadd=none");
    expect(done.complete).toBe(true);
    expect(done.current).toBeUndefined();
    // (20*140/100 = 28 + 8) + (6*1.4 = 8.4 + 2 = 10.4 → 10) + 16*1.4 = 22.4 → 22: 36 + 10 + 22 = 68
    expect(done.total).toBe(68);
  });

  it("sets the level from a chosen stylist", () => {
    const state = resolve("type=cutting&by=stylist&stylist=kieran&level=9");
    expect(state.level?.id).toBe(2);
    expect(state.salon?.id).toBe(3);
    expect(state.current).toBe("finish");
  });

  it("defaults the salon to 2", () => {
    expect(resolve("type=cutting&by=level").salon?.id).toBe(2);
  });

  it("drops what the level may not do, with the reason", () => {
    const state = resolve("type=men&by=level&level=1&cut=25&mcol=27");
    expect(state.selections).toEqual({ mensColour: 27 });
    expect(state.dropped).toEqual([{ service: expect.objectContaining({ id: 25 }), reason: NEW_STARTER_MENS_CUT_MESSAGE }]);
    expect(state.complete).toBe(false);
  });

  it("drops an add-on that does not go with the colour", () => {
    expect(resolve("type=colour&by=level&level=3&colour=7&addon=17").selections.colourAddOn).toBeUndefined();
  });

  it("lets an edit reopen an answered step", () => {
    expect(resolve("type=men&by=level&level=3&cut=25&mcol=none&edit=level").current).toBe("level");
  });

  it("prices nothing without a level (budget mode), but completes", () => {
    const state = resolve("type=cutting&by=budget&finish=1&fadd=none&treat=none");
    expect(state.complete).toBe(true);
    expect(state.items).toEqual([]);
    expect(state.services.map((s) => s.id)).toEqual([1]);
  });
});
