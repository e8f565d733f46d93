import { describe, expect, it } from "vitest";
import { fillRuntimeTokens, fillTokens, fillTokensDeep } from "./fill-tokens";

describe("content placeholders", () => {
  it("fills known tokens and names an unknown one", () => {
    expect(fillTokens("Call {{phone}} or {{ booking }}", { phone: "01632 960 412", booking: "https://b.example.com" })).toBe(
      "Call 01632 960 412 or https://b.example.com",
    );
    expect(() => fillTokens("Ring {{fone}}", { phone: "1" })).toThrow("unknown placeholder {{fone}}");
  });

  it("fills every string of a nested structure", () => {
    expect(fillTokensDeep({ a: ["{{x}}!", 3], b: { c: "{{x}}" } }, { x: "y" })).toEqual({ a: ["y!", 3], b: { c: "y" } });
  });

  it("names the current month in the salon's time zone", () => {
    expect(fillRuntimeTokens("Offers for {{month}}", new Date("2026-11-30T23:30:00Z"))).toBe("Offers for November");
    expect(fillRuntimeTokens("Offers for {{month}}", new Date("2026-07-31T23:30:00Z"))).toBe("Offers for August");
  });
});
