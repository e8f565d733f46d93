/**
 * Photos from a phone, stored in the database (decision record 0042): an
 * upload is judged by its content, decoded by sharp, turned upright and
 * re-encoded without a byte of its metadata (so no camera's EXIF, GPS
 * position included, ever reaches the site), at most 2400 pixels a side. The
 * picture a target shows is its newest photo not removed; removing one brings
 * back the one before, or the sample file. The copies pages ask for are made
 * by `photoCopy`, cropped to the target's frame around the focus point, with
 * the content pictures' encoders (app/modules/images/copies.server.ts).
 */
import sharp from "sharp";
import type { Selectable } from "kysely";
import type { Db, PhotoTable } from "~/.server/db/schema";
import { recordAudit } from "~/modules/audit/audit.server";
import { listStylists } from "~/modules/catalogue/catalogue.server";
import { fieldErrors } from "~/modules/fields/form-fields";
import { listBlogPosts } from "~/modules/site/blog.server";
import { IMAGE_KINDS, sniffFileKind } from "~/modules/uploads/file-kinds";
import { HEIC_MAX_PIXELS } from "./heic-size";
import { prepareHeicPhoto } from "./heic.server";
import type { PictureData } from "~/modules/images/picture-data";
import type { RasterFormat } from "~/modules/images/variants";
import { encoders } from "~/modules/images/copies.server";
import { workFileNames } from "~/modules/images/picture-names";
import { stillDrawn, type StillDrawn } from "./still-drawn";
import {
  cropBox,
  FILE_REQUIRED,
  joinsOthers,
  focusClasses,
  mapTarget,
  focusOf,
  parseTarget,
  PHOTO_LONGEST_SIDE,
  PHOTO_MAX_PIXELS,
  photoFieldsSchema,
  photoPath,
  targetShape,
  type PhotoTarget,
} from "./photo-rules";

const summaryColumns = ["id", "target", "width", "height", "placeholder", "alt", "focus_x", "focus_y", "created_by", "created_at"] as const;
/** What a page needs of a photo shown now: no bytes. */
export type PhotoSummary = Pick<Selectable<PhotoTable>, (typeof summaryColumns)[number]>;

/** The photos shown now, newest first for each target: read once for each page request (one small query, no bytes). */
export interface PhotoIndex {
  /** The photo a target shows, if it has one. */
  shown(target: string): PhotoSummary | undefined;
  /** Every photo a target has, newest first (a stylist's work shows them all). */
  all(target: string): PhotoSummary[];
}

export async function currentPhotos(db: Db): Promise<PhotoIndex> {
  const rows = await db.selectFrom("photos").select(summaryColumns).where("removed_at", "is", null).orderBy("id", "desc").execute();
  const byTarget = new Map<string, PhotoSummary[]>();
  for (const row of rows) {
    const list = byTarget.get(row.target) ?? [];
    list.push({ ...row, focus_x: Number(row.focus_x), focus_y: Number(row.focus_y) });
    byTarget.set(row.target, list);
  }
  return { shown: (target) => byTarget.get(target)?.[0], all: (target) => byTarget.get(target) ?? [] };
}

/** No photos: what a loader called outside a request sees. */
export const noPhotos: PhotoIndex = { shown: () => undefined, all: () => [] };

/** A photo as <Picture> shows it: its copies' address, the crop's size, its placeholder, words and focus point. */
export function describePhoto(photo: PhotoSummary): PictureData {
  const target = parseTarget(photo.target);
  const focus = { x: photo.focus_x, y: photo.focus_y };
  const box = target ? cropBox(photo, targetShape(target), focus) : { width: photo.width, height: photo.height };
  return { path: photoPath(photo.id), width: box.width, height: box.height, placeholder: photo.placeholder, alt: photo.alt, focus: focusClasses(focus) };
}

export type PreparedPhoto =
  | { kind: "ready"; bytes: Buffer; format: "jpeg" | "webp"; width: number; height: number }
  | { kind: "not-an-image" }
  | { kind: "heic-unreadable" }
  | { kind: "too-many-pixels" }
  | { kind: "heic-too-many-pixels" };

const decode = (bytes: Buffer) => sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: "error" });

/**
 * Judges a file by its first bytes (JPEG, PNG, WebP, HEIC), then decodes it
 * whole: a file that only starts like a picture
 * is refused too. What is kept is sharp's own encoding of the pixels, upright:
 * EXIF, GPS, XMP, IPTC, comments and colour profiles are all left behind.
 */
