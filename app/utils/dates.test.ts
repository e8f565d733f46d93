import { describe, expect, it } from "vitest";
import { addDaysIso, formatLongDate } from "./dates";

describe("dates", () => {
  it.each([
    ["2026-11-22T10:00:00.000Z", "22nd November 2026"],
    ["2026-11-01T00:30:00.000Z", "1st November 2026"],
    ["2026-06-30T23:30:00.000Z", "1st July 2026"], // 00:30 in London (BST)
    ["2026-03-23T12:00:00.000Z", "23rd March 2026"],
    ["2026-03-11T12:00:00.000Z", "11th March 2026"],
  ])("%s reads as %s ('do MMMM yyyy', Europe/London)", (iso, expected) => {
    expect(formatLongDate(iso)).toBe(expected);
  });

  it("adds whole days", () => {
    expect(addDaysIso("2026-11-22T10:00:00.000Z", 4)).toBe("2026-11-26T10:00:00.000Z");
  });
});
