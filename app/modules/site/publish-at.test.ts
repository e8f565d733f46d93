import { describe, expect, it } from "vitest";
import { offersInForce } from "~/modules/offers/offer-calendar";
import { passedMoments, publicAt, publishAtFieldSchema, publishAtFieldValue, publishAtSchema, scheduledItems, scheduledWords, waitsAt } from "./publish-at";

const NINE = "2027-03-01T09:00:00.000Z";

describe("finding: offers and news items could not wait for their publish time", () => {
  it.each([
    { publishAt: undefined, now: "2027-03-01T08:00:00Z", waits: false },
    { publishAt: null, now: "2027-03-01T08:00:00Z", waits: false },
    { publishAt: NINE, now: "2027-03-01T08:59:59.999Z", waits: true },
    { publishAt: NINE, now: "2027-03-01T09:00:00Z", waits: false },
  ])("an item with publish_at $publishAt at $now waits: $waits", ({ publishAt, now, waits }) => {
    expect(waitsAt(publishAt, new Date(now))).toBe(waits);
  });

  it("keeps the public items in their order, leaving out only those whose moment is still to come", () => {
    const items = [{ slug: "a" }, { slug: "b", publish_at: NINE }, { slug: "c", publish_at: null }, { slug: "d", publish_at: "2027-03-01T08:00:00.000Z" }];
    expect(publicAt(items, new Date("2027-03-01T08:30:00Z")).map((i) => i.slug)).toEqual(["a", "c", "d"]);
    expect(publicAt(items, new Date(NINE)).map((i) => i.slug)).toEqual(["a", "b", "c", "d"]);
  });

  it("counts the passed moments, so the page caches' key moves at each and only then", () => {
    const moments = [NINE, "2027-03-01T10:00:00.000Z"];
    expect([Date.parse(NINE) - 1, Date.parse(NINE), Date.parse(NINE) + 3_599_999, Date.parse("2027-03-01T10:00:00Z")].map((t) => passedMoments(moments, t))).toEqual([0, 1, 1, 2]);
  });

  it("leaves a scheduled offer out of the running offers until its moment, whatever its days (as pageContext asks)", () => {
    const offers = [{ slug: "graduate" }, { slug: "spring", startDate: "2027-02-01", publish_at: NINE }];
    const at = (now: string) => offersInForce(publicAt(offers, new Date(now)), { hideOffers: false, globalEnd: "2027-12-31", today: "2027-03-01" });
    expect(at("2027-03-01T08:59:00Z").running.map((o) => o.slug)).toEqual(["graduate"]);
    expect(at("2027-03-01T09:00:00Z").running.map((o) => o.slug)).toEqual(["graduate", "spring"]);
  });

  it.each([
    { given: "2027-03-01T10:00:00+01:00", parsed: NINE },
    { given: null, parsed: null },
    { given: "2027-03-01", parsed: "refused" },
    { given: "2027-03-01T09:00", parsed: "refused" },
  ])("the API reads publish_at $given as $parsed", ({ given, parsed }) => {
    const result = publishAtSchema.safeParse(given);
    expect(result.success ? result.data : "refused").toBe(parsed);
  });

  it.each([
    // The salon's clock: GMT in winter, BST (UTC+1) in summer.
    { given: "2027-01-15T09:00", parsed: "2027-01-15T09:00:00.000Z" },
    { given: "2027-07-01T09:00", parsed: "2027-07-01T08:00:00.000Z" },
    { given: "", parsed: null },
    { given: undefined, parsed: null },
    { given: "next Tuesday", parsed: "refused" },
    { given: "2027-02-30T09:00", parsed: "refused" },
  ])("the form's Publish at box $given is read as $parsed", ({ given, parsed }) => {
    const result = publishAtFieldSchema.safeParse(given);
    expect(result.success ? result.data : "refused").toBe(parsed);
  });

  it("shows a moment back in the box and in the studio's mark on the salon's clock", () => {
    expect(publishAtFieldValue("2027-07-01T08:00:00.000Z")).toBe("2027-07-01T09:00");
    expect(publishAtFieldValue(null)).toBe("");
    expect(scheduledWords("2027-07-01T08:00:00.000Z")).toBe("Scheduled: Thu, 1 Jul 2027, 09:00");
  });
});

describe("the staff desk's Scheduled list", () => {
  it("lists what still waits, soonest first, each on the salon's clock; the published and the unscheduled are left out", () => {
    const items = [
      { kind: "post" as const, slug: "summer-hair", title: "Summer hair", publish_at: "2027-07-01T08:00:00.000Z" },
      { kind: "offer" as const, slug: "gloss-week", title: "Gloss week", publish_at: NINE },
      { kind: "news" as const, slug: "already-out", title: "Already out", publish_at: "2027-02-01T09:00:00.000Z" },
      { kind: "news" as const, slug: "never", title: "Never scheduled", publish_at: null },
      { kind: "post" as const, slug: "no-moment", title: "No moment" },
    ];
    expect(scheduledItems(items, new Date("2027-02-15T12:00:00Z"))).toEqual([
      // 1 March is winter time: 09:00 UTC is 09:00 in the salon; 1 July is summer time: 08:00 UTC is 09:00.
      { kind: "offer", slug: "gloss-week", title: "Gloss week", publishAt: NINE, when: "Mon, 1 Mar 2027, 09:00" },
      { kind: "post", slug: "summer-hair", title: "Summer hair", publishAt: "2027-07-01T08:00:00.000Z", when: "Thu, 1 Jul 2027, 09:00" },
    ]);
    expect(scheduledItems(items, new Date("2027-07-01T08:00:00Z"))).toEqual([]);
  });
});
