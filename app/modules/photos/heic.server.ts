/**
 * A phone's HEIC photo, decoded to pixels for sharp: sharp's own libvips reads
 * HEIF only with the AV1 codec (AVIF), not the HEVC an iPhone saves with.
 * libheif, compiled to WebAssembly (the heic-decode package), decodes it here,
 * loaded the first time a HEIC arrives. Its size is read before its pixels,
 * so a picture over the limit is refused before it is decoded. Decision 0042.
 */
import type { Sharp } from "sharp";
import sharp from "sharp";

export type HeicDecoded = { kind: "ready"; image: Sharp; width: number; height: number } | { kind: "unreadable" } | { kind: "too-many-pixels" };

/** The first (primary) picture of a HEIC file as a sharp pipeline of its pixels, upright as the phone showed it. */
export async function decodeHeic(bytes: Buffer, maxPixels: number): Promise<HeicDecoded> {
  const { default: decode } = await import("heic-decode");
  let images: Awaited<ReturnType<typeof decode.all>>;
  try {
    images = await decode.all({ buffer: bytes });
  } catch {
    return { kind: "unreadable" };
  }
  try {
    const [first] = images;
    if (!first || first.width <= 0 || first.height <= 0) return { kind: "unreadable" };
    if (first.width * first.height > maxPixels) return { kind: "too-many-pixels" };
    const { width, height, data } = await first.decode();
    const pixels = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    return { kind: "ready", image: sharp(pixels, { raw: { width, height, channels: 4 } }), width, height };
  } catch {
    return { kind: "unreadable" };
  } finally {
    images.dispose();
  }
}
