/**
 * A HEIC's picture size, read from its header before anything is decoded
 * (issue 31: "a 23 KB HEIC of 99.9 megapixels stops the whole site"). A HEIF
 * file says each picture's size in an `ispe` (image spatial extents) property,
 * under meta › iprp › ipco; a phone's photo made of tiles has one for the
 * whole picture and one for the tiles. The largest is what a decoder would
 * make, so that is the count judged. Pure: bytes in, a number out.
 */

/** HEIC photos over this many pixels are refused before they are decoded (a phone's largest, 48 MP, passes). */
export const HEIC_MAX_PIXELS = 64_000_000;

interface Box {
  type: string;
  /** Where the box's content starts and ends. */
  start: number;
  end: number;
}

/** The boxes between `start` and `end`; undefined when one runs past the end (a damaged or cut file). */
function boxes(bytes: Buffer, start: number, end: number): Box[] | undefined {
  const found: Box[] = [];
  let at = start;
  while (at + 8 <= end) {
    let size = bytes.readUInt32BE(at);
    const type = bytes.toString("latin1", at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) return undefined;
      const large = bytes.readBigUInt64BE(at + 8);
      if (large > BigInt(end - at)) return undefined;
      size = Number(large);
      header = 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < header || at + size > end) return undefined;
    found.push({ type, start: at + header, end: at + size });
    at += size;
  }
  return found;
}

const child = (bytes: Buffer, parent: Box | undefined, type: string, skip = 0): Box | undefined =>
  parent && boxes(bytes, parent.start + skip, parent.end)?.find((box) => box.type === type);

/**
 * The largest picture a HEIF file declares, in pixels (width × height of its
 * largest `ispe`), or undefined when the header cannot be read or declares no
 * size (such a file is not one a decoder should be given).
 */
export function heicPixelCount(bytes: Buffer): number | undefined {
  const top = boxes(bytes, 0, bytes.length);
  const meta = top?.find((box) => box.type === "meta");
  // meta is a full box: a version and flags (4 bytes) before its children.
  const ipco = child(bytes, child(bytes, meta, "iprp", 4), "ipco");
  if (!ipco) return undefined;
  let largest: number | undefined;
  for (const property of boxes(bytes, ipco.start, ipco.end) ?? []) {
    // ispe: version and flags (4), width (4), height (4).
    if (property.type !== "ispe" || property.end - property.start < 12) continue;
    const pixels = bytes.readUInt32BE(property.start + 4) * bytes.readUInt32BE(property.start + 8);
    largest = Math.max(largest ?? 0, pixels);
  }
  return largest;
}
