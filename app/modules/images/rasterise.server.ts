import { createHash } from "node:crypto";
import sharp from "sharp";
import type { RasterFormat } from "./variants";

const MAX_ENTRIES = 400;
const cache = new Map<string, Promise<Buffer>>();

export const contentTypes: Record<RasterFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  png: "image/png",
};

/**
 * Draws an SVG as AVIF, WebP or PNG at a width. Each result is kept in memory
 * (a few hundred small files at most), so a picture is encoded once per
 * process and the same SVG text always gives the same file.
 */
export function rasterise(svg: string, width: number, format: RasterFormat): Promise<Buffer> {
  const key = `${createHash("sha1").update(svg).digest("hex")}:${width}:${format}`;
  const hit = cache.get(key);
  if (hit) {
    // Most recently used goes to the back.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const intrinsic = Number(/\bwidth="(\d+)"/.exec(svg)?.[1] ?? width);
  // Render the vector at the density that gives the target width directly, so edges stay sharp.
  const density = Math.min(2400, Math.max(1, (72 * width) / intrinsic));
  let image = sharp(Buffer.from(svg), { density }).resize({ width });
  image = format === "avif" ? image.avif({ quality: 55, effort: 2 }) : format === "webp" ? image.webp({ quality: 80 }) : image.png();
  const result = image.toBuffer();
  cache.set(key, result);
  result.catch(() => cache.delete(key));
  while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return result;
}
