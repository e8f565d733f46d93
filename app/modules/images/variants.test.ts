import { describe, expect, it } from "vitest";
import { fallbackSrc, offeredWidths, srcSet, type PictureData } from "./picture-data";
import { parsePictureAddress, parseVariant, variantPath } from "./variants";

const wide: PictureData = { path: "/images/blog/open-evening", width: 1200, height: 675 };
const smallPhoto: PictureData = { path: "/images/team/freya", width: 500, height: 625 };

describe("picture addresses", () => {
  it("read the kind and name of a picture, and nothing else", () => {
    expect(parsePictureAddress("/images/team/freya.svg")).toEqual({ kind: "team", name: "freya" });
    expect(parsePictureAddress("/images/team/freya.jpg")).toEqual({ kind: "team", name: "freya" });
    expect(parsePictureAddress("/images/secrets/x.svg")).toBeUndefined();
    expect(parsePictureAddress("/images/team/../x.svg")).toBeUndefined();
    expect(parsePictureAddress("https://example.com/images/team/freya.svg")).toBeUndefined();
  });

  it("name a copy beside its picture", () => {
    expect(variantPath("/images/team/freya.svg", 480, "avif")).toBe("/images/team/freya-480.avif");
    expect(variantPath("/elsewhere/freya.svg", 480, "avif")).toBeUndefined();
  });

  it("read only the widths and formats the server makes", () => {
    expect(parseVariant("salon-3-logo-320.png")).toEqual({ name: "salon-3-logo", width: 320, format: "png" });
    expect(parseVariant("freya-1200.jpg")).toEqual({ name: "freya", width: 1200, format: "jpg" });
    expect(parseVariant("freya-481.avif")).toBeUndefined();
    expect(parseVariant("freya-480.gif")).toBeUndefined();
    expect(parseVariant("../x-480.avif")).toBeUndefined();
  });
});

describe("what <Picture> offers", () => {
  it("offers a wide picture at every width asked for, with its largest JPEG as the fallback", () => {
    expect(srcSet(wide, [320, 640], "webp")).toBe("/images/blog/open-evening-320.webp 320w, /images/blog/open-evening-640.webp 640w");
    expect(fallbackSrc(wide, [320, 640])).toBe("/images/blog/open-evening-640.jpg");
  });

  it("never offers a photograph wider than it is, and falls back to its largest JPEG", () => {
    expect(offeredWidths(smallPhoto, [320, 480, 640])).toEqual([320, 480]);
    expect(offeredWidths({ ...smallPhoto, width: 100 }, [480, 320])).toEqual([320]);
    expect(fallbackSrc(smallPhoto, [320, 480, 640])).toBe("/images/team/freya-480.jpg");
  });

  it("ignores widths the server does not make", () => {
    expect(offeredWidths(wide, [300, 320])).toEqual([320]);
  });
});
