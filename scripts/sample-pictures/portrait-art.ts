/**
 * Illustrated portraits: a head and shoulders with a hairstyle, in front of a
 * salon's arched mirror. Hairstyle, hair colour, skin tone, clothes and
 * background are a seeded choice by the stylist's slug, so each stylist keeps
 * the same portrait and the team looks varied. Pure.
 */
import { hairstyles, type HairColourName, type Hairstyle, type PortraitHints } from "~/modules/catalogue/portrait-hints";
import { chooser, palette, r1, seedOf, shade, svgDocument, type Chooser } from "./svg-kit";

export const PORTRAIT_SIZE = { width: 400, height: 500 } as const;

/** Hair colours as a base and a lighter tone for highlights: naturals, and a salon's brighter shades. */
export const hairColours: readonly { name: HairColourName; base: string; light: string }[] = [
  { name: "espresso", base: "#2B1E19", light: "#5A4035" },
  { name: "chestnut", base: "#5B3322", light: "#8F5A3C" },
  { name: "copper", base: "#9A4721", light: "#D08144" },
  { name: "honey", base: "#B3823F", light: "#E4BF7F" },
  { name: "ash blonde", base: "#C9AF86", light: "#EEDDBC" },
  { name: "black", base: "#19161B", light: "#4A4150" },
  { name: "rose", base: "#B86F78", light: "#E6AEB0" },
  { name: "silver", base: "#9C9794", light: "#DAD6D2" },
  { name: "plum", base: "#55283F", light: "#91587A" },
];

export const skinTones = ["#F5DBC8", "#EDC4A5", "#DCA782", "#BE825B", "#97613F", "#6E432C"] as const;

export { hairstyles, type PortraitHints };

const outfits = [
  { fill: palette.ink, trim: "#3A3337" },
  { fill: palette.sage, trim: shade(palette.sage, 0.2) },
  { fill: palette.brass, trim: palette.brassDark },
  { fill: palette.chalk, trim: palette.steel },
  { fill: palette.blushDeep, trim: shade(palette.blushDeep, 0.18) },
  { fill: "#3F4A5A", trim: "#2E3744" },
] as const;

const backdrops = [
  { wall: palette.blush, mirror: palette.blushPale, frame: palette.brass },
  { wall: palette.sagePale, mirror: "#E3E8DE", frame: palette.sage },
  { wall: palette.linen, mirror: palette.chalk, frame: palette.brass },
  { wall: palette.brassPale, mirror: "#F3E7D3", frame: palette.brassDark },
  { wall: palette.sage, mirror: "#7E8C79", frame: palette.brassPale },
] as const;

const necklines = ["crew", "v", "collar", "turtle"] as const;

export interface PortraitLook {
  style: Hairstyle;
  hair: (typeof hairColours)[number];
  skin: string;
  outfit: (typeof outfits)[number];
  backdrop: (typeof backdrops)[number];
  neckline: (typeof necklines)[number];
  eyes: "open" | "closed";
  highlights: boolean;
  beard: boolean;
  glasses: boolean;
  earrings: boolean;
}

/** The look drawn for a slug: always the same for the same slug and hints. */
export function lookFor(slug: string, hints: PortraitHints = {}): PortraitLook {
  const look = lookFrom(chooser(seedOf(`portrait:${slug}`)));
  const style = hints.hair ?? look.style;
  const short = style === "crop" || style === "coils" || style === "pixie";
  return {
    ...look,
    style,
    hair: hairColours.find((c) => c.name === hints.colour) ?? look.hair,
    skin: hints.skin ? skinTones[hints.skin - 1]! : look.skin,
    beard: hints.beard ?? false,
    glasses: hints.glasses ?? look.glasses,
    highlights: short ? false : look.highlights,
    earrings: short ? false : look.earrings,
  };
}

