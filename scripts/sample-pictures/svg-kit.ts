/**
 * Small tools the drawings share: the site's palette, a stable hash, a seeded
 * random choice, colour shading and XML escaping. Pure.
 */

/** The site's design tokens (app/app.css), and tints of them for backgrounds. */
export const palette = {
  ink: "#1E1A1D",
  chalk: "#FAF7F2",
  blush: "#EBCFC4",
  brass: "#8A6636",
  brassDark: "#6E5029",
  sage: "#5E6E5A",
  /** Tints for backgrounds and props. */
  blushDeep: "#D9A99A",
  blushPale: "#F4E4DD",
  sagePale: "#C9D2C2",
  brassPale: "#E6D2B0",
  linen: "#EFE6DA",
  steel: "#B9B4B0",
} as const;

/** A small stable hash (FNV-1a) so a name always picks the same colours and shapes. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A seeded random source (mulberry32): the same seed gives the same choices, in order. */
export interface Chooser {
  /** A number in [0, 1). */
  next(): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  between(min: number, max: number): number;
}

export function chooser(seed: number): Chooser {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
    between: (min, max) => min + next() * (max - min),
  };
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);
}

/** Mixes a colour towards black (amount > 0) or white (amount < 0): shade("#8A6636", 0.2). */
export function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const target = amount > 0 ? 0 : 255;
  const k = Math.abs(amount);
  const channel = (shift: number) => {
    const c = (n >> shift) & 0xff;
    return Math.round(c + (target - c) * k);
  };
  return `#${[16, 8, 0].map((s) => channel(s).toString(16).padStart(2, "0")).join("")}`;
}

/** Rounds coordinates so the SVG text stays short and stable. */
export const r1 = (n: number) => Math.round(n * 10) / 10;

/** An <svg> document of a size, with its accessible name. */
export function svgDocument(width: number, height: number, label: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escapeXml(label)}">\n${body}\n</svg>`;
}
