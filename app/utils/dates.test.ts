import { describe, expect, it } from "vitest";
import { addDaysIso, formatBlogDate, formatLongDate, formatShortDate, isCalendarDate, ordinal, salonToday } from "./dates";

describe("dates", () => {
  it.each([
    [1, "1st"],
    [2, "2nd"],
    [3, "3rd"],
    [4, "4th"],
    [11, "11th"],
    [12, "12th"],
    [13, "13th"],
    [21, "21st"],
    [22, "22nd"],
    [23, "23rd"],
    [31, "31st"],
  ])("ordinal(%d) is %s", (n, expected) => expect(ordinal(n)).toBe(expected));

  it("writes long dates in UK time", () => {
    expect(formatLongDate("2026-03-04T10:00:00Z")).toBe("4th March 2026");
    // 23:30 UTC on 31 May is 00:30 on 1 June in London (summer time).
    expect(formatLongDate("2026-05-31T23:30:00Z")).toBe("1st June 2026");
  });

  it("writes short dates as dd/MM/yy", () => {
    expect(formatShortDate("2026-03-04T10:00:00Z")).toBe("04/03/26");
  });

  it("adds whole days to an instant (the quote offer's expiry)", () => {
    expect(addDaysIso("2026-11-22T10:00:00.000Z", 4)).toBe("2026-11-26T10:00:00.000Z");
  });

  it("dates by the salon's clock (the visit counter's day)", () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (summer time).
    expect(salonToday(new Date("2026-06-30T23:30:00Z"))).toBe("2026-07-01");
    expect(salonToday(new Date("2026-12-31T23:30:00Z"))).toBe("2026-12-31");
  });
});

describe("isCalendarDate", () => {
  it.each([
    ["2027-03-01", true],
    ["2028-02-29", true],
    ["2000-02-29", true],
    ["2027-02-29", false],
    ["2100-02-29", false],
    ["2027-02-30", false],
    ["2027-04-31", false],
    ["2027-13-01", false],
    ["2027-00-10", false],
    ["2027-1-01", false],
    ["01/03/2027", false],
    [" 2027-03-01", false],
    ["", false],
  ])("%j is a day of the calendar: %s", (text, expected) => expect(isCalendarDate(text)).toBe(expected));
});

describe("formatBlogDate", () => {
  it("writes the month in full and the day as an ordinal", () => {
    expect(formatBlogDate("2025-09-16")).toBe("September 16th 2025");
    expect(formatBlogDate("2026-03-01")).toBe("March 1st 2026");
    expect(formatBlogDate("2026-11-22")).toBe("November 22nd 2026");
  });
});