export async function preparePhoto(bytes: Buffer): Promise<PreparedPhoto> {
  const sniffed = sniffFileKind(bytes);
  if (!sniffed || !IMAGE_KINDS.includes(sniffed)) return { kind: "not-an-image" };
  if (sniffed === "heic") {
    // Decoded by libheif in a worker (heic.server.ts) where sharp cannot: kept as a JPEG, like any photo without see-through parts.
    const prepared = await prepareHeicPhoto(bytes, HEIC_MAX_PIXELS, PHOTO_LONGEST_SIDE);
    if (prepared.kind === "too-many-pixels") return { kind: "heic-too-many-pixels" };
    if (prepared.kind === "unreadable") return { kind: "heic-unreadable" };
    return { ...prepared, format: "jpeg" };
  }
  try {
    const { width, height, hasAlpha } = await decode(bytes).metadata();
    if ((width ?? 0) * (height ?? 0) > PHOTO_MAX_PIXELS) return { kind: "too-many-pixels" };
    const image = decode(bytes).rotate().resize({ width: PHOTO_LONGEST_SIDE, height: PHOTO_LONGEST_SIDE, fit: "inside", withoutEnlargement: true });
    const format = hasAlpha ? "webp" : "jpeg";
    const encoded = hasAlpha ? image.webp({ quality: 90, alphaQuality: 90 }) : image.jpeg({ quality: 90, mozjpeg: true });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { kind: "ready", bytes: data, format, width: info.width, height: info.height };
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message)) return { kind: "too-many-pixels" };
    return { kind: "not-an-image" };
  }
}

/** A 16-pixel copy of the part a frame shows, as a data: URL: blurred by the page until the picture arrives. */
export async function placeholderOf(prepared: Extract<PreparedPhoto, { kind: "ready" }>, target: PhotoTarget, focus: { x: number; y: number }): Promise<string> {
  const box = cropBox(prepared, targetShape(target), focus);
  const tiny = await sharp(prepared.bytes).extract(box).resize({ width: 16, height: 16, fit: "inside" }).webp({ quality: 50 }).toBuffer();
  return `data:image/webp;base64,${tiny.toString("base64")}`;
}

/**
 * Records a photo put on the site or taken off it in the studio's history, inside the transaction that
 * stores it (the studio, above this module, passes it in: decision record 0042).
 */
export type PhotoRecorder = (trx: Db, event: { action: "added" | "removed"; id: number; target: string; alt: string; staff: string }, now: Date) => Promise<void>;

/** The photo with this id unless it was removed, its columns for the caller to choose. */
const livePhoto = (db: Db, id: number) => db.selectFrom("photos").where("id", "=", id).where("removed_at", "is", null);

/** Takes a photo off the site: the target shows its earlier photo, or its sample file. Kept in the table (so an undo can bring it back). */
export async function removePhoto(
  db: Db,
  staff: { name: string },
  id: number,
  record?: PhotoRecorder,
  now = new Date(),
): Promise<{ kind: "done"; target: string } | { kind: "not-found" }> {
  return db.transaction().execute(async (trx) => {
    const photo = await livePhoto(trx, id).select(["id", "target", "alt"]).executeTakeFirst();
    if (!photo) return { kind: "not-found" as const };
    await trx.updateTable("photos").set({ removed_at: now.toISOString(), removed_by: staff.name }).where("id", "=", id).execute();
    await recordAudit(trx, { actor: staff.name, action: "photo-removed", subjectType: "photos", subjectId: id, detail: `for ${photo.target}` }, now);
    await record?.(trx, { action: "removed", id, target: photo.target, alt: photo.alt, staff: staff.name }, now);
    return { kind: "done" as const, target: photo.target };
  });
}

/**
 * A photo not removed, without its bytes, and whether the site shows it: the
 * newest of its target's photos, or any of a stylist's work (they all show).
 * One replaced by a newer photo is kept, not shown (issue 31: "a replaced
 * photo stays public at its id"): removing the newer one, or undoing its
 * upload, brings it back.
 */
export async function keptPhoto(db: Db, id: number) {
  const photo = await livePhoto(db, id).select(["id", "target", "width", "height", "focus_x", "focus_y"]).executeTakeFirst();
  if (!photo) return undefined;
  const target = parseTarget(photo.target);
  const newer = await db
    .selectFrom("photos")
    .select("id")
    .where("target", "=", photo.target)
    .where("removed_at", "is", null)
    .where("id", ">", id)
    .limit(1)
    .executeTakeFirst();
  return { ...photo, shown: target !== undefined && (joinsOthers(target) || !newer) };
}

/**
 * A copy of a photo at one of the site's widths: the part its frame shows
 * (cropped around the focus point), never enlarged, re-encoded without
 * metadata. Undefined when the photo is gone.
 */
export async function photoCopy(db: Db, id: number, width: number, format: Exclude<RasterFormat, "png">): Promise<Buffer | undefined> {
  const photo = await livePhoto(db, id).select(["target", "bytes", "width", "height", "focus_x", "focus_y"]).executeTakeFirst();
  if (!photo) return undefined;
  const target = parseTarget(photo.target);
  const box = target ? cropBox(photo, targetShape(target), { x: Number(photo.focus_x), y: Number(photo.focus_y) }) : undefined;
  let image = sharp(Buffer.from(photo.bytes));
  if (box) image = image.extract(box);
  return encoders[format](image.resize({ width, withoutEnlargement: true })).toBuffer();
}

