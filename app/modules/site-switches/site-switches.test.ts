import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { fieldErrors } from "~/modules/fields/form-fields";
import { copyWithEndDate, type SiteCopy } from "~/modules/site/site-copy.server";
import { formatSalonDate, parseSalonDate, salonToday } from "~/utils/dates";
import { describeSiteChange } from "./site-history";
import {
  END_DATE_INVALID,
  END_DATE_PAST,
  newsCreateSchema,
  newsUpdateSchema,
  pictureName,
  settingsPatchSchema,
  slugify,
  uniqueSlug,
} from "./site-switches";
import { resolveSwitches } from "./site-switches.server";

const errorsOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};

describe("salon dates", () => {
  it.each([
    ["31/01/27", "2027-01-31"],
    ["1/2/27", "2027-02-01"],
    ["31/01/2027", "2027-01-31"],
    [" 2027-01-31 ", "2027-01-31"],
    ["29/02/28", "2028-02-29"],
    ["29/02/27", null],
    ["31/04/27", null],
    ["2027-13-01", null],
    ["01-31-2027", null],
    ["next Friday", null],
    ["", null],
  ])("%j reads as %j", (text, expected) => {
    expect(parseSalonDate(text)).toBe(expected);
  });

  it("writes a date the way the small print does", () => {
    expect(formatSalonDate("2027-01-31")).toBe("31/01/27");
  });

  it("knows today's date where the salon is, not where the server is", () => {
    // 23:30 UTC on 30 June is already 1 July in London (summer time).
    expect(salonToday(new Date("2027-06-30T23:30:00Z"))).toBe("2027-07-01");
    expect(salonToday(new Date("2027-12-31T23:30:00Z"))).toBe("2027-12-31");
  });
});

describe("settings changes", () => {
  const now = () => new Date("2027-03-10T12:00:00Z");
  const schema = settingsPatchSchema(now);

  it("takes either switch or both, and ignores other fields", () => {
    expect(schema.parse({ hideOffers: true })).toEqual({ hideOffers: true });
    expect(schema.parse({ endDate: "2027-03-10", colour: "red" })).toEqual({ endDate: "2027-03-10" });
    expect(schema.parse({})).toEqual({});
  });

  it.each([
    [{ endDate: "2027-03-09" }, { endDate: END_DATE_PAST }],
    [{ endDate: "2027-02-30" }, { endDate: END_DATE_INVALID }],
    [{ endDate: "10/04/27" }, { endDate: END_DATE_INVALID }],
    [{ endDate: 20270401 }, { endDate: END_DATE_INVALID }],
    [{ hideOffers: "yes" }, { hideOffers: "hideOffers must be true or false" }],
  ])("%j is refused: %j", (input, errors) => {
    expect(errorsOf(schema, input)).toEqual(errors);
  });
});

