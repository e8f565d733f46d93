/**
 * Pictures drawn from code: brand-coloured artwork that stands in for
 * photographs until a salon adds its own under the same names. Pure functions
 * of their inputs, so the same name always gives the same picture.
 */

const palette = {
  ink: "#1E1A1D",
  chalk: "#FAF7F2",
  blush: "#EBCFC4",
  brass: "#8A6636",
  sage: "#5E6E5A",
};

const backgrounds: [string, string, string][] = [
  [palette.blush, palette.brass, palette.ink],
  [palette.sage, palette.blush, palette.chalk],
  [palette.ink, palette.brass, palette.chalk],
  [palette.chalk, palette.sage, palette.ink],
  [palette.brass, palette.blush, palette.chalk],
];

/** A small stable hash (FNV-1a) so a name always picks the same colours and shapes. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);
}

export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
}

/** A portrait placeholder: flowing hair-like curves behind the stylist's initials. 4:5. */
export function portraitSvg(name: string): string {
  const seed = seedOf(name);
  const [bg, accent, fg] = backgrounds[seed % backgrounds.length]!;
  const tilt = (seed >> 3) % 40;
  const sweep = 120 + ((seed >> 7) % 80);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 500" width="400" height="500" role="img" aria-label="${escapeXml(name)}">
<rect width="400" height="500" fill="${bg}"/>
<g fill="none" stroke="${accent}" stroke-linecap="round" opacity="0.85" transform="rotate(${tilt - 20} 200 250)">
<path d="M-40 ${sweep} C 120 ${sweep - 90}, 260 ${sweep + 120}, 460 ${sweep - 20}" stroke-width="34"/>
<path d="M-40 ${sweep + 70} C 140 ${sweep - 10}, 240 ${sweep + 200}, 460 ${sweep + 60}" stroke-width="14"/>
<path d="M-40 ${sweep + 300} C 100 ${sweep + 200}, 300 ${sweep + 380}, 460 ${sweep + 260}" stroke-width="22"/>
</g>
<circle cx="200" cy="250" r="92" fill="${fg}" opacity="0.12"/>
<text x="200" y="282" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="96" font-weight="600" fill="${fg}">${escapeXml(initialsOf(name))}</text>
</svg>`;
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
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 120" width="320" height="120" role="img" aria-label="${escapeXml(name)}">
<circle cx="60" cy="60" r="44" fill="none" stroke="${palette.brass}" stroke-width="6"/>
<text x="60" y="78" text-anchor="middle" font-family="Georgia, serif" font-size="52" font-weight="600" fill="${palette.ink}">${initial}</text>
${text}
</svg>`;
}

/** Wide artwork for banners, posts and offers: layered arcs in the brand colours, 16:9. */
export function sceneSvg(label: string): string {
  const seed = seedOf(label);
  const [bg, accent, fg] = backgrounds[seed % backgrounds.length]!;
  const x = 300 + ((seed >> 4) % 500);
  const r = 160 + ((seed >> 9) % 120);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 675" width="1200" height="675" role="img" aria-label="${escapeXml(label)}">
<rect width="1200" height="675" fill="${bg}"/>
<circle cx="${x}" cy="420" r="${r + 160}" fill="${accent}" opacity="0.35"/>
<circle cx="${x + 180}" cy="300" r="${r}" fill="none" stroke="${fg}" stroke-width="10" opacity="0.5"/>
<path d="M0 560 C 300 ${440 + (seed % 60)}, 700 ${620 - (seed % 80)}, 1200 500 L1200 675 L0 675 Z" fill="${fg}" opacity="0.18"/>
</svg>`;
}
