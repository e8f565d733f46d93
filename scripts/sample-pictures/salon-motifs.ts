/**
 * The salon's things, drawn flat in the site's palette: scissors, combs,
 * brushes, a hairdryer, mirrors, a styling chair, a colour bowl and tint
 * brush, bottles, jars, tubes, tins, a spray, a gift box, sectioning clips.
 * Each is drawn around its own origin, about 300 units across at scale 1, and
 * placed in a picture with `place()`. Pure.
 */
import { palette, shade } from "./svg-kit";

/** The colours a motif is drawn in: its body, a contrasting detail, and light and dark tones. */
export interface Tone {
  main: string;
  accent: string;
  light: string;
  dark: string;
}

export type Motif = (tone: Tone) => string;

const round = `stroke-linecap="round" stroke-linejoin="round"`;

export const scissors: Motif = (t) =>
  `<path fill="${palette.steel}" d="M-6 8 C-2 -50 6 -112 18 -160 C25 -152 25 -110 14 -50 C10 -20 6 -4 5 6 Z"/>` +
  `<path fill="${shade(palette.steel, 0.18)}" d="M6 8 C2 -50 -6 -112 -18 -160 C-25 -152 -25 -110 -14 -50 C-10 -20 -6 -4 -5 6 Z"/>` +
  `<path d="M-3 6 L-30 58 M3 6 L30 58" stroke="${t.dark}" stroke-width="11" ${round}/>` +
  `<circle cx="-42" cy="82" r="25" fill="none" stroke="${t.main}" stroke-width="12"/>` +
  `<circle cx="42" cy="82" r="25" fill="none" stroke="${t.main}" stroke-width="12"/>` +
  `<path d="M60 96 q14 10 24 4" stroke="${t.main}" stroke-width="9" fill="none" ${round}/>` +
  `<circle cx="0" cy="4" r="7" fill="${t.accent}"/>`;

export const comb: Motif = (t) => {
  const teeth: string[] = [];
  for (let i = 0; i < 22; i++) {
    const x = -126 + i * 11.6;
    teeth.push(`<rect x="${x.toFixed(1)}" y="-6" width="6" height="${i < 9 ? 56 : 44}" rx="3"/>`);
  }
  return `<g fill="${t.main}"><rect x="-132" y="-34" width="264" height="34" rx="12"/>${teeth.join("")}</g>` +
    `<path d="M-118 -18 H118" stroke="${t.light}" stroke-width="4" opacity="0.5" ${round}/>`;
};

export const roundBrush: Motif = (t) => {
  const bristles: string[] = [];
  for (let x = -112; x <= 26; x += 9) bristles.push(`M${x} -22 L${x} -46 M${x} 22 L${x} 46`);
  return (
    `<path d="${bristles.join(" ")}" stroke="${t.dark}" stroke-width="4" ${round}/>` +
    `<rect x="-122" y="-22" width="156" height="44" rx="12" fill="${palette.steel}"/>` +
    `<path d="M-116 -8 H26" stroke="#fff" stroke-width="4" opacity="0.45" ${round}/>` +
    `<rect x="30" y="-15" width="140" height="30" rx="15" fill="${t.main}"/>` +
    `<circle cx="154" cy="0" r="6" fill="${t.light}"/>`
  );
};

export const paddleBrush: Motif = (t) => {
  const pins: string[] = [];
  for (let y = -62; y <= 62; y += 16) for (let x = -112; x <= -22; x += 15) pins.push(`<circle cx="${x}" cy="${y}" r="3.2"/>`);
  return (
    `<path fill="${t.main}" d="M-130 -70 C-130 -84 -118 -90 -100 -90 L-30 -90 C-6 -90 6 -50 30 -24 L150 -14 C162 -13 166 13 150 14 L30 24 C6 50 -6 90 -30 90 L-100 90 C-118 90 -130 84 -130 70 Z"/>` +
    `<rect x="-122" y="-76" width="112" height="152" rx="26" fill="${t.dark}"/>` +
    `<g fill="${t.light}">${pins.join("")}</g>`
  );
};

export const hairdryer: Motif = (t) =>
  `<path d="M-22 146 C-30 196 46 206 36 252" stroke="${t.dark}" stroke-width="6" fill="none" ${round}/>` +
  `<rect x="-44" y="20" width="44" height="132" rx="20" fill="${t.main}" transform="rotate(-12 -22 20)"/>` +
  `<rect x="-30" y="58" width="14" height="26" rx="5" fill="${t.accent}" transform="rotate(-12 -22 20)"/>` +
  `<path fill="${t.dark}" d="M44 -36 L108 -28 C114 -27 114 27 108 28 L44 36 Z"/>` +
  `<rect x="-104" y="-54" width="162" height="108" rx="54" fill="${t.main}"/>` +
  `<circle cx="-50" cy="0" r="34" fill="${t.dark}"/>` +
  `<path d="M-70 -14 H-30 M-74 0 H-26 M-70 14 H-30" stroke="${t.light}" stroke-width="4" ${round}/>` +
  `<path d="M-10 -38 H40" stroke="${t.light}" stroke-width="6" opacity="0.6" ${round}/>` +
  `<path d="M126 -16 q22 -8 44 0 M130 6 q22 -8 44 0 M126 28 q22 -8 44 0" stroke="${t.light}" stroke-width="5" fill="none" opacity="0.8" ${round}/>`;

