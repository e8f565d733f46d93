import { describe, expect, it } from "vitest";
import {
  ALT_REQUIRED,
  CONSENT_REQUIRED,
  cropBox,
  focusAfterKey,
  focusWords,
  focusClasses,
  formatForAccept,
  parsePhotoFile,
  parseTarget,
  photoFieldsSchema,
  snapWidth,
  TARGET_REQUIRED,
} from "./photo-rules";

describe("what a photo is of", () => {
  it.each([
    ["stylist:freya", { kind: "stylist", slug: "freya" }],
    ["work:jo-anne", { kind: "work", slug: "jo-anne" }],
    ["post:open-evening", { kind: "post", slug: "open-evening" }],
    ["offer:new-starter", { kind: "offer", slug: "new-starter" }],
    ["hero", { kind: "hero" }],
  ])("%s", (text, target) => {
    expect(parseTarget(text)).toEqual(target);
  });

  it.each(["", "stylist:", "stylist:Freya", "stylist:../x", "salon:1", "hero:x", "work:-x", "stylist:a b"])("%j is nothing", (text) => {
    expect(parseTarget(text)).toBeUndefined();
  });
});

describe("the fields that come with a photo", () => {
  const good = { for: "stylist:freya", alt: "Freya smiling at the mirror", consent: "true" };

  it("takes the words, the consent (true, or a ticked box) and an optional focus point", () => {
    expect(photoFieldsSchema.parse(good)).toEqual({ for: "stylist:freya", alt: "Freya smiling at the mirror", consent: true });
    expect(photoFieldsSchema.parse({ ...good, consent: "on", focus_x: "0.3", focus_y: "0" })).toMatchObject({ focus_x: 0.3, focus_y: 0 });
  });

  it("needs words, a consent and a target, and a focus point inside the picture", () => {
    const errors = (input: Record<string, string>) => photoFieldsSchema.safeParse(input).error?.issues.map((i) => [i.path[0], i.message]);
    expect(errors({ ...good, alt: "   " })).toEqual([["alt", ALT_REQUIRED]]);
    expect(errors({ for: good.for, alt: good.alt })).toEqual([["consent", CONSENT_REQUIRED]]);
    expect(errors({ ...good, consent: "false" })).toEqual([["consent", CONSENT_REQUIRED]]);
    expect(errors({ ...good, for: "salon:3" })).toEqual([["for", TARGET_REQUIRED]]);
    expect(errors({ ...good, focus_x: "1.5" })?.[0]?.[0]).toBe("focus_x");
    expect(errors({ ...good, focus_y: "middle" })?.[0]?.[0]).toBe("focus_y");
  });
});

describe("which copy a browser gets", () => {
  it("snaps ?w= up to the site's next width, the widest past them or without a number", () => {
    expect(snapWidth("1")).toBe(160);
    expect(snapWidth("320")).toBe(320);
    expect(snapWidth("333")).toBe(480);
    expect(snapWidth("5000")).toBe(1200);
    expect(snapWidth(undefined)).toBe(1200);
    expect(snapWidth("-5")).toBe(1200);
    expect(snapWidth("wide")).toBe(1200);
  });

  it("sends AVIF where it is taken, else WebP, else JPEG", () => {
    expect(formatForAccept("image/avif,image/webp,image/apng,*/*;q=0.8")).toBe("avif");
    expect(formatForAccept("image/webp,*/*")).toBe("webp");
    expect(formatForAccept("image/avif;q=0, image/webp")).toBe("webp");
    expect(formatForAccept("image/jpeg")).toBe("jpg");
    expect(formatForAccept(undefined)).toBe("jpg");
  });

  it("reads a photo's addresses and nothing else", () => {
    expect(parsePhotoFile("12")).toEqual({ id: 12 });
    expect(parsePhotoFile("12-480.avif")).toEqual({ id: 12, width: 480, format: "avif" });
    expect(parsePhotoFile("12-481.avif")).toBeUndefined();
    expect(parsePhotoFile("12-480.png")).toBeUndefined();
    expect(parsePhotoFile("012")).toBeUndefined();
    expect(parsePhotoFile("12.svg")).toBeUndefined();
  });
});

describe("cropping around the focus point", () => {
  const portrait = { width: 400, height: 500 };

  it("cuts a portrait from a landscape photo around the face, kept inside the picture", () => {
    expect(cropBox({ width: 2000, height: 1000 }, portrait, { x: 0.5, y: 0.5 })).toEqual({ left: 600, top: 0, width: 800, height: 1000 });
    expect(cropBox({ width: 2000, height: 1000 }, portrait, { x: 0.2, y: 0.5 })).toEqual({ left: 0, top: 0, width: 800, height: 1000 });
    expect(cropBox({ width: 2000, height: 1000 }, portrait, { x: 0.7, y: 0.5 })).toEqual({ left: 1000, top: 0, width: 800, height: 1000 });
    expect(cropBox({ width: 2000, height: 1000 }, portrait, { x: 1, y: 0 })).toEqual({ left: 1200, top: 0, width: 800, height: 1000 });
  });

  it("cuts a wide frame from a tall photo at the focus point's height", () => {
    expect(cropBox({ width: 900, height: 1600 }, { width: 1200, height: 675 }, { x: 0.5, y: 0.25 })).toEqual({ left: 0, top: 147, width: 900, height: 506 });
  });

  it("says where the focus point is in tenths, for frames of other shapes", () => {
    expect(focusClasses({ x: 0.5, y: 0.5 })).toBe("focus-x-5 focus-y-5");
    expect(focusClasses({ x: 0.04, y: 0.96 })).toBe("focus-x-0 focus-y-10");
  });
});

describe("the focus point set on the photo", () => {
  it.each([
    [{ x: 0.5, y: 0.5 }, "ArrowRight", false, { x: 0.55, y: 0.5 }],
    [{ x: 0.5, y: 0.5 }, "ArrowUp", true, { x: 0.5, y: 0.49 }],
    [{ x: 0.98, y: 0.02 }, "ArrowRight", false, { x: 1, y: 0.02 }],
    [{ x: 0.3, y: 0.02 }, "ArrowUp", false, { x: 0.3, y: 0 }],
    [{ x: 0.5, y: 0.5 }, "Enter", false, null],
  ])("from %o, %s (fine: %s) moves to %o", (focus, key, fine, after) => {
    expect(focusAfterKey(focus, key, fine)).toEqual(after);
  });

  it.each([
    [{ x: 0.5, y: 0.5 }, "the middle"],
    [{ x: 0.5, y: 0.3 }, "halfway across, near the top"],
    [{ x: 0.1, y: 0.5 }, "halfway down, at the left"],
    [{ x: 0.7, y: 0.9 }, "right of the middle, at the bottom"],
  ])("%o is %s", (focus, words) => expect(focusWords(focus)).toBe(words));
});
