/**
 * The raster copies of every picture (a file under content/images), and their
 * addresses: /images/team/freya → /images/team/freya-480.avif. The server makes
 * them ahead and keeps them on disk (copies.server.ts; decision records 0016 and 0057).
 */
export const rasterFormats = ["avif", "webp", "jpg", "png"] as const;
export type RasterFormat = (typeof rasterFormats)[number];

/** The widths the server will make; anything else is a 404, so nobody can ask for endless sizes. */
export const rasterWidths = [160, 320, 480, 640, 800, 1200] as const;

/** 16:9, the shape of every kind but the team's portraits. */
const WIDE = { width: 1200, height: 675 } as const;
/** The kinds of picture and each one's shape: a missing file's plain tile has it, and the sample pictures follow it. */
export const pictureKinds = { team: { width: 400, height: 500 }, salons: WIDE, blog: WIDE, news: WIDE, store: WIDE, offers: WIDE, pages: WIDE, work: WIDE } as const;
export type PictureKind = keyof typeof pictureKinds;

export const isPictureKind = (kind: string): kind is PictureKind => Object.hasOwn(pictureKinds, kind);

/** A picture's name: lower-case letters, digits and hyphens (the file name without its extension). */
export const PICTURE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const ADDRESS = /^\/images\/([a-z]+)\/([a-z0-9-]+)\.([a-z0-9]+)$/;
const VARIANT = /^([a-z0-9-]+?)-(\d+)\.(avif|webp|jpg|png)$/;

/** The kind and name an /images/… address stands for: "/images/team/freya.svg" → team, freya. */
export function parsePictureAddress(src: string): { kind: PictureKind; name: string } | undefined {
  const match = ADDRESS.exec(src);
  if (!match || !isPictureKind(match[1]!) || !PICTURE_NAME.test(match[2]!)) return undefined;
  return { kind: match[1], name: match[2]! };
}

/** The address of a raster copy of a picture: variantPath("/images/team/freya.svg", 480, "avif"). */
export function variantPath(src: string, width: number, format: RasterFormat): string | undefined {
  const picture = parsePictureAddress(src);
  return picture ? `/images/${picture.kind}/${picture.name}-${width}.${format}` : undefined;
}

/** Reads a variant's file name; undefined when it is not one the server makes. */
export function parseVariant(file: string): { name: string; width: number; format: RasterFormat } | undefined {
  const match = VARIANT.exec(file);
  if (!match || !PICTURE_NAME.test(match[1]!)) return undefined;
  const width = Number(match[2]);
  if (!(rasterWidths as readonly number[]).includes(width)) return undefined;
  return { name: match[1]!, width, format: match[3] as RasterFormat };
}
