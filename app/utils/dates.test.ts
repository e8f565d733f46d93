import { describe, expect, it } from "vitest";
import { formatBlogDate } from "./dates";

describe("formatBlogDate", () => {
  it("writes the month in full and the day as an ordinal", () => {
    expect(formatBlogDate("2025-09-16")).toBe("September 16th 2025");
    expect(formatBlogDate("2026-03-01")).toBe("March 1st 2026");
    expect(formatBlogDate("2026-11-22")).toBe("November 22nd 2026");
  });
});
