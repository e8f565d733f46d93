import { describe, expect, it } from "vitest";
import { formatNoteLine } from "./notes";

describe("formatNoteLine", () => {
  it.each([
    // Winter: London is on UTC.
    ["2026-01-15T23:30:00.000Z", "Morgan 15/01/26: Call back on Friday"],
    // Summer time: half past midnight in London is still the evening before in UTC.
    ["2026-07-03T23:30:00.000Z", "Morgan 04/07/26: Call back on Friday"],
    // The night the clocks go forward (29 March 2026, 01:00 UTC).
    ["2026-03-29T00:30:00.000Z", "Morgan 29/03/26: Call back on Friday"],
    ["2026-03-28T23:59:00.000Z", "Morgan 28/03/26: Call back on Friday"],
    // New Year's Eve in London.
    ["2025-12-31T23:59:59.000Z", "Morgan 31/12/25: Call back on Friday"],
  ])("%s → %s", (created_at, line) => {
    expect(formatNoteLine({ author: "Morgan", text: "Call back on Friday", created_at })).toBe(line);
  });
});