function lookFrom(rng: Chooser): PortraitLook {
  const style = rng.pick(hairstyles);
  const short = style === "crop" || style === "coils" || style === "pixie";
  const hair = rng.pick(hairColours);
  const outfit = rng.pick(outfits);
  // The clothes never vanish into the wall behind them.
  const backdrop = rng.pick(backdrops.filter((b) => b.wall !== outfit.fill && !(b.wall === palette.sage && outfit.fill === palette.ink)));
  return {
    style,
    hair,
    skin: rng.pick(skinTones),
    outfit,
    backdrop,
    neckline: rng.pick(necklines),
    eyes: rng.chance(0.5) ? "open" : "closed",
    highlights: !short && rng.chance(0.6),
    // Never guessed from a name: a salon asks for one in the portrait's hints.
    beard: false,
    glasses: rng.chance(0.15),
    earrings: !short && rng.chance(0.5),
  };
}

/** Hair drawn behind the head and shoulders. */
function hairBack(style: Hairstyle, c: string): string {
  switch (style) {
    case "long":
      return `<path fill="${c}" d="M128 212 C116 140 160 108 200 108 C240 108 284 140 272 212 C280 282 286 360 298 432 C256 452 144 452 102 432 C114 360 120 282 128 212 Z"/>`;
    case "waves":
      return `<path fill="${c}" d="M126 212 C114 140 160 106 200 106 C240 106 286 140 274 212 C292 250 270 282 290 322 C308 362 282 392 302 438 C252 456 148 456 98 438 C118 392 92 362 110 322 C130 282 108 250 126 212 Z"/>`;
    case "bob":
      return `<path fill="${c}" d="M124 214 C116 144 160 112 200 112 C240 112 284 144 276 214 C278 252 282 286 290 314 C252 326 148 326 110 314 C118 286 122 252 124 214 Z"/>`;
    case "curls": {
      const puffs: [number, number, number][] = [
        [200, 116, 42], [156, 126, 38], [244, 126, 38], [120, 160, 36], [280, 160, 36], [104, 206, 34], [296, 206, 34],
        [106, 252, 32], [294, 252, 32], [118, 294, 30], [282, 294, 30], [138, 324, 26], [262, 324, 26], [170, 108, 32], [230, 108, 32],
      ];
      const texture = puffs
        .map(([x, y, r]) => `<path d="M${x - r * 0.5} ${y + r * 0.1} q${r * 0.5} ${-r * 0.6} ${r} 0" stroke="${shade(c, 0.25)}" stroke-width="4" fill="none" stroke-linecap="round" opacity="0.6"/>`)
        .join("");
      return `<g fill="${c}"><ellipse cx="200" cy="212" rx="96" ry="104"/>${puffs.map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}"/>`).join("")}</g>${texture}`;
    }
    case "bun":
      return `<g fill="${c}"><circle cx="200" cy="104" r="42"/><path d="M132 222 C126 150 162 124 200 124 C238 124 274 150 268 222 Z"/></g><path d="M172 96 q28 -22 56 0 M168 112 q32 -14 64 0" stroke="${shade(c, -0.25)}" stroke-width="4" fill="none" stroke-linecap="round" opacity="0.7"/>`;
    case "ponytail":
      return `<g fill="${c}"><path d="M132 222 C126 150 162 124 200 124 C238 124 274 150 268 222 Z"/><path d="M250 160 C304 172 324 236 312 300 C302 352 318 384 304 428 C284 386 270 352 276 302 C282 252 272 214 246 198 Z"/></g><circle cx="262" cy="178" r="9" fill="${palette.brass}"/>`;
    case "pixie":
      return `<path fill="${c}" d="M132 226 C124 150 166 120 204 120 C248 120 278 152 270 226 C262 212 140 212 132 226 Z"/>`;
    case "crop":
      return `<path fill="${c}" d="M138 214 C134 150 166 126 200 126 C234 126 266 150 262 214 Z"/>`;
    case "coils":
      return `<path fill="${c}" d="M126 226 C112 136 158 98 200 98 C242 98 288 136 274 226 C268 204 132 204 126 226 Z"/>`;
  }
}

/** Hair drawn over the face: the hairline, a fringe, locks over the shoulders. */
function hairFront(style: Hairstyle, c: string, light: string, highlights: boolean): string {
  const streaks = (paths: string[]) =>
    highlights ? paths.map((d) => `<path d="${d}" stroke="${light}" stroke-width="7" fill="none" stroke-linecap="round" opacity="0.75"/>`).join("") : "";
  switch (style) {
    case "long":
      return (
        `<g fill="${c}">` +
        `<path d="M132 252 C122 178 152 122 202 120 C252 120 282 172 268 252 C262 204 246 172 216 164 C194 178 160 186 140 252 Z"/>` +
        `<path d="M142 232 C132 300 128 370 108 444 C124 452 144 450 158 444 C152 380 150 320 154 270 Z"/>` +
        `<path d="M258 232 C268 300 272 370 292 444 C276 452 256 450 242 444 C248 380 250 320 246 270 Z"/>` +
        `</g>` +
        streaks(["M176 130 C150 150 140 190 140 236", "M146 260 C140 330 134 390 122 436", "M256 262 C262 330 266 390 278 436"])
      );
    case "waves":
      return (
        `<g fill="${c}">` +
        `<path d="M130 236 C122 164 160 120 200 120 C240 120 278 164 270 236 C262 186 236 156 200 156 C164 156 138 186 130 236 Z"/>` +
        `<path d="M200 124 C168 128 140 160 136 232 C148 200 168 180 198 168 Z"/><path d="M200 124 C232 128 260 160 264 232 C252 200 232 180 202 168 Z"/>` +
        `<path d="M140 236 C128 282 148 312 130 352 C114 392 136 414 120 448 L152 448 C162 412 142 388 158 352 C170 316 150 290 154 254 Z"/>` +
        `<path d="M260 236 C272 282 252 312 270 352 C286 392 264 414 280 448 L248 448 C238 412 258 388 242 352 C230 316 250 290 246 254 Z"/>` +
        `</g>` +
        streaks(["M142 262 C136 300 150 320 138 352 C126 386 142 410 132 440", "M258 262 C264 300 250 320 262 352 C274 386 258 410 268 440", "M180 134 C160 148 148 176 146 210"])
      );
    case "bob":
      return (
        `<g fill="${c}">` +
        `<path d="M128 238 C120 168 156 124 200 124 C244 124 280 168 272 238 C268 214 262 198 258 192 C230 182 170 182 142 192 C138 198 132 214 128 238 Z"/>` +
        `<path d="M126 220 C126 262 122 292 112 314 L152 316 C146 290 142 262 142 232 Z"/><path d="M274 220 C274 262 278 292 288 314 L248 316 C254 290 258 262 258 232 Z"/>` +
        `</g>` +
        streaks(["M160 134 C146 150 138 176 136 210", "M132 240 C130 270 126 292 120 308", "M268 240 C270 270 274 292 280 308"])
      );
    case "curls":
      return `<g fill="${c}">${[
        [150, 174, 18], [170, 158, 18], [200, 152, 20], [230, 158, 18], [250, 174, 18], [138, 198, 16], [262, 198, 16],
      ]
        .map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}"/>`)
        .join("")}</g>`;
    case "bun":
      return (
        `<path fill="${c}" d="M134 230 C130 164 164 134 200 134 C236 134 270 164 266 230 C258 190 236 168 200 166 C164 168 142 190 134 230 Z"/>` +
        `<path d="M170 140 C184 150 192 156 200 166 M230 140 C216 150 208 156 200 166" stroke="${shade(c, -0.2)}" stroke-width="3" fill="none" opacity="0.6"/>`
      );
    case "ponytail":
      return (
        `<path fill="${c}" d="M134 228 C128 160 164 130 200 130 C236 130 272 160 266 228 C258 186 234 164 202 160 L198 160 C166 164 142 186 134 228 Z"/>` +
        streaks(["M186 140 C166 150 150 176 144 212", "M290 220 C300 270 292 330 302 400"])
      );
    case "pixie":
      return (
        `<path fill="${c}" d="M134 218 C124 150 170 116 216 122 C256 126 278 164 266 214 C258 184 240 170 214 168 C190 178 160 200 134 218 Z"/>` +
        `<path d="M150 168 C174 150 204 142 238 146" stroke="${light}" stroke-width="5" fill="none" stroke-linecap="round" opacity="0.6"/>`
      );
    case "crop":
      return (
        `<path fill="${c}" d="M138 208 C134 160 150 136 170 132 C176 120 192 118 200 126 C210 116 228 120 232 132 C254 138 266 162 262 208 C256 182 246 172 236 170 C220 160 180 160 164 170 C154 174 144 186 138 208 Z"/>` +
        `<path d="M138 208 L140 240 L146 240 L146 206 Z M262 208 L260 240 L254 240 L254 206 Z" fill="${c}" opacity="0.85"/>`
      );
    case "coils": {
      // Tight coils: a rounded cap with its texture drawn as small rings above the hairline.
      const rings: string[] = [];
      for (let y = 112; y < 196; y += 13) {
        for (let x = 130 + ((y / 13) % 2) * 6.5; x < 272; x += 13) {
          const inside = (x - 200) ** 2 / 74 ** 2 + (y - 168) ** 2 / 64 ** 2 < 1;
          const aboveHairline = y < 170 + ((x - 200) / 66) ** 2 * 34 - 8;
          if (inside && aboveHairline) rings.push(`<circle cx="${r1(x)}" cy="${y}" r="4.5"/>`);
        }
      }
      return (
        `<path fill="${c}" d="M128 218 C120 146 158 104 200 104 C242 104 280 146 272 218 C262 188 232 172 200 172 C168 172 138 188 128 218 Z"/>` +
        `<g fill="none" stroke="${shade(c, -0.3)}" stroke-width="2.5" opacity="0.55">${rings.join("")}</g>`
      );
    }
  }
}

function neckline(kind: PortraitLook["neckline"], skin: string, outfit: PortraitLook["outfit"]): string {
  switch (kind) {
    case "crew":
      return `<path fill="${skin}" d="M174 352 C182 384 218 384 226 352 Z"/><path d="M170 352 C180 392 220 392 230 352" stroke="${outfit.trim}" stroke-width="6" fill="none"/>`;
    case "v":
      return `<path fill="${skin}" d="M176 350 L200 404 L224 350 Z"/><path d="M172 350 L200 410 L228 350" stroke="${outfit.trim}" stroke-width="6" fill="none" stroke-linejoin="round"/>`;
    case "collar":
      return `<path fill="${skin}" d="M178 350 L200 392 L222 350 Z"/><path fill="${palette.chalk}" d="M174 346 L200 394 L182 404 L162 366 Z M226 346 L200 394 L218 404 L238 366 Z"/>`;
    case "turtle":
      return `<path fill="${outfit.trim}" d="M172 322 C186 332 214 332 228 322 L232 366 C212 378 188 378 168 366 Z"/>`;
  }
}

function face(look: PortraitLook): string {
  const { skin } = look;
  const shadow = shade(skin, 0.14);
  const line = shade(skin, 0.45);
  const lip = shade(skin === skinTones[0] || skin === skinTones[1] ? "#C9787A" : skin, skin === skinTones[0] || skin === skinTones[1] ? 0 : 0.32);
  const brow = shade(look.hair.base, look.hair.name === "silver" || look.hair.name === "ash blonde" ? 0.35 : 0.1);
  const eyes =
    look.eyes === "open"
      ? `<ellipse cx="178" cy="228" rx="4.5" ry="5.5" fill="${palette.ink}"/><ellipse cx="222" cy="228" rx="4.5" ry="5.5" fill="${palette.ink}"/><circle cx="179.5" cy="226" r="1.4" fill="#fff"/><circle cx="223.5" cy="226" r="1.4" fill="#fff"/>`
      : `<path d="M168 227 Q178 235 188 227 M212 227 Q222 235 232 227" stroke="${palette.ink}" stroke-width="3.2" fill="none" stroke-linecap="round"/>`;
  const beard = look.beard
    ? `<path fill="${look.hair.base}" d="M144 246 C148 292 174 316 200 316 C226 316 252 292 256 246 C250 266 238 278 226 282 C214 274 186 274 174 282 C162 278 150 266 144 246 Z"/><path fill="${look.hair.base}" d="M182 266 C190 258 210 258 218 266 C210 272 190 272 182 266 Z"/>`
    : "";
  const glasses = look.glasses
    ? `<g fill="none" stroke="${palette.ink}" stroke-width="3"><rect x="160" y="214" width="36" height="27" rx="10"/><rect x="204" y="214" width="36" height="27" rx="10"/><path d="M196 224 q4 -4 8 0 M160 224 L142 220 M240 224 L258 220"/></g>`
    : "";
  return (
    `<ellipse cx="141" cy="230" rx="10" ry="17" fill="${shadow}"/><ellipse cx="259" cy="230" rx="10" ry="17" fill="${shadow}"/>` +
    `<path fill="${skin}" d="M140 216 C140 166 166 146 200 146 C234 146 260 166 260 216 C260 264 234 300 200 300 C166 300 140 264 140 216 Z"/>` +
    `<ellipse cx="166" cy="256" rx="12" ry="7" fill="${palette.blushDeep}" opacity="0.35"/><ellipse cx="234" cy="256" rx="12" ry="7" fill="${palette.blushDeep}" opacity="0.35"/>` +
    eyes +
    `<path d="M166 210 Q178 202 190 207 M210 207 Q222 202 234 210" stroke="${brow}" stroke-width="4" fill="none" stroke-linecap="round"/>` +
    `<path d="M202 234 Q194 254 204 258" stroke="${line}" stroke-width="3" fill="none" stroke-linecap="round" opacity="0.7"/>` +
    beard +
    `<path d="M186 274 Q200 284 214 274" stroke="${lip}" stroke-width="4.5" fill="none" stroke-linecap="round"/>` +
    glasses +
    (look.earrings ? `<circle cx="140" cy="252" r="4.5" fill="${palette.brass}"/><circle cx="260" cy="252" r="4.5" fill="${palette.brass}"/>` : "")
  );
}

/** The person alone (no backdrop), in a 400 × 500 box: for portraits, and for the clients in the work pictures. */
export function figureSvg(look: PortraitLook): string {
  const skin = look.skin;
  return [
    hairBack(look.style, look.hair.base),
    `<path fill="${skin}" d="M176 276 L176 350 C176 358 224 358 224 350 L224 276 Z"/>`,
    `<path fill="${shade(skin, 0.14)}" d="M176 286 C190 306 210 306 224 286 L224 304 C210 318 190 318 176 304 Z"/>`,
    `<path fill="${look.outfit.fill}" d="M56 500 C58 430 96 392 160 374 C172 370 176 360 176 350 L224 350 C224 360 228 370 240 374 C304 392 342 430 344 500 Z"/>`,
    neckline(look.neckline, skin, look.outfit),
    face(look),
    hairFront(look.style, look.hair.base, look.hair.light, look.highlights),
  ].join("\n");
}

/** A stylist's portrait (4:5): the figure in front of an arched salon mirror. */
export function portraitSvg(slug: string, name: string, hints?: PortraitHints): string {
  const look = lookFor(slug, hints);
  const { wall, mirror, frame } = look.backdrop;
  const backdrop =
    `<rect width="400" height="500" fill="${wall}"/>` +
    `<path d="M70 500 V230 A130 130 0 0 1 330 230 V500 Z" fill="${mirror}"/>` +
    `<path d="M70 500 V230 A130 130 0 0 1 330 230 V500" fill="none" stroke="${frame}" stroke-width="8"/>` +
    `<path d="M262 130 L300 168 M248 150 L296 198" stroke="#fff" stroke-width="6" stroke-linecap="round" opacity="0.45"/>`;
  // A little larger than the figure's own box, so the face reads on a small card.
  return svgDocument(PORTRAIT_SIZE.width, PORTRAIT_SIZE.height, name, `${backdrop}\n<g transform="translate(200 500) scale(1.1) translate(-200 -500)">${figureSvg(look)}</g>`);
}
