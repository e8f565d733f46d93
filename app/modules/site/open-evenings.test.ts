import { describe, expect, it } from "vitest";
import { upcomingOpenEvenings } from "./open-evenings";

const spring = { date: "2027-03-11", starts: "18:00", ends: "20:00" };
const autumn = { date: "2027-09-30", starts: "18:30", ends: "20:30", place: { name: "Larkfield College hall", street: "1 College Road", town: "Larkfield", postcode: "LK1 2AB" } };

describe("upcomingOpenEvenings", () => {
  it.each([
    ["none given", undefined, "2027-01-01", []],
    ["one, to come", spring, "2027-01-01", [spring]],
    ["one, on its day", spring, "2027-03-11", [spring]],
    ["one, past", spring, "2027-03-12", []],
    ["a list, soonest first", [autumn, spring], "2027-01-01", [spring, autumn]],
    ["a list, the past one left out", [spring, autumn], "2027-04-01", [autumn]],
  ])("%s", (_case, openEvening, today, expected) => {
    expect(upcomingOpenEvenings({ openEvening }, today)).toEqual(expected);
  });
});
