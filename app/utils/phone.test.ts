import { describe, expect, it } from "vitest";
import { formatUkMobile, maskPhone, ukMobileToE164 } from "./phone";

describe("ukMobileToE164", () => {
  it.each([
    ["07700900123", "+447700900123"],
    ["07700 900 123", "+447700900123"],
    ["+44 7700 900123", "+447700900123"],
    ["+44 (0)7700 900123", "+447700900123"],
    ["0044 7700-900-123", "+447700900123"],
    ["  07700900123  ", "+447700900123"],
    ["447700900123", "+447700900123"],
    ["07624 123456", "+447624123456"],
  ])("accepts %j as %s", (input, expected) => {
    expect(ukMobileToE164(input)).toBe(expected);
  });

  it.each([
    ["01632 960412", "a landline"],
    ["0770090012", "too short"],
    ["077009001234", "too long"],
    ["07000 900123", "a personal number (070)"],
    ["07600 900123", "a pager number (076)"],
    ["+33 6 12 34 56 78", "not British"],
    ["seven seven", "not a number"],
    ["", "empty"],
  ])("rejects %j (%s)", (input) => {
    expect(ukMobileToE164(input)).toBeNull();
  });
});

describe("formatting", () => {
  it("shows a number the British way, or masked", () => {
    expect(formatUkMobile("+447700900123")).toBe("07700 900123");
    expect(maskPhone("+447700900123")).toBe("07700 •••123");
  });
});
