/**
 * Wide (16:9) pictures for blog posts, offers, the shop, news and pages: the
 * salon's things (salon-motifs.ts) on a palette background with flowing
 * strands of hair. What is drawn follows the picture's name (a colour post
 * gets a colour bowl, a shampoo tile a bottle, a gift set a box); the rest is
 * a seeded choice, so the same name always gives the same picture. Also the
 * salons' interiors and the stylists' work (a client in the salon mirror).
 * Pure.
 */
import { figureSvg, lookFor } from "./portrait-art";
import {
  archMirror,
  colourBowl,
  comb,
  giftBox,
  hairdryer,
  handMirror,
  jar,
  paddleBrush,
  place,
  pumpBottle,
  roundBrush,
  scissors,
  sectionClip,
  sparkle,
  sprayBottle,
  strands,
  stylingChair,
  tin,
  tube,
  type Motif,
  type Tone,
} from "./salon-motifs";
import { chooser, palette, seedOf, shade, svgDocument, type Chooser } from "./svg-kit";

export const SCENE_SIZE = { width: 1200, height: 675 } as const;

interface Scheme {
  wall: string;
  glow: string;
  strands: string;
  main: Tone;
  second: Tone;
}

const inkTone: Tone = { main: palette.ink, accent: palette.brass, light: palette.chalk, dark: "#3A3337" };
const brassTone: Tone = { main: palette.brass, accent: palette.blushDeep, light: palette.brassPale, dark: palette.brassDark };
const sageTone: Tone = { main: palette.sage, accent: palette.blushDeep, light: palette.chalk, dark: shade(palette.sage, 0.3) };
const blushTone: Tone = { main: palette.blushDeep, accent: palette.brass, light: palette.chalk, dark: shade(palette.blushDeep, 0.35) };
const chalkTone: Tone = { main: palette.chalk, accent: palette.brass, light: "#FFFFFF", dark: palette.blushDeep };

const schemes: Scheme[] = [
  { wall: palette.blush, glow: palette.blushPale, strands: palette.brass, main: inkTone, second: brassTone },
  { wall: palette.sagePale, glow: "#E4E9DF", strands: palette.sage, main: sageTone, second: inkTone },
  { wall: palette.ink, glow: "#2F292D", strands: palette.brass, main: chalkTone, second: brassTone },
  { wall: palette.linen, glow: palette.chalk, strands: palette.blushDeep, main: brassTone, second: sageTone },
  { wall: palette.brassPale, glow: "#F3E7D3", strands: palette.brassDark, main: inkTone, second: blushTone },
  { wall: palette.sage, glow: "#6B7B66", strands: palette.blush, main: chalkTone, second: blushTone },
];

/** What each kind of picture shows, by words in its name; first match wins. */
const subjects: { words: RegExp; main: Motif; angle: number; with: Motif[] }[] = [
  { words: /colour|color|tone|toning|balayage|highlight|blonde|root|allergy|skin-test|dye|tint/, main: colourBowl, angle: 0, with: [roundBrush, sectionClip] },
  { words: /bond|repair|mask|treatment|your-gift|spender/, main: jar, angle: -6, with: [pumpBottle, comb] },
  { words: /shampoo|conditioner|keep|wash/, main: pumpBottle, angle: 4, with: [pumpBottle, comb] },
  { words: /curl|wave|cream|defin/, main: tube, angle: -10, with: [paddleBrush, sectionClip] },
  { words: /heat|mist|spray|shield|ghd|straight/, main: sprayBottle, angle: 6, with: [hairdryer, comb] },
  { words: /blow|dry|bouncy|volume/, main: hairdryer, angle: -8, with: [roundBrush, sectionClip] },
  { words: /texture|paste|matte|wax|men|barber|fade/, main: tin, angle: 0, with: [comb, scissors] },
  { words: /gift|christmas|voucher|present|sets?$/, main: giftBox, angle: -4, with: [pumpBottle, tube] },
  { words: /travel|click|collect|mini|stock/, main: pumpBottle, angle: -6, with: [tube, jar] },
  { words: /open-evening|evening|meet|reopening|welcome|corona|expect|appointment|model|feedback/, main: stylingChair, angle: 0, with: [archMirror, comb] },
  { words: /apprentice|starter|junior|graduate|academy|training|year|life|refer|friend|new|general|join|career/, main: scissors, angle: -24, with: [comb, handMirror] },
];

const fallbacks: { main: Motif; angle: number; with: Motif[] }[] = [
  { main: scissors, angle: -24, with: [comb, roundBrush] },
  { main: handMirror, angle: 12, with: [paddleBrush, sectionClip] },
  { main: stylingChair, angle: 0, with: [handMirror, comb] },
  { main: hairdryer, angle: -8, with: [roundBrush, sectionClip] },
  { main: roundBrush, angle: -20, with: [comb, scissors] },
];

/** The dye in a colour bowl, from the name when it says a shade. */
function dyeFor(name: string, fallback: string): string {
  if (/violet|toning|silver|ash/.test(name)) return "#7E6A9E";
  if (/copper|autumn|warm|red/.test(name)) return "#B65A2C";
  if (/pink|rose|vivid|jelly/.test(name)) return "#D46A8A";
  if (/blonde|honey|spring|balayage|highlight/.test(name)) return "#D9A441";
  return fallback;
}

function sparkles(rng: Chooser, tone: Tone): string {
  const spots: [number, number][] = [
    [250, 150],
    [1000, 130],
    [560, 110],
    [1040, 520],
    [200, 560],
  ];
  return spots
    .filter(() => rng.chance(0.55))
    .map(([x, y]) => place(sparkle, tone, x, y, 0, rng.between(0.35, 0.7)))
    .join("");
}

