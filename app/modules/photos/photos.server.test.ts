import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { preparePhoto } from "./photos.server";

const flat = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: channels === 4 ? { r: 176, g: 122, b: 79, alpha: 0.5 } : "#b07a4f" } });

/** A phone's JPEG taken sideways: stored 40 × 30 with orientation 6 (turn right), and where it was taken. */
const sidewaysWithGps = () =>
  flat(40, 30)
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Make: "Pocketphone" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" } })
    .toBuffer();

/** A PNG whose header claims a size it does not have: a "decompression bomb" that must be refused unread. */
async function claimsToBeHuge(): Promise<Buffer> {
  const png = await flat(2, 2).png().toBuffer();
  // The IHDR chunk: length (4), "IHDR" (4), width (4), height (4)… then its CRC over type and data.
  png.writeUInt32BE(30_000, 16);
  png.writeUInt32BE(30_000, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

/** The first box of an iPhone's HEIC: ftyp, brand heic, compatible mif1 and heic; sharp's own libvips has no HEVC decoder. */
function heicStart(): Buffer {
  const brands = "heic\0\0\0\0mif1heic";
  const box = Buffer.alloc(8 + brands.length);
  box.writeUInt32BE(box.length, 0);
  box.write(`ftyp${brands}`, 4, "latin1");
  return Buffer.concat([box, Buffer.alloc(200)]);
}

describe("preparing a photo", () => {
  it("turns a phone's sideways JPEG upright and keeps none of its EXIF, GPS included", async () => {
    const original = await sidewaysWithGps();
    const before = await sharp(original).metadata();
    expect([before.orientation, before.exif?.includes(Buffer.from("Pocketphone"))]).toEqual([6, true]);
    const prepared = await preparePhoto(original);
    if (prepared.kind !== "ready") throw new Error(prepared.kind);
    expect([prepared.format, prepared.width, prepared.height]).toEqual(["jpeg", 30, 40]);
    const meta = await sharp(prepared.bytes).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([30, 40, undefined]);
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(prepared.bytes.includes(Buffer.from("Pocketphone"))).toBe(false);
  });

  it("keeps a see-through PNG see-through (as WebP), takes WebP, and makes a large photo at most 2400 pixels a side", async () => {
    const clear = await preparePhoto(await flat(20, 10, 4).png().toBuffer());
    expect(clear).toMatchObject({ kind: "ready", format: "webp", width: 20, height: 10 });
    expect(await preparePhoto(await flat(20, 10).webp().toBuffer())).toMatchObject({ kind: "ready", format: "jpeg" });
    expect(await preparePhoto(await flat(3000, 2000).jpeg().toBuffer())).toMatchObject({ kind: "ready", width: 2400, height: 1600 });
  });

  it("refuses by content whatever is not a JPEG, PNG or WebP, and a picture that only starts like one", async () => {
    for (const bytes of [
      Buffer.from("just words, in a file named photo.jpg"),
      Buffer.from("%PDF-1.7\n%%EOF\n"),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      await flat(8, 8).gif().toBuffer(),
      await flat(8, 8).avif().toBuffer(),
      (await flat(64, 64).jpeg().toBuffer()).subarray(0, 40),
    ]) {
      expect(await preparePhoto(bytes)).toEqual({ kind: "not-an-image" });
    }
  });

  it("takes a phone's HEIC (HEVC), kept as a JPEG with its colours where they were", async () => {
    const prepared = await preparePhoto(fs.readFileSync(path.resolve("tests/fixtures/photos/red-and-blue-halves.heic")));
    if (prepared.kind !== "ready") throw new Error(prepared.kind);
    expect([prepared.format, prepared.width, prepared.height]).toEqual(["jpeg", 320, 240]);
    const { data } = await sharp(prepared.bytes).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * 320 + x) * 3, (y * 320 + x) * 3 + 3)];
    const [red, blue] = [at(40, 120), at(280, 120)];
    expect(red[0]! > 150 && red[2]! < 90).toBe(true);
    expect(blue[2]! > 150 && blue[0]! < 90).toBe(true);
  });

  it("names an HEIC it cannot read, and refuses a picture claiming 900 million pixels before decoding it", async () => {
    expect(await preparePhoto(heicStart())).toEqual({ kind: "heic-unreadable" });
    expect(await preparePhoto(await claimsToBeHuge())).toEqual({ kind: "too-many-pixels" });
  });
});
