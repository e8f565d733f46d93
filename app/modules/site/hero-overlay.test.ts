import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { contrast, HERO_OVERLAY, HERO_TEXT, heroOverlayClasses, hexRgb, underOverlay } from "./hero-overlay";

const AA = 4.5;
const underText = [HERO_OVERLAY.tint, HERO_OVERLAY.underText];
const ratio = (text: string, pixel: readonly [number, number, number]) => contrast(hexRgb(text), underOverlay(pixel, underText));

describe("the hero's overlay", () => {
  it.each([
    ["#ffffff", "#000000", 21],
    ["#777777", "#ffffff", 4.48],
    ["#1e1a1d", "#1e1a1d", 1],
  ])("computes WCAG contrast: %s against %s is %s", (a, b, expected) => {
    expect(contrast(hexRgb(a), hexRgb(b))).toBeCloseTo(expected, 2);
  });

  it.each(Object.entries(HERO_TEXT))("keeps %s words at AA over the lightest and the darkest photo there could be", (_, text) => {
    expect(ratio(text, [255, 255, 255])).toBeGreaterThanOrEqual(AA);
    expect(ratio(text, [0, 0, 0])).toBeGreaterThanOrEqual(AA);
  });

  it("keeps the words at AA over a real photo's lightest and darkest parts, sampled", async () => {
    const stats = await sharp(path.join("content/images/pages/about.jpg")).stats();
    const [r, g, b] = stats.channels;
    const lightest = [r!.max, g!.max, b!.max] as const;
    const darkest = [r!.min, g!.min, b!.min] as const;
    for (const text of Object.values(HERO_TEXT)) {
      expect(ratio(text, lightest)).toBeGreaterThanOrEqual(AA);
      expect(ratio(text, darkest)).toBeGreaterThanOrEqual(AA);
    }
  });

  it("lets the photo read: light everywhere but under the words, and lighter under them than the old 70% ink", () => {
    expect(HERO_OVERLAY.tint).toBeLessThanOrEqual(0.2);
    const underWords = 1 - (1 - HERO_OVERLAY.tint) * (1 - HERO_OVERLAY.underText);
    expect(underWords).toBeLessThan(0.7);
  });

  it("the classes say the numbers", () => {
    expect(heroOverlayClasses.tint).toBe(`bg-ink/${Math.round(HERO_OVERLAY.tint * 100)}`);
    expect(heroOverlayClasses.underText).toContain(`bg-ink/${Math.round(HERO_OVERLAY.underText * 100)}`);
    expect(heroOverlayClasses.underText).toContain(`rgb(${hexRgb(HERO_OVERLAY.colour).join("_")}/${HERO_OVERLAY.underText})`);
  });
});
