import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ContentError } from "~/modules/fields/content-fields";
import { COPIES_AT_ONCE, CopyMaker } from "./copies.server";
import { MISSING_PICTURE_COLOUR, openPictureLibrary, type PictureLibraryOptions } from "./picture-library.server";

let root: string;
let options: PictureLibraryOptions;

/** A photograph as a camera would save it: `width` × `height` pixels, stored sideways when `orientation` says so. */
async function photo(file: string, width: number, height: number, orientation = 1) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await sharp({ create: { width, height, channels: 3, background: { r: 180, g: 120, b: 90 } } })
    .withMetadata({ orientation, exif: { IFD0: { Copyright: "Salon camera", ImageDescription: "taken at 12 Bridge Street" } } })
    .jpeg()
    .toFile(file);
}

beforeEach(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "bha-pictures-"));
  const copiesDir = path.join(root, "data/images/copies");
  options = { photosDir: path.join(root, "content/images"), copiesDir, copies: await CopyMaker.open([copiesDir]) };
});
afterEach(async () => {
  await options.copies.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("the picture library", () => {
  it("shows a picture without a file as a plain tile in its kind's shape, and names it as missing", async () => {
    await photo(path.join(options.photosDir, "blog/open-evening.jpg"), 1200, 675);
    const library = await openPictureLibrary(options);
    const portrait = library.describe("/images/team/freya.svg")!;
    expect(portrait).toMatchObject({ path: "/images/team/freya", width: 400, height: 500 });
    expect(portrait.placeholder).toBe(`data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><rect width="1" height="1" fill="${MISSING_PICTURE_COLOUR}"/></svg>`)}`);
    expect(library.describe("/favicon.svg")).toBeUndefined();
    expect(library.missing(["team/freya", "blog/open-evening", "salons/salon-3-logo"])).toEqual(["team/freya", "salons/salon-3-logo"]);

    const tile = await library.raster("team", "freya", 320, "avif");
    expect(await sharp(tile).metadata()).toMatchObject({ format: "heif", width: 320, height: 400 });
    const { dominant } = await sharp(await library.raster("team", "freya", 640, "png")).stats();
    expect(await sharp(await library.raster("team", "freya", 640, "png")).metadata()).toMatchObject({ width: 400, height: 500 });
    const hex = `#${[dominant.r, dominant.g, dominant.b].map((c) => c.toString(16).padStart(2, "0")).join("")}`.toUpperCase();
    expect(Math.abs(parseInt(hex.slice(1, 3), 16) - parseInt(MISSING_PICTURE_COLOUR.slice(1, 3), 16))).toBeLessThan(16);
    expect(library.sharePath("/images/blog/open-evening.svg")).toBe("/images/blog/open-evening-1200.jpg");
  });

  it("takes a salon's photograph by file name: upright size, a tiny blurred placeholder, copies never enlarged", async () => {
    // 1200 × 900 as stored, but the camera was held upright: it shows 900 wide and 1200 tall.
    await photo(path.join(options.photosDir, "team/freya.jpg"), 1200, 900, 6);
    await photo(path.join(options.photosDir, "work/freya-2.jpg"), 640, 480);
    await photo(path.join(options.photosDir, "work/freya-10.jpg"), 640, 480);
    await photo(path.join(options.photosDir, "work/freya-1.jpg"), 640, 480);
    const library = await openPictureLibrary(options);

    const described = library.describe("/images/team/freya.svg")!;
    expect(described).toMatchObject({ path: "/images/team/freya", width: 900, height: 1200 });
    const placeholder = Buffer.from(described.placeholder!.replace(/^data:image\/webp;base64,/, ""), "base64");
    expect(await sharp(placeholder).metadata()).toMatchObject({ format: "webp", width: 12, height: 16 });
    expect(library.sharePath("/images/team/freya.svg")).toBe("/images/team/freya-1200.jpg");
    expect(library.photoNames("work", "freya-")).toEqual(["freya-1", "freya-2", "freya-10"]);

    const webp = await library.raster("team", "freya", 480, "webp");
    expect(await sharp(webp!).metadata()).toMatchObject({ format: "webp", width: 480, height: 640 });
    const jpeg = await library.raster("team", "freya", 1200, "jpg");
    const meta = await sharp(jpeg!).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 900, height: 1200 });
    // The camera's metadata (which can say where a picture was taken) never leaves the server.
    expect((await sharp(path.join(options.photosDir, "team/freya.jpg")).metadata()).exif).toBeDefined();
    expect(meta.exif).toBeUndefined();
  });

  it("keeps copies on disk, and makes new ones when a photograph is replaced", async () => {
    const file = path.join(options.photosDir, "blog/open-evening.jpg");
    await photo(file, 800, 450);
    const first = await openPictureLibrary(options);
    const before = await first.raster("blog", "open-evening", 320, "avif");
    const copies = options.copiesDir;
    expect(fs.readdirSync(copies).filter((f) => f.endsWith(".avif"))).toHaveLength(1);
    expect(await first.raster("blog", "open-evening", 320, "avif")).toEqual(before);

    await photo(file, 1600, 900);
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const second = await openPictureLibrary(options);
    expect(second.describe("/images/blog/open-evening.svg")).toMatchObject({ width: 1600, height: 900 });
    await second.raster("blog", "open-evening", 320, "avif");
    expect(fs.readdirSync(copies).filter((f) => f.endsWith(".avif"))).toHaveLength(2);
  });

  it("finding: pictures were made on first request and a crawl met 503s; every copy a page names is made ahead, and one asked for meanwhile is made first", async () => {
    await photo(path.join(options.photosDir, "blog/open-evening.jpg"), 1200, 675);
    await photo(path.join(options.photosDir, "team/freya.jpg"), 400, 500);
    const library = await openPictureLibrary(options);
    await library.prepare();
    // Six widths in three formats for the post's picture, two for the portrait, plus each kind's tile: many wait behind the few being made.
    const waiting = options.copies.waiting;
    expect(waiting).toBeGreaterThan(30);
    const asked = library.raster("team", "freya", 320, "avif");
    const jpeg = await asked;
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: "heif", width: 320 });
    // Served while most copies still wait: it went to the front of the line (at the back, it would have been made
    // last, with none waiting). How many the other slot makes meanwhile depends on the machine's load: a bound, not a count.
    expect(options.copies.waiting).toBeGreaterThan(waiting / 2);
    await options.copies.idle();
    expect(options.copies.stats.peak).toBeLessThanOrEqual(COPIES_AT_ONCE);
    const made = options.copies.stats.made;
    // All on disk: asking again, or preparing again, makes nothing.
    await library.prepare();
    expect(options.copies.waiting).toBe(0);
    for (const width of [160, 320, 480, 640, 800, 1200]) await library.raster("blog", "open-evening", width, "webp");
    await library.raster("team", "freya", 320, "jpg");
    expect(options.copies.stats.made).toBe(made);
  });

  it("stops the start with the file named when a photograph cannot be used", async () => {
    await photo(path.join(options.photosDir, "team/Freya Photo.jpg"), 100, 100);
    await expect(openPictureLibrary(options)).rejects.toThrow(new ContentError(
      "content/images/team/Freya Photo.jpg: name a photograph after what it shows, in lower case with hyphens, as a .jpg, .png, .webp or .avif file (like freya.jpg)",
    ));
    fs.rmSync(options.photosDir, { recursive: true });

    fs.mkdirSync(path.join(options.photosDir, "staff"), { recursive: true });
    await expect(openPictureLibrary(options)).rejects.toThrow(/content\/images\/staff: photographs go in a folder named for their kind: team, salons/);
    fs.rmSync(options.photosDir, { recursive: true });

    fs.mkdirSync(path.join(options.photosDir, "team"), { recursive: true });
    fs.writeFileSync(path.join(options.photosDir, "team/freya.jpg"), "not a picture");
    await expect(openPictureLibrary(options)).rejects.toThrow(/content\/images\/team\/freya.jpg: this file could not be read as a picture/);
    await photo(path.join(options.photosDir, "team/freya.png"), 100, 100);
    fs.rmSync(path.join(options.photosDir, "team/freya.jpg"));
    await photo(path.join(options.photosDir, "team/freya.jpeg"), 100, 100);
    await expect(openPictureLibrary(options)).rejects.toThrow(/there is already a photograph named freya/);
  });
});