describe("news items", () => {
  it("needs a title and a text; the date and picture may be left out", () => {
    expect(errorsOf(newsCreateSchema, { title: " ", text: "" })).toEqual({ title: "Title is required", text: "Text is required" });
    expect(newsCreateSchema.parse({ title: " Gift sets ", text: " In store now " })).toEqual({ title: "Gift sets", text: "In store now" });
    expect(errorsOf(newsCreateSchema, { title: "A", text: "B", date: "2027-02-31" })).toEqual({ date: "Enter the date as a date, like 2026-11-22" });
    expect(errorsOf(newsCreateSchema, { title: "x".repeat(121), text: "B" })).toEqual({ title: "Please keep the title to 120 characters or fewer" });
  });

  it("takes any of the fields when editing", () => {
    expect(newsUpdateSchema.parse({ text: "New words" })).toEqual({ text: "New words" });
    expect(errorsOf(newsUpdateSchema, { title: "" })).toEqual({ title: "Title is required" });
  });

  it.each([
    ["Christmas gift sets are here!", "christmas-gift-sets-are-here"],
    ["Crème & Côte", "creme-and-cote"],
    ["!!!", "news"],
    ["a".repeat(80), "a".repeat(60)],
  ])("makes the address of %j: %j", (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it("never reuses an address", () => {
    expect(uniqueSlug("gift-sets", new Set(["other"]))).toBe("gift-sets");
    expect(uniqueSlug("gift-sets", new Set(["gift-sets", "gift-sets-2"]))).toBe("gift-sets-3");
  });

  it("names a picture by its file", () => {
    expect(pictureName("/images/news/click-and-collect.svg")).toBe("click and collect");
  });
});

describe("the switches in force", () => {
  const file = { hideOffers: false, endDate: "31/01/27" };

  it("are the file's where no one has set them", () => {
    expect(resolveSwitches(new Map(), file)).toEqual({
      hideOffers: false,
      endDate: "2027-01-31",
      endDateText: "31/01/27",
      setBy: { hideOffers: null, endDate: null, news: null },
    });
  });

  it("are the staff's where they have, with who and when", () => {
    const at = "2027-01-02T09:00:00.000Z";
    const rows = new Map([
      ["hideOffers", { value: true, by: "Sam", at }],
      ["endDate", { value: "2027-02-28", by: "Morgan", at }],
    ] as const);
    expect(resolveSwitches(rows, file)).toEqual({
      hideOffers: true,
      endDate: "2027-02-28",
      endDateText: "28/02/27",
      setBy: { hideOffers: { by: "Sam", at }, endDate: { by: "Morgan", at }, news: null },
    });
  });
});

describe("recent changes in words", () => {
  const event = (action: string, detail: unknown) => ({ actor: "Morgan", action, subject_id: null, detail: JSON.stringify(detail) });

  it.each([
    [event("offers-hidden", { before: false, after: true }), "Morgan hid the offers"],
    [event("offers-shown", { before: true, after: false }), "Morgan showed the offers"],
    [event("end-date-changed", { before: "2027-01-31", after: "2027-02-28" }), "Morgan moved the offers' end date from 31/01/27 to 28/02/27"],
    [event("news-added", { after: { title: "Gift sets" } }), "Morgan added the news item “Gift sets”"],
    [
      event("news-edited", { before: { title: "Gift sets", text: "a", image: "x" }, after: { title: "Gift sets", text: "b", image: "y" } }),
      "Morgan edited the news item “Gift sets” (picture, text)",
    ],
    [event("news-removed", { before: { title: "Gift sets" } }), "Morgan removed the news item “Gift sets”"],
    [event("reset-to-files", {}), "Morgan put the offers, end date and news back to the content files' values"],
  ])("%#: %s", (e, words) => {
    expect(describeSiteChange(e)).toBe(words);
  });
});

describe("the copy's end date", () => {
  const copy = {
    pages: { gift: { title: "Your gift", html: "<p>Valid until {{endDate}}.</p>" } },
    offers: { terms: ["Ends {{endDate}}"], offers: [] },
    notices: [],
    text: { landing: { offers: { body: ["Offers for {{month}}"] } } },
  } as unknown as SiteCopy;

  it("is filled with the date in force, leaving {{month}} for the page, and made once per date", () => {
    const first = copyWithEndDate(copy, "28/02/27");
    expect(first.pages["gift" as never]).toEqual({ title: "Your gift", html: "<p>Valid until 28/02/27.</p>" });
    expect(first.offers.terms).toEqual(["Ends 28/02/27"]);
    expect(JSON.stringify(first.text)).toContain("Offers for {{month}}");
    expect(copyWithEndDate(copy, "28/02/27")).toBe(first);
    expect(copyWithEndDate(copy, "31/03/27").offers.terms).toEqual(["Ends 31/03/27"]);
    // The copy loaded at start keeps its token.
    expect(copy.offers.terms).toEqual(["Ends {{endDate}}"]);
  });
});
