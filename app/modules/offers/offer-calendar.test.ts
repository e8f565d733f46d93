import { describe, expect, it } from "vitest";
import { describeRun, offerRun, offersInForce, offerStatus, runningOffers } from "./offer-calendar";

const GLOBAL_END = "2027-01-31";
// The shipped offers' runs for 2026-27.
const autumn = { startDate: "2026-09-01", endDate: "2026-11-30" };
const newYear = { startDate: "2027-01-01", endDate: "2027-02-28" };
const spring = { startDate: "2027-03-01", endDate: "2027-04-30" };
const graduate = {};

describe("offerStatus", () => {
  it.each([
    // [offer, today, status]
    [autumn, "2026-08-31", "upcoming"],
    [autumn, "2026-09-01", "running"],
    [autumn, "2026-11-25", "running"],
    [autumn, "2026-11-30", "running"],
    [autumn, "2026-12-01", "ended"],
    [newYear, "2026-11-25", "upcoming"],
    [newYear, "2027-01-01", "running"],
    [newYear, "2027-02-28", "running"],
    [newYear, "2027-03-01", "ended"],
    [spring, "2026-11-25", "upcoming"],
    [spring, "2027-03-01", "running"],
    [spring, "2027-05-01", "ended"],
    // No dates of its own: from now until the global end date.
    [graduate, "2026-11-25", "running"],
    [graduate, "2027-01-31", "running"],
    [graduate, "2027-02-01", "ended"],
  ] as const)("%o on %s is %s", (offer, today, status) => {
    expect(offerStatus(offerRun(offer, GLOBAL_END), today)).toBe(status);
  });

  it("uses the global end date only for an offer without its own", () => {
    expect(offerRun(spring, GLOBAL_END)).toEqual({ start: "2027-03-01", end: "2027-04-30" });
    expect(offerRun({ startDate: "2026-12-01" }, GLOBAL_END)).toEqual({ start: "2026-12-01", end: GLOBAL_END });
    expect(offerRun(graduate, "2027-03-31")).toEqual({ start: null, end: "2027-03-31" });
  });
});

describe("describeRun", () => {
  it.each([
    [spring, "2027-03-10", "1 March to 30 April 2027"],
    [spring, "2026-11-25", "Starts 1 March 2027"],
    [spring, "2027-06-01", "Ended 30 April 2027"],
    [{ startDate: "2026-12-01", endDate: "2027-02-28" }, "2026-12-01", "1 December 2026 to 28 February 2027"],
    [graduate, "2026-11-25", "Until 31 January 2027"],
  ] as const)("%o on %s reads %s", (offer, today, text) => {
    const run = offerRun(offer, GLOBAL_END);
    expect(describeRun(run, offerStatus(run, today))).toBe(text);
  });
});

describe("runningOffers", () => {
  it("keeps the content's order and only what runs today", () => {
    const offers: { slug: string; startDate?: string; endDate?: string }[] = [
      { slug: "graduate" },
      { slug: "autumn", ...autumn },
      { slug: "newyear", ...newYear },
      { slug: "spring", ...spring },
    ];
    expect(runningOffers(offers, GLOBAL_END, "2026-11-25").map((o) => o.slug)).toEqual(["graduate", "autumn"]);
    expect(runningOffers(offers, GLOBAL_END, "2027-01-15").map((o) => o.slug)).toEqual(["graduate", "newyear"]);
    expect(runningOffers(offers, GLOBAL_END, "2027-03-15").map((o) => o.slug)).toEqual(["spring"]);
  });
});

describe("offersInForce", () => {
  const offers: { slug: string; startDate?: string; endDate?: string }[] = [{ slug: "graduate" }, { slug: "spring", ...spring }];

  it("shows what runs today", () => {
    const now = offersInForce(offers, { hideOffers: false, globalEnd: GLOBAL_END, today: "2026-11-25" });
    expect(now).toEqual({ hidden: false, running: [offers[0]], globalEnd: GLOBAL_END, today: "2026-11-25" });
  });

  it("counts as hidden while staff hide the offers, and while none runs (so the site says 'Check back soon!')", () => {
    expect(offersInForce(offers, { hideOffers: true, globalEnd: GLOBAL_END, today: "2026-11-25" })).toMatchObject({ hidden: true, running: [] });
    // February 2027: the graduate offer ended with the global date, spring has not started.
    expect(offersInForce(offers, { hideOffers: false, globalEnd: GLOBAL_END, today: "2027-02-10" })).toMatchObject({ hidden: true, running: [] });
  });
});
