/**
 * What a page needs to show a picture (a file: the salon's photograph or a
 * sample picture), and the addresses of its raster copies. Made on the server by the picture library
 * (picture-library.server.ts), sent in loader data, read by <Picture>.
 */
import { rasterWidths, type RasterFormat } from "./variants";

export interface PictureData {
  /** /images/{kind}/{name}: the raster copies are {path}-{width}.{format}. */
  path: string;
  /** The picture's own size: its file's, upright (or its kind's shape when the file is missing). */
  width: number;
  height: number;
  /** Shown until the picture arrives: a tiny blurred copy of it, or a plain colour when its file is missing (data: URLs). */
  placeholder?: string;
  /** A photo's own words for the people who cannot see it, given when it was uploaded. */
  alt?: string;
  /** A photo's focus point as two classes (app.css), so a frame of another shape crops around it. */
  focus?: string;
}

/** The widths to offer: a picture is never enlarged, so none wider than it (but at least one). */
export function offeredWidths(picture: Pick<PictureData, "width">, wanted: readonly number[]): number[] {
  const sizes = wanted.filter((w) => (rasterWidths as readonly number[]).includes(w)).sort((a, b) => a - b);
  const fitting = sizes.filter((w) => w <= picture.width);
  return fitting.length > 0 ? fitting : sizes.slice(0, 1);
}

/** "…-320.avif 320w, …-640.avif 640w" */
export function srcSet(picture: PictureData, widths: readonly number[], format: RasterFormat): string {
  return offeredWidths(picture, widths)
    .map((w) => `${picture.path}-${w}.${format} ${w}w`)
    .join(", ");
}

/** The <img> fallback for browsers that take neither AVIF nor WebP: a JPEG at the widest offered width. */
export function fallbackSrc(picture: PictureData, widths: readonly number[]): string {
  const offered = offeredWidths(picture, widths);
  return `${picture.path}-${offered.at(-1) ?? rasterWidths[0]}.jpg`;
}