const readable = (name: string) => name.replace(/[-_]+/g, " ");

const lightSchemes = schemes.filter((s) => s.wall !== palette.ink);
const paleSchemes = schemes.filter((s) => s.wall !== palette.ink && s.wall !== palette.sage);

// Each picture's random choices start with its colour scheme, so its background is known without drawing it.
const sceneChoices = (kind: string, name: string) => chooser(seedOf(`${kind}/${name}`));
const salonChoices = (key: string) => chooser(seedOf(`salon:${key}`));
const workChoices = (name: string) => chooser(seedOf(`work:${name}`));

/** The background colour of a picture, for the placeholder shown while it loads. */
export const sceneBackdrop = (kind: string, name: string) => sceneChoices(kind, name).pick(schemes).wall;
export const salonBackdrop = (key: string) => salonChoices(key).pick(lightSchemes).wall;
export const workBackdrop = (name: string) => workChoices(name).pick(paleSchemes).wall;

/** A wide picture for a named thing of a kind (blog/open-evening, store/tile-bond-repair-mask…). */
export function sceneSvg(kind: string, name: string): string {
  const rng = sceneChoices(kind, name);
  const scheme = rng.pick(schemes);
  // Named things get their own subject; the academy's many training pictures vary among the salon's tools.
  const matched = subjects.find((s) => s.words.test(name));
  const subject = matched && matched.main !== scissors ? matched : rng.pick(matched ? [matched, ...fallbacks] : fallbacks);
  const second = rng.pick(subject.with);
  const dye = dyeFor(name, palette.blushDeep);
  const mainTone = subject.main === colourBowl ? { ...scheme.main, accent: dye } : scheme.main;
  const flip = rng.chance(0.5);
  const [mainX, secondX] = flip ? [460, 830] : [760, 380];
  const lift = rng.between(60, 140);
  const body = [
    `<rect width="1200" height="675" fill="${scheme.wall}"/>`,
    `<circle cx="${mainX}" cy="340" r="${Math.round(rng.between(270, 310))}" fill="${scheme.glow}"/>`,
    strands(scheme.strands, Math.round(rng.between(430, 520)), lift),
    place(second, scheme.second, secondX, 390, rng.between(-18, 18), 1.05),
    place(subject.main, mainTone, mainX, 330, subject.angle, 1.55),
    sparkles(rng, scheme.main),
  ].join("\n");
  return svgDocument(SCENE_SIZE.width, SCENE_SIZE.height, readable(name), body);
}

/** A salon's picture (salon-3): its floor, with an arched mirror, a styling chair and a shelf of products. */
export function salonSvg(key: string, name: string): string {
  const rng = salonChoices(key);
  const scheme = rng.pick(lightSchemes);
  const shelf = [pumpBottle, jar, tube, sprayBottle]
    .map((m, i) => place(m, i % 2 ? scheme.second : scheme.main, 160 + i * 62, 318 - (m === jar ? -18 : 0), 0, 0.34))
    .join("");
  const body = [
    `<rect width="1200" height="675" fill="${scheme.wall}"/>`,
    `<rect y="520" width="1200" height="155" fill="${shade(scheme.wall, 0.08)}"/>`,
    `<rect x="120" y="366" width="300" height="14" rx="7" fill="${scheme.second.dark}"/>`,
    shelf,
    strands(scheme.glow, 150, 40, 0.7),
    place(archMirror, { ...scheme.main, main: palette.brass, light: scheme.glow, dark: palette.brassDark }, 640, 300, 0, 1.55),
    place(stylingChair, scheme.main, 660, 450, 0, 0.95),
    place(handMirror, scheme.second, 1000, 380, 14, 0.7),
  ].join("\n");
  return svgDocument(SCENE_SIZE.width, SCENE_SIZE.height, name, body);
}

/** A stylist's work: a client with a finished look, seen in the salon mirror, with the tools beside. */
export function workSvg(name: string): string {
  const rng = workChoices(name);
  const scheme = rng.pick(paleSchemes);
  const look = { ...lookFor(`work:${name}`), highlights: true, glasses: false };
  const clip = `work-${seedOf(name).toString(36)}`;
  const body = [
    `<defs><clipPath id="${clip}"><path d="M420 675 V300 A180 180 0 0 1 780 300 V675 Z"/></clipPath></defs>`,
    `<rect width="1200" height="675" fill="${scheme.wall}"/>`,
    strands(scheme.strands, 560, 70, 0.45),
    `<path d="M404 675 V300 A196 196 0 0 1 796 300 V675 Z" fill="${palette.brass}"/>`,
    `<path d="M420 675 V300 A180 180 0 0 1 780 300 V675 Z" fill="${scheme.glow}"/>`,
    `<g clip-path="url(#${clip})"><g transform="translate(600 690) scale(1.3) translate(-200 -500)">${figureSvg(look)}</g></g>`,
    `<path d="M640 150 L720 230 M610 180 L716 286" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity="0.35"/>`,
    place(scissors, scheme.second, 250, 360, -30, 0.8),
    place(comb, scheme.main, 960, 430, 70, 0.7),
    place(sectionClip, scheme.second, 980, 200, -30, 0.5),
  ].join("\n");
  return svgDocument(SCENE_SIZE.width, SCENE_SIZE.height, `A finished look: ${readable(name)}`, body);
}
