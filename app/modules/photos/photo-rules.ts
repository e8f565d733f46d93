/**
 * The rules of photos from a phone (issue 19, api-contract.md "Studio"): what
 * a photo may be of, the fields that go with it, how large it may be, which
 * copy a browser is sent, and the crop that keeps the focus point in the
 * frame. Pure: the storing and the encoding are in photos.server.ts.
 */
import { z } from "zod";
import { requiredText } from "~/modules/fields/form-fields";
import { pictureKinds, PICTURE_NAME, rasterWidths, type PictureKind, type RasterFormat } from "~/modules/images/variants";

/** At most 15 MiB a file, as sent: a phone's photo is 2–8 MB, a large camera's JPEG about 12. */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** The stored copy's longest side: twice the widest copy a page asks for, so a crop still has pixels to spare. */
export const PHOTO_LONGEST_SIDE = 2400;
/** A picture with more pixels than this is refused before it is decoded (a small file can claim a huge size). */
export const PHOTO_MAX_PIXELS = 100_000_000;
export const ALT_MAX = 200;

/** What a photo can be of, and the kind of picture it stands in for. */
export const targetKinds = {
  stylist: "team",
  work: "work",
  post: "blog",
  offer: "offers",
  hero: "pages",
  // A salon's map picture (by the salon's id), shown beside "Open in maps": set on the studio's salons page, not through `for` (decision 0066).
  map: "salons",
} as const satisfies Record<string, PictureKind>;
export type TargetKind = keyof typeof targetKinds;

export interface PhotoTarget {
  kind: TargetKind;
  /** The stylist's, post's or offer's slug, or the salon's id; none for the hero. */
  slug?: string;
}

/** "stylist:freya" → stylist, freya; "hero" → hero; anything else undefined. */
export function parseTarget(text: string): PhotoTarget | undefined {
  if (text === "hero") return { kind: "hero" };
  const match = /^(stylist|work|post|offer|map):([a-z0-9-]{1,80})$/.exec(text);
  if (!match || !PICTURE_NAME.test(match[2]!)) return undefined;
  return { kind: match[1] as TargetKind, slug: match[2]! };
}

/** A salon's map picture's target: "map:3". */
export const mapTarget = (salonId: number) => `map:${salonId}`;

/** Whether a new photo of this target replaces the one shown (a portrait) or joins the others (a stylist's work). */
export const joinsOthers = (target: PhotoTarget) => target.kind === "work";

/** The frame a target's pictures are shown in: its picture kind's shape. */
export const targetShape = (target: PhotoTarget) => pictureKinds[targetKinds[target.kind]];

const pictureTargets: Partial<Record<PictureKind, TargetKind>> = { team: "stylist", blog: "post", offers: "offer" };
/** The target a picture address's kind and name stand for: team/freya → stylist:freya. Work and the rest have none. */
export const targetOfPicture = (kind: PictureKind, name: string) => (pictureTargets[kind] ? `${pictureTargets[kind]}:${name}` : undefined);

export const ALT_REQUIRED = "Describe the photo for someone who cannot see it";
export const CONSENT_REQUIRED = "Tick this to say the people in the photo agreed to it being on the website";
export const TARGET_REQUIRED = "Choose what the photo is of";
export const FOCUS_RANGE = "Give a number from 0 to 1";
export const FILE_REQUIRED = "Choose a photo";
export const NOT_AN_IMAGE = "That file is not a photo we can use: send a JPEG, PNG or WebP picture";
export const HEIC_UNREADABLE =
  "That HEIC photo could not be read: it may be damaged, or a kind of HEIC this website does not know. Try it again from the photo library, or send it as a JPEG (on an iPhone, Camera › Formats › Most Compatible)";
export const TOO_LARGE = "That photo is larger than 15 MB: send a smaller copy";
export const TOO_MANY_PIXELS = "That picture has more than 100 million pixels: send a smaller copy";
/** HEIC_MAX_PIXELS (heic-size.ts): a HEIC's pixels are decoded by WebAssembly, which needs more memory for each. */
export const HEIC_TOO_MANY_PIXELS = "That HEIC photo has more than 64 million pixels: send a smaller copy, or the photo as a JPEG";

/** Why a picture was refused, in words beside its file box, by the kind of refusal `addPhoto` answers. */
export const PHOTO_REFUSALS = { "not-an-image": NOT_AN_IMAGE, "heic-unreadable": HEIC_UNREADABLE, "too-many-pixels": TOO_MANY_PIXELS, "heic-too-many-pixels": HEIC_TOO_MANY_PIXELS } as const;
/** A refusal's status: 413 for a picture too big to decode, 415 for one that is not a picture we can read. */
export const photoRefusalStatus = (kind: keyof typeof PHOTO_REFUSALS) => (kind === "too-many-pixels" || kind === "heic-too-many-pixels" ? 413 : 415);

const focus = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? undefined : typeof v === "string" ? Number(v) : v),
  z.number({ error: FOCUS_RANGE }).min(0, FOCUS_RANGE).max(1, FOCUS_RANGE).optional(),
);

