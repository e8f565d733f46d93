import { describe, expect, it } from "vitest";
import { parseVariant, srcSet, variantPath } from "./variants";

describe("raster variants of the drawn pictures", () => {
  it("names a variant beside its SVG", () => {
    expect(variantPath("/images/team/freya.svg", 480, "avif")).toBe("/images/team/freya-480.avif");
    expect(variantPath("/images/team/freya.jpg", 480, "avif")).toBeUndefined();
    expect(srcSet("/images/blog/open-evening.svg", [320, 640], "webp")).toBe(
      "/images/blog/open-evening-320.webp 320w, /images/blog/open-evening-640.webp 640w",
    );
  });

  it("reads only the widths and formats the server makes", () => {
    expect(parseVariant("salon-3-logo-320.png")).toEqual({ name: "salon-3-logo", width: 320, format: "png" });
    expect(parseVariant("freya-481.avif")).toBeUndefined();
    expect(parseVariant("freya-480.gif")).toBeUndefined();
    expect(parseVariant("../x-480.avif")).toBeUndefined();
  });
});