export const archMirror: Motif = (t) =>
  `<path d="M-84 122 V-66 A84 84 0 0 1 84 -66 V122 Z" fill="${t.main}"/>` +
  `<path d="M-68 110 V-62 A68 68 0 0 1 68 -62 V110 Z" fill="${t.light}"/>` +
  `<path d="M14 -104 L52 -66 M-4 -82 L52 -26" stroke="#fff" stroke-width="9" opacity="0.6" ${round}/>` +
  `<rect x="-104" y="118" width="208" height="18" rx="9" fill="${t.dark}"/>`;

export const handMirror: Motif = (t) =>
  `<rect x="-15" y="60" width="30" height="120" rx="14" fill="${t.dark}"/>` +
  `<circle cx="0" cy="-20" r="90" fill="${t.main}"/>` +
  `<circle cx="0" cy="-20" r="72" fill="${t.light}"/>` +
  `<path d="M18 -74 L48 -44 M0 -58 L44 -14" stroke="#fff" stroke-width="8" opacity="0.6" ${round}/>`;

export const stylingChair: Motif = (t) =>
  `<ellipse cx="0" cy="150" rx="84" ry="16" fill="${palette.steel}"/>` +
  `<rect x="-13" y="40" width="26" height="110" fill="${shade(palette.steel, 0.15)}"/>` +
  `<path d="M30 92 L96 120" stroke="${palette.steel}" stroke-width="9" ${round}/>` +
  `<rect x="-96" y="-150" width="96" height="150" rx="36" fill="${t.main}" transform="rotate(-8 -48 0)"/>` +
  `<rect x="-100" y="-8" width="176" height="52" rx="22" fill="${t.main}"/>` +
  `<path d="M-84 2 H56" stroke="${t.light}" stroke-width="5" opacity="0.5" ${round}/>` +
  `<rect x="-30" y="-54" width="118" height="18" rx="9" fill="${t.dark}"/>` +
  `<rect x="64" y="-44" width="14" height="44" fill="${t.dark}"/>`;

/** A colour bowl with dye in it and a tint brush resting across it. */
export const colourBowl: Motif = (t) =>
  `<g transform="rotate(28)"><rect x="-11" y="-190" width="20" height="150" rx="10" fill="${t.dark}"/>` +
  `<rect x="-22" y="-52" width="42" height="26" rx="4" fill="${palette.ink}"/><rect x="-22" y="-30" width="42" height="30" rx="3" fill="${t.accent}"/></g>` +
  `<path fill="${t.main}" d="M-118 -4 H118 C112 74 58 104 0 104 C-58 104 -112 74 -118 -4 Z"/>` +
  `<ellipse cx="0" cy="-4" rx="122" ry="24" fill="${shade(t.main, 0.15)}"/>` +
  `<ellipse cx="0" cy="-2" rx="104" ry="16" fill="${t.accent}"/>` +
  `<path d="M-62 -2 q30 -10 60 0 q30 10 56 -2" stroke="${t.light}" stroke-width="5" fill="none" opacity="0.6" ${round}/>` +
  `<path d="M-92 30 C-80 62 -50 80 -20 86" stroke="${t.light}" stroke-width="7" fill="none" opacity="0.45" ${round}/>`;

export const pumpBottle: Motif = (t) =>
  `<rect x="-8" y="-150" width="16" height="60" fill="${t.dark}"/><path d="M-10 -150 H52 V-134 H-10 Z" fill="${t.dark}"/>` +
  `<rect x="-22" y="-96" width="44" height="26" rx="5" fill="${t.dark}"/>` +
  `<rect x="-54" y="-74" width="108" height="206" rx="26" fill="${t.main}"/>` +
  `<rect x="-40" y="-22" width="80" height="96" rx="10" fill="${t.light}"/>` +
  `<path d="M-26 0 H26 M-26 18 H14 M-26 36 H20" stroke="${t.dark}" stroke-width="6" ${round}/>` +
  `<path d="M-40 -58 V110" stroke="#fff" stroke-width="7" opacity="0.3" ${round}/>`;

export const jar: Motif = (t) =>
  `<rect x="-84" y="-28" width="168" height="116" rx="22" fill="${t.main}"/>` +
  `<rect x="-92" y="-66" width="184" height="44" rx="12" fill="${t.dark}"/>` +
  `<rect x="-56" y="4" width="112" height="54" rx="8" fill="${t.light}"/>` +
  `<path d="M-36 24 H36 M-36 40 H16" stroke="${t.dark}" stroke-width="6" ${round}/>` +
  `<path d="M-70 -12 V70" stroke="#fff" stroke-width="7" opacity="0.3" ${round}/>`;

