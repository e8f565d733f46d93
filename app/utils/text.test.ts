import { describe, expect, it } from "vitest";
import { limitText } from "./text";

describe("limitText", () => {
  it("leaves short text alone", () => {
    expect(limitText("  Lovely cut.  ", 180)).toBe("Lovely cut.");
  });

  it("cuts long text at a word, within the limit, with an ellipsis", () => {
    const review = "Calm, careful consultation and a balayage that has grown out beautifully. ".repeat(4);
    const cut = limitText(review, 180);
    expect(cut.length).toBeLessThanOrEqual(180);
    expect(cut.endsWith("…")).toBe(true);
    expect(review.startsWith(cut.slice(0, -1))).toBe(true);
    expect(cut.slice(0, -1)).not.toMatch(/[\s.,]$/);
  });

  it("cuts inside a very long word when it must", () => {
    expect(limitText("a".repeat(50), 10)).toBe(`${"a".repeat(9)}…`);
  });
});
