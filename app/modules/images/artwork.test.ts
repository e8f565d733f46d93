import { describe, expect, it } from "vitest";
import { initialsOf, logoLines, logoSvg, portraitSvg, sceneSvg } from "./artwork";

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

  it("sets a long salon name on two balanced lines so it fits the logo", () => {
    expect(logoLines("Kingsway Hairdressing")).toEqual(["Kingsway", "Hairdressing"]);
    expect(logoLines("Base Hair Academy")).toEqual(["Base Hair", "Academy"]);
    expect(logoLines("Northgate")).toEqual(["Northgate"]);
    expect(logoSvg("Base Hair Academy")).toContain(">Academy</text>");
  });
});
