import { describe, expect, it } from "vitest";
import { drawingBackdrop, drawingOf, drawnSize, logoLines, logoSvg, type DrawingSources } from "./artwork";
import { portraitHintsSchema } from "~/modules/catalogue/portrait-hints";
import { hairColours, hairstyles, lookFor, portraitSvg, skinTones } from "./portrait-art";
import { salonSvg, sceneSvg, workSvg } from "./scene-art";

const sources: DrawingSources = {
  stylist: async (slug) => (slug === "freya" ? { name: "Freya Lawson", hints: { hair: "bob" } } : undefined),
  salon: async (id) => (id === 3 ? { name: "Base Hair Academy" } : undefined),
};

const slugs = ["freya", "nadia", "ellie", "jordan", "maya", "kieran", "zara", "tegan", "ruby", "alfie", "harriet", "marcus"];

describe("portraits", () => {
  it("draw the same person for the same slug, and someone else for another", () => {
    expect(portraitSvg("freya", "Freya Lawson")).toBe(portraitSvg("freya", "Freya Lawson"));
    expect(portraitSvg("freya", "Freya Lawson")).not.toBe(portraitSvg("nadia", "Nadia Rahman"));
  });

  it("vary hairstyle, hair colour and skin tone across a team", () => {
    const looks = slugs.map((slug) => lookFor(slug));
    expect(new Set(looks.map((l) => l.style)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(looks.map((l) => l.hair.name)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(looks.map((l) => l.skin)).size).toBeGreaterThanOrEqual(3);
  });

  it("follow the content's hints, and choose the rest from the slug", () => {
    const look = lookFor("freya", { hair: "curls", colour: "copper", skin: 6, beard: true });
    expect(look).toMatchObject({ style: "curls", hair: { name: "copper" }, skin: skinTones[5], beard: true });
    expect(lookFor("freya", { hair: "curls" }).backdrop).toEqual(lookFor("freya").backdrop);
    // A beard is never guessed from a name.
    expect(slugs.every((slug) => !lookFor(slug).beard)).toBe(true);
  });

  it("check the hints as content, naming what is wrong", () => {
    expect(portraitHintsSchema.safeParse({ hair: "mohican" }).success).toBe(false);
    expect(portraitHintsSchema.safeParse({ skin: 7 }).success).toBe(false);
    expect(portraitHintsSchema.safeParse({ hiar: "bob" }).success).toBe(false);
    expect(portraitHintsSchema.parse({ hair: hairstyles[0], colour: hairColours[0]!.name, skin: 1 })).toBeTruthy();
  });

  it("escape the name so a picture cannot carry markup", () => {
    expect(portraitSvg("x", '<script>"x"</script>')).not.toContain("<script>");
  });
});

describe("scenes", () => {
  it("draw what the name says: a colour bowl for colour, a gift box for gifts, a bottle for shampoo", () => {
    // The bowl's dye is a violet for toning; the box has a bow; a pump bottle has a pump.
    expect(sceneSvg("store", "tile-violet-toning-conditioner")).toContain("#7E6A9E");
    expect(sceneSvg("store", "banner-gift-sets")).toContain("M0 -68 C-30 -120");
    expect(sceneSvg("store", "tile-colour-keep-shampoo")).toBe(sceneSvg("store", "tile-colour-keep-shampoo"));
    expect(sceneSvg("blog", "a")).not.toBe(sceneSvg("blog", "b"));
  });

  it("are 16:9 and named for what they show", () => {
    for (const svg of [sceneSvg("blog", "open-evening"), salonSvg("salon-3", "Base Hair Academy"), workSvg("freya-1")]) {
      expect(svg).toMatch(/viewBox="0 0 1200 675"/);
    }
    expect(sceneSvg("blog", "open-evening")).toContain('aria-label="open evening"');
  });
});

describe("drawings by kind and name", () => {
  it("draw only names that stand for something", async () => {
    expect(await drawingOf("team", "freya", sources)).toContain('aria-label="Freya Lawson"');
    expect(await drawingOf("team", "nobody", sources)).toBeUndefined();
    expect(await drawingOf("salons", "salon-3-logo", sources)).toContain(">Academy</text>");
    expect(await drawingOf("salons", "salon-3", sources)).toContain('aria-label="Base Hair Academy"');
    expect(await drawingOf("salons", "salon-9", sources)).toBeUndefined();
    expect(await drawingOf("salons", "kingsway", sources)).toBeUndefined();
    expect(await drawingOf("blog", "open-evening", sources)).toContain("<svg");
  });

  it("know each drawing's size and background, for a placeholder that matches it", async () => {
    expect(drawnSize("team", "freya")).toEqual({ width: 400, height: 500 });
    expect(drawnSize("salons", "salon-3-logo")).toEqual({ width: 320, height: 120 });
    expect(drawnSize("offers", "general")).toEqual({ width: 1200, height: 675 });
    for (const [kind, name] of [["blog", "open-evening"], ["salons", "salon-3"], ["work", "freya-1"]] as const) {
      const svg = (await drawingOf(kind, name, sources))!;
      expect(svg).toContain(`<rect width="1200" height="675" fill="${drawingBackdrop(kind, name)}"/>`);
    }
    expect(portraitSvg("freya", "Freya", { hair: "bob" })).toContain(`<rect width="400" height="500" fill="${drawingBackdrop("team", "freya", { hair: "bob" })}"/>`);
    expect(drawingBackdrop("salons", "salon-3-logo")).toBeUndefined();
  });

  it("set a long salon name on two balanced lines so it fits the logo", () => {
    expect(logoLines("Kingsway Hairdressing")).toEqual(["Kingsway", "Hairdressing"]);
    expect(logoLines("Base Hair Academy")).toEqual(["Base Hair", "Academy"]);
    expect(logoLines("Northgate")).toEqual(["Northgate"]);
    expect(logoSvg("Base Hair Academy")).toContain(">Academy</text>");
  });
});
