import { describe, expect, it } from "vitest";
import { indefiniteArticle, withArticle } from "./articles";

describe("a or an before a level's name", () => {
  it.each([
    ["Apprentice", "an Apprentice"],
    ["Advanced Senior Stylist", "an Advanced Senior Stylist"],
    ["Improver", "an Improver"],
    ["Junior Stylist", "a Junior Stylist"],
    ["Graduate Stylist", "a Graduate Stylist"],
    ["New Starter", "a New Starter"],
    ["Stylist", "a Stylist"],
    ["Senior Stylist", "a Senior Stylist"],
    ["Team Leader", "a Team Leader"],
    ["Creative Director", "a Creative Director"],
    ["hour-long treatment", "an hour-long treatment"],
    ["Uni-trained stylist", "a Uni-trained stylist"],
    ["Eu-style cut", "a Eu-style cut"],
  ])("%s → %s", (name, expected) => {
    expect(withArticle(name)).toBe(expected);
  });

  it("says 'a' when nothing follows", () => {
    expect(indefiniteArticle("")).toBe("a");
  });
});
