import { describe, expect, it } from "vitest";
import { applicantView, matchesSearch, statusLabel, type ApplicantFilter, type ViewRow } from "./applicant-views";

const row = (id: number, follow_up: string, updated: string, archived = false): ViewRow => ({
  id,
  follow_up: archived ? "archived" : follow_up,
  updated_at: `2026-03-${updated}T10:00:00.000Z`,
  deleted_at: archived ? `2026-03-${updated}T10:00:00.000Z` : null,
});

const rows: ViewRow[] = [
  row(1, "", "01"),
  row(2, "maybe", "05"),
  row(3, "definitely", "02"),
  row(4, "no", "09"),
  row(5, "", "07"),
  row(6, "definitely", "08"),
  row(7, "maybe", "03"),
  row(8, "", "04", true),
  row(9, "", "10", true),
];

describe("applicantView", () => {
  it.each<[ApplicantFilter, number[]]>([
    // Definitely, then maybe, then uncategorised, each newest-updated first; no 'no' and no archived.
    ["all", [6, 3, 2, 7, 5, 1]],
    ["definitely", [6, 3]],
    ["maybe", [2, 7]],
    ["no", [4]],
    ["uncategorised", [5, 1]],
    ["archived", [9, 8]],
  ])("%s → %j", (filter, ids) => {
    expect(applicantView(rows, filter).map((r) => r.id)).toEqual(ids);
  });

  it("breaks ties in update time by the newer application", () => {
    const same = [row(1, "", "01"), row(2, "", "01")];
    expect(applicantView(same, "uncategorised").map((r) => r.id)).toEqual([2, 1]);
  });

  it("treats an applicant with deleted_at as archived whatever the follow-up says", () => {
    const odd = { ...row(1, "maybe", "01"), deleted_at: "2026-03-01T10:00:00.000Z" };
    expect(applicantView([odd], "maybe")).toEqual([]);
    expect(applicantView([odd], "archived")).toEqual([odd]);
    expect(statusLabel(odd)).toBe("Archived");
  });
});

describe("matchesSearch", () => {
  const leah = { name: "Leah Marsh", email: "leah.m@example.com", mobile: "+447700900123" };
  it.each([
    ["", true],
    ["leah", true],
    ["MARSH", true],
    ["  marsh ", true],
    ["example.com", true],
    ["07700 900123", true],
    ["07700900123", true],
    ["+44 7700 900123", true],
    ["900 123", true],
    ["0123", true],
    ["Tom", false],
    ["07700 900999", false],
    ["12", false],
  ])("%j → %s", (query, expected) => {
    expect(matchesSearch(leah, query)).toBe(expected);
  });
});
