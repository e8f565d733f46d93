/**
 * Every picture drawn in code, by kind and name: stylists' portraits, the
 * salons' logos and pictures, the stylists' work, and the hair-themed scenes
 * of posts, offers, the shop, news and pages. Stands in for photographs until
 * a salon adds its own under the same names. Pure, apart from the look-ups of
 * who and what a name stands for, which the caller provides.
 */
import { portraitSvg, lookFor, type PortraitHints } from "./portrait-art";
import { salonBackdrop, salonSvg, sceneBackdrop, sceneSvg, workBackdrop, workSvg } from "./scene-art";
import { escapeXml, palette, svgDocument } from "./svg-kit";
import { pictureKinds, type PictureKind } from "~/modules/images/variants";

/** What a drawing needs to know about the names it is asked for; undefined for a name that is nobody's. */
export interface DrawingSources {
  stylist(slug: string): Promise<{ name: string; hints?: PortraitHints } | undefined>;
  salon(id: number): Promise<{ name: string } | undefined>;
}

const SALON = /^salon-(\d+)(-logo)?$/;

/** The SVG drawing of a picture, or undefined when the name stands for nothing that exists. */
export async function drawingOf(kind: PictureKind, name: string, sources: DrawingSources): Promise<string | undefined> {
  if (kind === "team") {
    const stylist = await sources.stylist(name);
    return stylist ? portraitSvg(name, stylist.name, stylist.hints) : undefined;
  }
  if (kind === "salons") {
    const match = SALON.exec(name);
    const salon = match ? await sources.salon(Number(match[1])) : undefined;
    if (!match || !salon) return undefined;
    return match[2] ? logoSvg(salon.name) : salonSvg(name, salon.name);
  }
  if (kind === "work") return workSvg(name);
  return sceneSvg(kind, name);
}

/** A drawing's own size: its kind's, but a salon's logo is a wide strip. */
export function drawnSize(kind: PictureKind, name: string): { width: number; height: number } {
  return kind === "salons" && name.endsWith("-logo") ? { width: 320, height: 120 } : { ...pictureKinds[kind] };
}

/** A drawing's background colour, for the placeholder shown while it loads; none for a logo, which is see-through. */
export function drawingBackdrop(kind: PictureKind, name: string, hints?: PortraitHints): string | undefined {
  if (kind === "team") return lookFor(name, hints).backdrop.wall;
  if (kind === "salons") return name.endsWith("-logo") ? undefined : salonBackdrop(name);
  if (kind === "work") return workBackdrop(name);
  return sceneBackdrop(kind, name);
}

/** Splits a name into at most two balanced lines: "Kingsway Hairdressing" → ["Kingsway", "Hairdressing"]. */
export function logoLines(name: string): string[] {
  const words = name.trim().split(/\s+/);
  if (words.length < 2 || name.length <= 12) return [name.trim()];
  let best: string[] = [name];
  let bestWidth = Infinity;
  for (let i = 1; i < words.length; i++) {
    const lines = [words.slice(0, i).join(" "), words.slice(i).join(" ")];
    const width = Math.max(...lines.map((l) => l.length));
    if (width < bestWidth) [best, bestWidth] = [lines, width];
  }
  return best;
}

/** A salon's logo: a ring with its initial and its name set beside it, on one or two lines. */
export function logoSvg(name: string): string {
  const initial = escapeXml(name.trim()[0]?.toUpperCase() ?? "B");
  const lines = logoLines(name);
  const size = lines.length === 1 ? 28 : 26;
  const first = lines.length === 1 ? 70 : 55;
  const text = lines
    .map((line, i) => `<text x="122" y="${first + i * 32}" font-family="Georgia, serif" font-size="${size}" font-weight="600" fill="${palette.ink}">${escapeXml(line)}</text>`)
    .join("\n");
  return svgDocument(320, 120, name, `<circle cx="60" cy="60" r="44" fill="none" stroke="${palette.brass}" stroke-width="6"/>
<text x="60" y="78" text-anchor="middle" font-family="Georgia, serif" font-size="52" font-weight="600" fill="${palette.ink}">${initial}</text>
${text}`);
}
