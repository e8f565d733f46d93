import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { HERO_OVERLAY, HERO_TEXT, heroOverlayClasses } from "./hero-overlay";

type Rgb = readonly [number, number, number];

function hexRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** WCAG 2 relative luminance of an sRGB colour (0–255 each). */
function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2 contrast ratio of two colours, lighter over darker, 1 to 21. */
function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** A photo's pixel under layers of the overlay colour, each at its alpha (as the browser blends them, in sRGB). */
function underOverlay(pixel: Rgb, alphas: readonly number[], colour: string = HERO_OVERLAY.colour): Rgb {
  const over = hexRgb(colour);
  return alphas.reduce<Rgb>((below, alpha) => below.map((c, i) => over[i]! * alpha + c * (1 - alpha)) as unknown as Rgb, pixel);
}

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