/**
 * Everything a photo can be of now: each stylist's portrait and work, each
 * post, each offer, and the home page's opening band.
 */
export async function photoTargets(db: Db, offers: readonly { slug: string; title: string }[]) {
  const [stylists, posts] = await Promise.all([listStylists(db), listBlogPosts(db)]);
  return [
    ...stylists.map((s) => ({ value: `stylist:${s.slug}`, label: `${s.first_name} ${s.last_name}: portrait` })),
    ...stylists.map((s) => ({ value: `work:${s.slug}`, label: `${s.first_name} ${s.last_name}: their work` })),
    ...posts.map((p) => ({ value: `post:${p.slug}`, label: `Post: ${p.title}` })),
    ...offers.map((o) => ({ value: `offer:${o.slug}`, label: `Offer: ${o.title}` })),
    { value: "hero", label: "The home page's opening band" },
  ];
}

/**
 * What still shows a drawing where a photo belongs (issue 33, the staff desk's "what to do next"): the home page's
 * opening band, each stylist's portrait and their work (the rule: `stillDrawn`, still-drawn.ts). Each is a target
 * the photos page takes (`?for=`), with its label there. `pictures` counts the work files (the picture library).
 */
export async function picturesStillDrawn(db: Db, pictures: { photoNames(kind: "work", prefix: string): string[] }): Promise<StillDrawn[]> {
  const [stylists, photos] = await Promise.all([listStylists(db), listPhotos(db)]);
  return stillDrawn({
    stylists,
    photoTargets: photos.map((photo) => photo.target),
    workFiles: (slug) => workFileNames(pictures.photoNames("work", `${slug}-`), slug).length,
  });
}

/** Each salon's map picture: set on the studio's salons page only (the API's `for` names none), listed with the photos. */
export async function mapTargets(db: Db) {
  const salons = await db.selectFrom("salons").select(["id", "name"]).orderBy("id").execute();
  return salons.map((s) => ({ value: mapTarget(s.id), label: `${s.name}: map` }));
}

export const UNKNOWN_TARGET = "Nothing on the site has that name: choose from the list";

/**
 * The upload, from the fields and the file as read (at most PHOTO_MAX_BYTES,
 * the reader's cap): the fields first (words, consent, target, focus), then
 * the file judged by its content and re-encoded, then stored.
 */
export async function addPhoto(
  /** `targets`: what the photo may be of, when not everything `photoTargets` lists (a salon's map, from its own form). */
  deps: { db: Db; offers: readonly { slug: string; title: string }[]; record?: PhotoRecorder; targets?: { value: string; label: string }[] },
  staff: { name: string },
  fields: Record<string, string | undefined>,
  file: Buffer | undefined,
  now = new Date(),
) {
  const parsed = photoFieldsSchema.safeParse(fields);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  if (parsed.success && !(deps.targets ?? (await photoTargets(deps.db, deps.offers))).some((t) => t.value === parsed.data.for)) errors.for = UNKNOWN_TARGET;
  if (!file || file.length === 0) errors.file = FILE_REQUIRED;
  if (!parsed.success || Object.keys(errors).length > 0) return { kind: "invalid" as const, fields: errors };
  const prepared = await preparePhoto(file!);
  if (prepared.kind !== "ready") return { kind: prepared.kind };
  // Stored and recorded in the audit trail (and, given a recorder, the studio's history) in one transaction. The consent is the uploader's, given now.
  const { for: target, alt } = parsed.data;
  const focus = focusOf(parsed.data);
  const placeholder = await placeholderOf(prepared, parseTarget(target)!, focus);
  const at = now.toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("photos")
      .values({
        target, bytes: prepared.bytes, kind: prepared.format, width: prepared.width, height: prepared.height, placeholder, alt, focus_x: focus.x, focus_y: focus.y,
        consent_by: staff.name, consent_at: at, created_by: staff.name, created_at: at, removed_by: null, removed_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    await recordAudit(trx, { actor: staff.name, action: "photo-added", subjectType: "photos", subjectId: row.id, detail: `for ${target}` }, now);
    await deps.record?.(trx, { action: "added", id, target, alt, staff: staff.name }, now);
    return { kind: "done" as const, id, target };
  });
}

/** Every photo on the site or waiting behind a newer one (not removed), newest first, with who gave the consent and when. */
export function listPhotos(db: Db) {
  return db
    .selectFrom("photos")
    .select([...summaryColumns, "consent_by", "consent_at"])
    .where("removed_at", "is", null)
    .orderBy("id", "desc")
    .execute();
}