/** The fields that come with the file, on the page and through the API. */
export const photoFieldsSchema = z.object({
  for: z
    .string({ error: TARGET_REQUIRED })
    .refine((value) => parseTarget(value) !== undefined, TARGET_REQUIRED),
  alt: requiredText(ALT_REQUIRED, ALT_MAX),
  // "true" through the API, "on" from a tick box.
  consent: z.preprocess((v) => (v === "true" || v === "on" || v === true ? true : undefined), z.literal(true, { error: CONSENT_REQUIRED })),
  focus_x: focus,
  focus_y: focus,
});
export type PhotoFields = z.infer<typeof photoFieldsSchema>;

/** The page's form in the browser: the fields and the chosen file, checked before anything is sent. */
export const photoFormSchema = photoFieldsSchema.extend({
  file: z
    .file({ error: FILE_REQUIRED })
    .refine((file) => file.size > 0, FILE_REQUIRED)
    .refine((file) => file.size <= PHOTO_MAX_BYTES, TOO_LARGE),
});

/** The centre, unless a focus point is given. */
export const focusOf = (fields: Pick<PhotoFields, "focus_x" | "focus_y">) => ({ x: fields.focus_x ?? 0.5, y: fields.focus_y ?? 0.5 });

/** The site's widths (variants.ts): `?w=` is snapped up to the next one, or the widest; no number means the widest. */
export function snapWidth(asked: string | undefined): number {
  const widest = rasterWidths.at(-1)!;
  const wanted = asked === undefined || !/^\d{1,5}$/.test(asked) ? widest : Number(asked);
  return rasterWidths.find((w) => w >= wanted) ?? widest;
}

/** The best format an Accept header takes: AVIF, else WebP, else JPEG (which every browser shows). */
export function formatForAccept(accept: string | undefined): Exclude<RasterFormat, "png"> {
  const takes = (type: string) =>
    (accept ?? "")
      .split(",")
      .map((part) => part.trim().split(";"))
      .some(([name, ...params]) => name?.trim().toLowerCase() === type && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p)));
  if (takes("image/avif")) return "avif";
  if (takes("image/webp")) return "webp";
  return "jpg";
}

/** /photos/12: the address a photo answers at (by Accept and ?w=); its copies are /photos/12-480.avif. */
export const photoPath = (id: number) => `/photos/${id}`;

/** Reads /photos/{file}: "12" (by Accept) or "12-480.webp" (a copy); undefined for anything else. */
export function parsePhotoFile(file: string): { id: number; width?: number; format?: Exclude<RasterFormat, "png"> } | undefined {
  const match = /^([1-9]\d{0,8})(?:-(\d{2,4})\.(avif|webp|jpg))?$/.exec(file);
  if (!match) return undefined;
  const id = Number(match[1]);
  if (match[2] === undefined) return { id };
  const width = Number(match[2]);
  if (!(rasterWidths as readonly number[]).includes(width)) return undefined;
  return { id, width, format: match[3] as Exclude<RasterFormat, "png"> };
}

/**
 * The largest part of a picture in a frame's shape, placed so the focus point
 * is as near its centre as the picture's edges allow: a portrait frame cut
 * from a landscape photo keeps the face, not the middle.
 */
export function cropBox(size: { width: number; height: number }, shape: { width: number; height: number }, focusPoint: { x: number; y: number }) {
  const ratio = shape.width / shape.height;
  let width = size.width;
  let height = Math.round(width / ratio);
  if (height > size.height) {
    height = size.height;
    width = Math.min(size.width, Math.round(height * ratio));
  }
  const place = (centre: number, length: number, whole: number) => Math.min(whole - length, Math.max(0, Math.round(centre * whole - length / 2)));
  return { left: place(focusPoint.x, width, size.width), top: place(focusPoint.y, height, size.height), width, height };
}

/** The focus point as the page's two classes (app.css: `.focus-x-0`…`.focus-y-10`), so a frame of another shape crops around it too. */
export function focusClasses(focusPoint: { x: number; y: number }): string {
  const tenth = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 10);
  return `focus-x-${tenth(focusPoint.x)} focus-y-${tenth(focusPoint.y)}`;
}

/** A focus point's part, from 0 to 1, to two decimals. */
export const focusShare = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 100) / 100;

const FOCUS_STEPS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** The point an arrow key moves to: a twentieth of the photo a press (a hundredth with Shift); other keys, none. */
export function focusAfterKey(focus: { x: number; y: number }, key: string, fine = false): { x: number; y: number } | null {
  const step = FOCUS_STEPS[key];
  if (!step) return null;
  const size = fine ? 0.01 : 0.05;
  return { x: focusShare(focus.x + step[0] * size), y: focusShare(focus.y + step[1] * size) };
}

/** Where the point is, as a person would say it: "the middle", "left of the middle, near the top". */
export function focusWords({ x, y }: { x: number; y: number }): string {
  const across = x < 0.2 ? "at the left" : x < 0.4 ? "left of the middle" : x <= 0.6 ? "" : x <= 0.8 ? "right of the middle" : "at the right";
  const down = y < 0.2 ? "at the top" : y < 0.4 ? "near the top" : y <= 0.6 ? "" : y <= 0.8 ? "near the bottom" : "at the bottom";
  if (!across && !down) return "the middle";
  if (!across) return `halfway across, ${down}`;
  if (!down) return `halfway down, ${across}`;
  return `${across}, ${down}`;
}
