import { describe, expect, it } from "vitest";
import { heicClaiming, smallHeic } from "../../../tests/support/heic";
import { heicPixelCount } from "./heic-size";

describe("a HEIC's pixel count, read from its header", () => {
  const ftyp = () => {
    const brands = "heic\0\0\0\0mif1heic";
    const box = Buffer.alloc(8 + brands.length);
    box.writeUInt32BE(box.length, 0);
    box.write(`ftyp${brands}`, 4, "latin1");
    return box;
  };
  /** A box of `type` around `content`. */
  const box = (type: string, ...content: Buffer[]) => {
    const body = Buffer.concat(content);
    const head = Buffer.alloc(8);
    head.writeUInt32BE(8 + body.length, 0);
    head.write(type, 4, "latin1");
    return Buffer.concat([head, body]);
  };
  const ispe = (width: number, height: number) => {
    const body = Buffer.alloc(12);
    body.writeUInt32BE(width, 4);
    body.writeUInt32BE(height, 8);
    return box("ispe", body);
  };
  const fullBox = Buffer.alloc(4);
  const heif = (...properties: Buffer[]) => Buffer.concat([ftyp(), box("meta", fullBox, box("hdlr", Buffer.alloc(24)), box("iprp", box("ipco", ...properties))), box("mdat", Buffer.alloc(16))]);

  it.each([
    ["the iPhone-style fixture, 320 × 240", smallHeic(), 76_800],
    ["the fixture edited to claim 11547 × 8652 (99.9 MP)", heicClaiming(11_547, 8_652), 99_904_644],
    ["a photo of tiles: the whole picture's size, not a tile's", heif(ispe(512, 512), ispe(8064, 6048), ispe(512, 512)), 48_771_072],
    ["the largest of two pictures", heif(ispe(4000, 3000), ispe(9000, 9000)), 81_000_000],
    ["sizes up to 2^32 - 1 a side", heif(ispe(0xffffffff, 2)), 2 * 0xffffffff],
  ])("%s", (_name, bytes, pixels) => {
    expect(heicPixelCount(bytes)).toBe(pixels);
  });

  it.each([
    ["only its first box", ftyp()],
    ["no size property", heif(box("pixi", Buffer.alloc(8)))],
    ["a size property cut short", heif(box("ispe", Buffer.alloc(8)))],
    ["the fixture cut in the middle of its header", smallHeic().subarray(0, 200)],
    ["a box claiming to run past the end", Buffer.concat([ftyp(), Buffer.from([0, 0, 0x10, 0, 0x6d, 0x65, 0x74, 0x61])])],
    ["a box claiming a 64-bit size past the end", Buffer.concat([ftyp(), Buffer.from([0, 0, 0, 1, 0x6d, 0x65, 0x74, 0x61, 0, 0, 0, 1, 0, 0, 0, 0])])],
    ["a box shorter than its own header", Buffer.concat([ftyp(), Buffer.from([0, 0, 0, 4, 0x6d, 0x65, 0x74, 0x61])])],
  ])("none from %s", (_name, bytes) => {
    expect(heicPixelCount(bytes)).toBeUndefined();
  });
});
