import { describe, expect, it } from "vitest";
import { initialsOf, portraitSvg, sceneSvg } from "./artwork";

describe("artwork", () => {
  it("draws the same portrait for the same name, and a different one for another", () => {
    expect(portraitSvg("Freya Lawson")).toBe(portraitSvg("Freya Lawson"));
    expect(portraitSvg("Freya Lawson")).not.toBe(portraitSvg("Nadia Rahman"));
    expect(portraitSvg("Freya Lawson")).toContain(">FL</text>");
  });

  it("escapes names so a picture cannot carry markup", () => {
    expect(sceneSvg('<script>"x"</script>')).not.toContain("<script>");
  });

  it("takes up to two initials", () => {
    expect(initialsOf("ann marie lee")).toBe("AM");
    expect(initialsOf("Zed")).toBe("Z");
  });
});
