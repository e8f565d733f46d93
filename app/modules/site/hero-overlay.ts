/**
 * The home page's opening band over a manager's photo: how dark the overlay
 * is, where. The photo shows at its own brightness behind a light tint, and
 * only the text sits on a darker panel, just dark enough that its words meet
 * WCAG AA (4.5:1) over the lightest photo there could be (white). The classes
 * are written out here so Tailwind finds them, and a unit test holds them to
 * the numbers. Pure.
 */

/** The overlay's colour (the site's ink) and its alpha: over the whole photo, and added under the words. */
export const HERO_OVERLAY = { colour: "#1e1a1d", tint: 0.15, underText: 0.58 } as const;

/** The colour of the hero's words over a photo: chalk, the small capitals and the reviewer's name too (blush would need a darker panel). */
export const HERO_TEXT = { chalk: "#faf7f2" } as const;

export const heroOverlayClasses = {
  /** Over the whole photo. */
  tint: "bg-ink/15",
  /** Under each block of words, its edge feathered so it reads as shade, not a box. */
  underText: "bg-ink/58 shadow-[0_0_1.5rem_1rem_rgb(30_26_29/0.58)]",
} as const;

type Rgb = readonly [number, number, number];

export function hexRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** WCAG 2 relative luminance of an sRGB colour (0–255 each). */
export function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2 contrast ratio of two colours, lighter over darker, 1 to 21. */
export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** A photo's pixel under layers of the overlay colour, each at its alpha (as the browser blends them, in sRGB). */
export function underOverlay(pixel: Rgb, alphas: readonly number[], colour: string = HERO_OVERLAY.colour): Rgb {
  const over = hexRgb(colour);
  return alphas.reduce<Rgb>((below, alpha) => below.map((c, i) => over[i]! * alpha + c * (1 - alpha)) as unknown as Rgb, pixel);
}
