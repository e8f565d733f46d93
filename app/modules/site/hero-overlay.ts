/**
 * The home page's opening band over a manager's photo: how dark the overlay
 * is, where. The photo shows at its own brightness behind a light tint, and
 * only the text sits on a darker panel, just dark enough that its words meet
 * WCAG AA (4.5:1) over the lightest photo there could be (white). The classes
 * are written out here so Tailwind finds them, and a unit test holds them to
 * the numbers, working out the contrast (hero-overlay.test.ts). Pure.
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
