import { describe, expect, it } from "vitest";
import { formatPounds } from "./money";

describe("formatPounds", () => {
  it.each([
    [80, "£80"],
    [0, "£0"],
    [22.4, "£22"],
    [22.5, "£23"],
    [1250, "£1,250"],
  ])("formats %d as %s", (amount, expected) => {
    expect(formatPounds(amount)).toBe(expected);
  });
});
