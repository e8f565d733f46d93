/**
 * Raster copies of the drawn pictures, for browsers and sharing sites:
 * /images/team/freya.svg → /images/team/freya-480.avif. The server makes them
 * on first request (see server/images.ts and docs/decisions/0005).
 */
export const rasterFormats = ["avif", "webp", "png"] as const;
export type RasterFormat = (typeof rasterFormats)[number];

/** The widths the server will make; anything else is a 404, so nobody can ask for endless sizes. */
export const rasterWidths = [160, 320, 480, 640, 800, 1200] as const;

const VARIANT = /^([a-z0-9-]+?)-(\d+)\.(avif|webp|png)$/;

/** The raster variant of a drawn picture, or undefined for a salon's own photograph (not an .svg). */
export function variantPath(src: string, width: number, format: RasterFormat): string | undefined {
  if (!src.startsWith("/images/") || !src.endsWith(".svg")) return undefined;
  return `${src.slice(0, -4)}-${width}.${format}`;
}

/** "…-320.avif 320w, …-640.avif 640w" */
export function srcSet(src: string, widths: readonly number[], format: RasterFormat): string | undefined {
  const parts = widths.map((w) => {
    const path = variantPath(src, w, format);
    return path ? `${path} ${w}w` : undefined;
  });
  return parts.every(Boolean) ? parts.join(", ") : undefined;
}

/** Reads a variant's file name; undefined when it is not one the server makes. */
export function parseVariant(file: string): { name: string; width: number; format: RasterFormat } | undefined {
  const match = VARIANT.exec(file);
  if (!match) return undefined;
  const width = Number(match[2]);
  if (!(rasterWidths as readonly number[]).includes(width)) return undefined;
  return { name: match[1]!, width, format: match[3] as RasterFormat };
}
