/**
 * The site's pictures: files found by name under
 * content/images/{kind}/{name}.{jpg,jpeg,png,webp,avif}, the salon's
 * photographs or the sample pictures shipped with the sample salon (made once
 * by `npm run sample-pictures`; docs/decisions/0036-sample-pictures-as-files.md).
 * Has the AVIF, WebP, JPEG and PNG copies at the fixed widths made ahead by
 * the one copy maker (copies.server.ts), and tells pages what they need to show a
 * picture without layout shift: its size and a placeholder. A picture whose
 * file is missing is a plain tile of the site's linen colour in its kind's
 * shape, never a broken image; the start's log names the missing files.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import { writePrivateFileWhole } from "~/.server/private-files.server";
import path from "node:path";
import sharp from "sharp";
import { ContentError } from "~/modules/fields/content-fields";
import { encoders, pageCopies, type CopyJob, type CopyMaker } from "./copies.server";
import type { PictureData } from "./picture-data";
import { isPictureKind, parsePictureAddress, pictureKinds, PICTURE_NAME, variantPath, type PictureKind, type RasterFormat } from "./variants";

const PHOTO_FILE = /^(.+)\.(jpe?g|png|webp|avif)$/i;
export interface Photo {
  /** The file, absolute. */
  file: string;
  /** Upright size (after the camera's orientation is applied). */
  width: number;
  height: number;
  /** A 16-pixel-wide WebP of it, as a data: URL. */
  placeholder: string;
  /** Changes whenever the file does: part of its copies' cache key. */
  version: string;
}

export interface PictureLibraryOptions {
  /** Where the pictures are: CONTENT_DIR/images. */
  photosDir: string;
  /**
   * Where the copies are kept (made by `copies`, opened on it), and the pictures' sizes beside them:
   * DATA_DIR/images/copies, or PICTURE_COPIES_DIR. Safe to delete at any time.
   */
  copiesDir: string;
  copies: CopyMaker;
}

export type PictureLibrary = Awaited<ReturnType<typeof openPictureLibrary>>;

