import { describe, expect, it } from "vitest";
import { countedPath, funnelStepOfPage, isRobot, quoteLinkOf } from "./visit-rules";
import { dayChart, niceStep } from "./visit-chart";
import { reportRange } from "./visits.server";

/** A few public pages, as the routes' facts would give them (the server asks app/modules/seo/public-pages.ts). */
const PAGES = new Set(["/", "/team", "/privacy", "/prices", "/links"]);
const isPublicPage = (path: string) => PAGES.has(path) || /^\/(team|prices)\/[a-z0-9-]+$/.test(path);

describe("what counts as a page view", () => {
  it.each([
    ["/", "/"],
    ["/_root.data", "/"],
    ["/team", "/team"],
    ["/team.data", "/team"],
    ["/Team", "/team"],
    ["/team/", "/team"],
    ["/TEAM//", "/team"],
    ["/prices/total-by-level", "/prices/total-by-level"],
    ["/quote/AbCdEf123456", "/quote"],
    ["/quote/AbCdEf123456.data", "/quote"],
    ["/staff", null],
    ["/staff/visits", null],
    ["/applicants", null],
    ["/applicant/4", null],
    ["/api/services", null],
    ["/images/team/rosa.jpg", null],
    ["/photos/12", null],
    ["/assets/entry.client-abc.js", null],
    ["/healthz", null],
    ["/go/book", null],
    ["/robots.txt", null],
    ["/__manifest", null],
    ["/no-such-page", null],
  ])("%s counts as %s", (path, counted) => {
    expect(countedPath(path, isPublicPage)).toBe(counted);
  });

  it.each([
    ["/t%65am", "/team"],
    ["/%54%45%41%4D", "/team"],
    ["/%74%65%61%6d/", "/team"],
    ["/team/r%6Fsa", "/team/rosa"],
    ["/prices/total%2Dby%2Dlevel", "/prices/total-by-level"],
    ["/t%65am.data", "/team"],
  ])("finding: percent-encoded spellings of a page add visit rows without bound: %s counts as %s", (path, counted) => {
    expect(countedPath(path, isPublicPage)).toBe(counted);
  });

  it.each([
    ["a spelling that decodes to no page", "/t%65am-x"],
    ["a double encoding", "/t%2565am"],
    ["a slash hidden in a part", "/team%2Frosa"],
    ["an empty part", "//team"],
    ["a bad encoding", "/t%6"],
    ["a part that decodes to nothing", "/team/%"],
    ["a staff page in disguise", "/st%61ff"],
    ["a very long address", `/team/${"a".repeat(200)}`],
  ])("finding: percent-encoded spellings of a page add visit rows without bound: %s counts nothing", (_what, path) => {
    expect(countedPath(path, isPublicPage)).toBeNull();
  });

  it("gives the quote's link as it was sent, whatever the spelling of /quote", () => {
    expect(quoteLinkOf("/quote/AbCdEf123456")).toBe("AbCdEf123456");
    expect(quoteLinkOf("/Quote/AbCdEf123456.data")).toBe("AbCdEf123456");
    expect(quoteLinkOf("/quote/AbCd%45f123456/")).toBe("AbCdEf123456");
    expect(quoteLinkOf("/quote")).toBeNull();
    expect(quoteLinkOf("/quote/a/b")).toBeNull();
    expect(quoteLinkOf("/team")).toBeNull();
  });

  it("names the funnel's page steps", () => {
    expect(funnelStepOfPage("/prices")).toBe("calculator_started");
    expect(funnelStepOfPage("/prices/total-by-stylist")).toBe("totals_seen");
    expect(funnelStepOfPage("/prices/total-by-level")).toBe("totals_seen");
    expect(funnelStepOfPage("/prices/finish")).toBeNull();
    expect(funnelStepOfPage("/team")).toBeNull();
  });

  it.each([
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1", false],
    ["Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36", false],
    ["Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", true],
    ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0)", true],
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0 Safari/537.36", true],
    ["Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/112 Mobile Safari/537.36 Chrome-Lighthouse", true],
    ["curl/8.5.0", true],
    ["facebookexternalhit/1.1", true],
    ["", true],
    [undefined, true],
  ])("%s is a robot: %s", (agent, robot) => {
    expect(isRobot(agent)).toBe(robot);
  });
});

describe("the report's range", () => {
  it("is the last 30 days by default", () => {
    expect(reportRange({}, "2026-11-26")).toEqual({ from: "2026-10-28", to: "2026-11-26" });
  });
  it.each([
    [{ from: "2026-11-01", to: "2026-10-01" }],
    [{ from: "2026-02-30", to: "2026-03-01" }],
    [{ from: "yesterday" }],
    [{ from: "2020-01-01", to: "2026-01-01" }],
    [{ from: "", to: "x" }],
    [{ to: "2026-13-01" }],
    [{ from: "0001-01-01", to: "9999-12-31" }],
  ])("refuses %j", (query) => {
    expect(reportRange(query, "2026-11-26")).toBeNull();
  });
});

describe("the chart", () => {
  it.each([
    [0, 1],
    [3, 1],
    [7, 2],
    [40, 10],
    [130, 50],
    [999, 500],
  ])("a busiest day of %i has gridlines every %i", (max, step) => {
    expect(niceStep(max)).toBe(step);
  });

  it("draws one bar a day, the busiest reaching the top and an empty day none", () => {
    const chart = dayChart([
      { date: "2026-11-01", page_views: 0 },
      { date: "2026-11-02", page_views: 10 },
      { date: "2026-11-03", page_views: 5 },
    ]);
    expect(chart.bars.map((b) => b.height)).toEqual([0, chart.baseline - chart.top, (chart.baseline - chart.top) / 2]);
    expect(chart.bars[1]!.y).toBe(chart.top);
    expect(chart.gridlines.map((g) => g.value)).toEqual([0, 5, 10]);
    expect(chart.labels.map((l) => l.date)).toEqual(["2026-11-01", "2026-11-02", "2026-11-03"]);
  });
});
