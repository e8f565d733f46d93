import { describe, expect, it } from "vitest";
import { formatWhen } from "~/utils/dates";
import { emailSentLabel, formatApplicationDate, salonLabel } from "./format";

describe("formatApplicationDate", () => {
  it.each([
    ["2024-01-01T09:00:00.000Z", "1st Jan 2024"],
    ["2024-09-22T12:00:00.000Z", "22nd Sep 2024"],
    ["2026-03-13T12:00:00.000Z", "13th Mar 2026"],
    // Late evening in summer is the next day in London.
    ["2025-06-30T23:30:00.000Z", "1st Jul 2025"],
    ["", "Date is not available"],
    [null, "Date is not available"],
    ["not a date", "Date is not available"],
  ])("%j → %s", (iso, text) => {
    expect(formatApplicationDate(iso)).toBe(text);
  });
});

describe("formatWhen", () => {
  it("writes the salon's time", () => {
    expect(formatWhen("2026-07-03T13:05:00.000Z")).toBe("03/07/26 14:05");
    expect(formatWhen("2026-01-03T13:05:00.000Z")).toBe("03/01/26 13:05");
  });
});

describe("labels", () => {
  const salons = [
    { id: 1, name: "Riverside" },
    { id: 3, name: "The Academy" },
  ];
  it("names the salon, or says it is not defined", () => {
    expect(salonLabel(3, salons)).toBe("The Academy");
    expect(salonLabel(2, salons)).toBe("Not defined");
    expect(salonLabel(null, salons)).toBe("Not defined");
  });
  it("says which email was sent", () => {
    expect([emailSentLabel(null), emailSentLabel("maybe"), emailSentLabel("unsuccessful")]).toEqual(["Not sent", "Maybe", "Unsuccessful"]);
    // Invitations count too: after one went, the list no longer says "Not sent".
    expect([emailSentLabel(null, 1), emailSentLabel(null, 2), emailSentLabel("maybe", 1)]).toEqual(["1 invitation", "2 invitations", "Maybe, 1 invitation"]);
  });
});