/** The colour of a missing picture's tile: the site's linen, calm beside the real pictures. */
export const MISSING_PICTURE_COLOUR = "#EFE6DA";
const colourPlaceholder = (colour: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><rect width="1" height="1" fill="${colour}"/></svg>`)}`;

/** Reads a photograph's upright size and makes its placeholder. */
async function measure(file: string): Promise<Pick<Photo, "width" | "height" | "placeholder">> {
  const meta = await sharp(file).metadata();
  // Orientations 5 to 8 turn the picture on its side.
  const sideways = (meta.orientation ?? 1) >= 5;
  const tiny = await sharp(file).rotate().resize({ width: 16, height: 16, fit: "inside" }).webp({ quality: 50 }).toBuffer();
  return { width: sideways ? meta.height : meta.width, height: sideways ? meta.width : meta.height, placeholder: `data:image/webp;base64,${tiny.toString("base64")}` };
}

type Manifest = Record<string, Photo>;

/**
 * Finds the salon's photographs. A file that is not a picture name or a kind
 * of picture stops the start with a message naming it, like any mistake in
 * content/; sizes and placeholders are kept beside the copies, by what each
 * file holds, so a restart (or another server sharing the copies) does not
 * read every photograph again.
 */
async function findPhotos(photosDir: string, copiesDir: string): Promise<Map<string, Photo>> {
  const found = new Map<string, Photo>();
  if (!fs.existsSync(photosDir)) return found;
  const manifestFile = path.join(copiesDir, "photos.json");
  // No manifest yet, or an unreadable one: measure again.
  const manifest = await fsp.readFile(manifestFile, "utf8").then((text) => JSON.parse(text) as Manifest).catch((): Manifest => ({}));
  const shown = (...parts: string[]) => path.join("content/images", ...parts);
  const keys = new Set<string>();
  const entries: { key: string; file: string; shownAs: string }[] = [];
  for (const kind of (await fsp.readdir(photosDir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    if (kind.name.startsWith(".")) continue;
    // An exported site's uploaded photos: seeded into the database (app/modules/photos/photo-folder.server.ts), not pictures by name.
    if (kind.name === "photos" && kind.isDirectory()) continue;
    if (!kind.isDirectory() || !isPictureKind(kind.name)) {
      throw new ContentError(`${shown(kind.name)}: photographs go in a folder named for their kind: ${Object.keys(pictureKinds).join(", ")}`);
    }
    for (const entry of (await fsp.readdir(path.join(photosDir, kind.name))).sort()) {
      if (entry.startsWith(".")) continue;
      const match = PHOTO_FILE.exec(entry);
      if (!match || !PICTURE_NAME.test(match[1]!)) {
        throw new ContentError(
          `${shown(kind.name, entry)}: name a photograph after what it shows, in lower case with hyphens, as a .jpg, .png, .webp or .avif file (like freya.jpg)`,
        );
      }
      const key = `${kind.name}/${match[1]}`;
      if (keys.has(key)) throw new ContentError(`${shown(kind.name, entry)}: there is already a photograph named ${match[1]} in ${shown(kind.name)}`);
      keys.add(key);
      const file = path.join(photosDir, kind.name, entry);
      entries.push({ key, file, shownAs: shown(kind.name, entry) });
    }
  }
  // Measured a few at a time (sharp works on its own threads): a start with a hundred new pictures takes a moment, not many.
  const measured = new Map<string, Photo>();
  let changed = Object.keys(manifest).length !== entries.length;
  let next = 0;
  async function worker() {
    while (next < entries.length) {
      const { key, file, shownAs } = entries[next++]!;
      // What the file holds, not when it was written: a checkout or copy of the same pictures finds the copies
      // already made in a shared PICTURE_COPIES_DIR (a fresh clone's files are all new by their times).
      const version = createHash("sha256").update(await fsp.readFile(file)).digest("hex").slice(0, 16);
      const known = manifest[key];
      if (known && known.file === file && known.version === version) {
        measured.set(key, known);
        continue;
      }
      try {
        measured.set(key, { file, version, ...(await measure(file)) });
        changed = true;
      } catch (error) {
        throw new ContentError(`${shownAs}: this file could not be read as a picture (${(error as Error).message})`);
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(4, entries.length) }, worker));
  for (const { key } of entries) found.set(key, measured.get(key)!);
  // Only a cache: one not written (another start in this process writing it this moment) is measured again next time.
  if (changed) await writePrivateFileWhole(manifestFile, Buffer.from(JSON.stringify(Object.fromEntries(found)))).catch(() => undefined);
  return found;
}

export async function openPictureLibrary(options: PictureLibraryOptions) {
  const photos = await findPhotos(options.photosDir, options.copiesDir);
  const { copies, copiesDir } = options;

  /** A copy of a photograph, or of its kind's tile when it has no file. */
  function job(kind: PictureKind, name: string, width: number, format: RasterFormat): CopyJob {
    const named = (key: string) => path.join(copiesDir, `${createHash("sha1").update(key).digest("hex")}.${format}`);
    const photo = photos.get(`${kind}/${name}`);
    if (photo) {
      return {
        file: named(`photo:${kind}/${name}:${photo.version}:${width}`),
        // Upright, never enlarged, and without the camera's metadata (which can say where it was taken).
        make: () => encoders[format](sharp(photo.file).rotate().resize({ width, withoutEnlargement: true })).toBuffer(),
      };
    }
    const shape = pictureKinds[kind];
    const tile = { width: Math.min(width, shape.width), height: Math.round((Math.min(width, shape.width) * shape.height) / shape.width) };
    return {
      file: named(`missing:${kind}:${tile.width}:${MISSING_PICTURE_COLOUR}`),
      make: () => encoders[format](sharp({ create: { ...tile, channels: 3, background: MISSING_PICTURE_COLOUR } })).toBuffer(),
    };
  }

  return {
    /** What a page needs to show the picture at an /images/… address; undefined for an address that is no picture. */
    describe(src: string): PictureData | undefined {
      const picture = parsePictureAddress(src);
      if (!picture) return undefined;
      const { kind, name } = picture;
      const base = `/images/${kind}/${name}`;
      const photo = photos.get(`${kind}/${name}`);
      if (photo) return { path: base, width: photo.width, height: photo.height, placeholder: photo.placeholder };
      return { path: base, ...pictureKinds[kind], placeholder: colourPlaceholder(MISSING_PICTURE_COLOUR) };
    },
    /** The address sharing sites are given for a picture: a JPEG at most 1200 pixels wide. */
    sharePath: (src: string) => variantPath(src, 1200, "jpg") ?? src,
    /** The file under a kind and name, if there is one. */
    photo: (kind: PictureKind, name: string) => photos.get(`${kind}/${name}`),
    /** The names of a kind's files that start with a prefix, in order ("work", "freya-" → freya-1, freya-2). */
    photoNames: (kind: PictureKind, prefix: string) =>
      [...photos.keys()]
        .filter((key) => key.startsWith(`${kind}/${prefix}`))
        .map((key) => key.slice(kind.length + 1))
        .sort((a, b) => a.localeCompare(b, "en", { numeric: true })),
    /** "kind/name" of each of these that has no file, in the order given. */
    missing: (names: Iterable<string>) => [...names].filter((key) => !photos.has(key)),
    /** A copy of a picture at a width and format: of its file, or, when it has none, a plain tile in its kind's shape. The caller checks that the name is one the site uses. */
    async raster(kind: PictureKind, name: string, width: number, format: RasterFormat) {
      return (await copies.get(job(kind, name, width, format)))!;
    },
    /** Queues every copy a page names (each file's, and each kind's tile) that is not on disk yet. */
    prepare() {
      // Each kind's tile too: a name the studio adds later shows it at once.
      const tiles = Object.entries(pictureKinds).map(([kind, shape]) => ({ key: `${kind}/`, ...shape }));
      const jobs = [...[...photos].map(([key, photo]) => ({ key, ...photo })), ...tiles].flatMap(({ key, width }) => {
        const [kind, name] = key.split("/") as [PictureKind, string];
        // The widths <Picture> offers in each format, and the 1200-pixel JPEG sharing sites are given (sharePath).
        return [...pageCopies(width, (w, format) => job(kind, name, w, format)), job(kind, name, 1200, "jpg")];
      });
      return copies.prepare(jobs);
    },
  };
}
