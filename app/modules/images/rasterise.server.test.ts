import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { portraitSvg, sceneSvg } from "./artwork";
import { rasterise } from "./rasterise.server";

describe("rasterise", () => {
  it("draws a portrait as AVIF and WebP at the asked width, keeping its shape", async () => {
    for (const format of ["avif", "webp"] as const) {
      const file = await rasterise(portraitSvg("Freya Lawson"), 320, format);
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe(format === "avif" ? "heif" : "webp");
      expect(meta.width).toBe(320);
      expect(meta.height).toBe(400);
    }
  });

  it("gives the same file for the same picture, from its cache", async () => {
    const svg = sceneSvg("blog/open-evening");
    const first = rasterise(svg, 640, "png");
    expect(rasterise(svg, 640, "png")).toBe(first);
    expect((await sharp(await first).metadata()).width).toBe(640);
  });
});
