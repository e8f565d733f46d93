import { describe, expect, it } from "vitest";
import { workFileNames } from "~/modules/images/picture-names";
import { stillDrawn } from "./still-drawn";

const rosa = { slug: "rosa", first_name: "Rosa", last_name: "Whitlock" };
const cai = { slug: "cai", first_name: "Cai", last_name: "Morgan" };
const twoFiles = (slug: string) => (slug === "rosa" ? 2 : 0);

describe("what still shows a drawing (the staff desk)", () => {
  it("lists the opening band, then each stylist's portrait and work, while none has a photo", () => {
    expect(stillDrawn({ stylists: [rosa, cai], photoTargets: [], workFiles: twoFiles })).toEqual([
      { target: "hero", label: "The home page's opening band" },
      { target: "stylist:rosa", label: "Rosa Whitlock: portrait" },
      { target: "work:rosa", label: "Rosa Whitlock: their work", note: "2 drawings" },
      { target: "stylist:cai", label: "Cai Morgan: portrait" },
      // No files and no photos: their page shows no work at all, which wants a photo as much.
      { target: "work:cai", label: "Cai Morgan: their work", note: "No pictures yet" },
    ]);
  });

  it("drops a place once a photo shows there; a stylist's work stays while its drawings still fill the six places", () => {
    const facts = { stylists: [rosa], workFiles: twoFiles };
    expect(stillDrawn({ ...facts, photoTargets: ["hero", "stylist:rosa", "work:rosa"] })).toEqual([
      { target: "work:rosa", label: "Rosa Whitlock: their work", note: "2 drawings" },
    ]);
    // Five photos leave room for one drawing; six fill the page.
    expect(stillDrawn({ ...facts, photoTargets: ["hero", "stylist:rosa", ...Array<string>(5).fill("work:rosa")] })).toEqual([
      { target: "work:rosa", label: "Rosa Whitlock: their work", note: "1 drawing" },
    ]);
    expect(stillDrawn({ ...facts, photoTargets: ["hero", "stylist:rosa", ...Array<string>(6).fill("work:rosa")] })).toEqual([]);
    // With no files, one photo of their work is all the page shows: nothing drawn.
    expect(stillDrawn({ stylists: [rosa], workFiles: () => 0, photoTargets: ["hero", "stylist:rosa", "work:rosa"] })).toEqual([]);
  });

  it("counts a stylist's work files by their own names only", () => {
    expect(workFileNames(["rosa-1", "rosa-2", "rosa-anne-1", "rosa-x"], "rosa")).toEqual(["rosa-1", "rosa-2"]);
  });
});