export const tube: Motif = (t) =>
  `<path fill="${t.main}" d="M-50 -130 H50 L36 96 C36 104 -36 104 -36 96 Z"/>` +
  `<path d="M-52 -136 H52 V-118 H-52 Z" fill="${t.dark}"/>` +
  `<rect x="-26" y="98" width="52" height="40" rx="8" fill="${t.dark}"/>` +
  `<rect x="-32" y="-70" width="64" height="100" rx="8" fill="${t.light}"/>` +
  `<path d="M-18 -44 q18 -14 36 0 q-18 14 -36 0 M-20 -4 H20 M-20 12 H10" stroke="${t.dark}" stroke-width="5" fill="none" ${round}/>`;

export const sprayBottle: Motif = (t) =>
  `<path fill="${t.dark}" d="M-30 -150 H40 C56 -150 62 -138 62 -128 L30 -120 L30 -100 H-30 Z"/>` +
  `<path d="M-18 -104 L-40 -70" stroke="${t.dark}" stroke-width="12" ${round}/>` +
  `<rect x="-22" y="-104" width="44" height="22" rx="4" fill="${t.dark}"/>` +
  `<rect x="-50" y="-84" width="100" height="214" rx="28" fill="${t.main}"/>` +
  `<rect x="-36" y="-20" width="72" height="90" rx="10" fill="${t.light}"/>` +
  `<path d="M-22 4 H22 M-22 22 H12" stroke="${t.dark}" stroke-width="6" ${round}/>` +
  `<g fill="${t.light}" opacity="0.85"><circle cx="88" cy="-140" r="6"/><circle cx="108" cy="-150" r="4"/><circle cx="104" cy="-126" r="5"/><circle cx="128" cy="-138" r="3.5"/><circle cx="124" cy="-116" r="3"/></g>`;

export const tin: Motif = (t) =>
  `<path fill="${t.main}" d="M-96 -10 V40 C-96 62 96 62 96 40 V-10 Z"/>` +
  `<ellipse cx="0" cy="-14" rx="100" ry="26" fill="${t.dark}"/>` +
  `<ellipse cx="0" cy="-18" rx="78" ry="17" fill="${t.accent}"/>` +
  `<path d="M-40 -18 q20 -10 40 0 q20 10 40 0" stroke="${t.light}" stroke-width="5" fill="none" ${round}/>`;

export const giftBox: Motif = (t) =>
  `<rect x="-100" y="-30" width="200" height="150" rx="10" fill="${t.main}"/>` +
  `<rect x="-112" y="-66" width="224" height="44" rx="10" fill="${shade(t.main, 0.12)}"/>` +
  `<rect x="-14" y="-66" width="28" height="186" fill="${t.accent}"/>` +
  `<path fill="none" stroke="${t.accent}" stroke-width="14" ${round} d="M0 -68 C-30 -120 -86 -112 -62 -80 C-50 -66 -20 -68 0 -68 Z M0 -68 C30 -120 86 -112 62 -80 C50 -66 20 -68 0 -68 Z"/>`;

export const sectionClip: Motif = (t) =>
  `<path fill="${t.main}" d="M-120 -6 L100 -14 C116 -14 118 14 100 14 L-120 6 Z"/>` +
  `<path fill="${t.dark}" d="M-116 -2 L96 -30 C112 -32 118 -12 100 -8 L-116 4 Z"/>` +
  `<circle cx="70" cy="-6" r="10" fill="${t.light}"/>`;

/** A four-pointed sparkle. */
export const sparkle: Motif = (t) => `<path fill="${t.light}" d="M0 -40 C6 -8 8 -6 40 0 C8 6 6 8 0 40 C-6 8 -8 6 -40 0 C-8 -6 -6 -8 0 -40 Z"/>`;

/** Places a motif: at (x, y), turned by `angle` degrees, at `scale`. */
export function place(motif: Motif, tone: Tone, x: number, y: number, angle = 0, scale = 1): string {
  return `<g transform="translate(${x} ${y}) rotate(${angle}) scale(${scale})">${motif(tone)}</g>`;
}

/** Long strands of hair flowing across a picture, as three parallel strokes. */
export function strands(colour: string, y: number, lift: number, opacity = 0.55, width = 1200): string {
  const curve = (dy: number) => `M-40 ${y + dy} C ${width * 0.3} ${y - lift + dy}, ${width * 0.55} ${y + lift + dy}, ${width + 40} ${y - lift * 0.4 + dy}`;
  return `<g fill="none" stroke="${colour}" stroke-linecap="round" opacity="${opacity}"><path d="${curve(0)}" stroke-width="16"/><path d="${curve(30)}" stroke-width="9"/><path d="${curve(54)}" stroke-width="5"/></g>`;
}
