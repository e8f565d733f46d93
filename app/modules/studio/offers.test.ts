import { describe, expect, it } from "vitest";
import { OFFERS_FILE, offerRows, planOfferCreate, planOfferPatch } from "./offers";
import { applyChanges } from "./changes";

const text = "Fifteen per cent off any gloss with a cut and blow-dry, for first visits.";
const files = new Map([[OFFERS_FILE, "offers: []\n"]]);

describe("finding: an offer could not wait for its publish time", () => {
  it("keeps the moment beside the offer, moves it, and takes it off with null", () => {
    const made = planOfferCreate(files, { title: "Gloss week", percent: 15, text, audience: "new", publish_at: "2027-03-01T09:00:00.000Z" });
    const withMoment = applyChanges(files, [...made.planned.changes]);
    expect(offerRows(withMoment)[0]!.publish_at).toBe("2027-03-01T09:00:00.000Z");
    expect(made.planned.summary).toBe("New offer “Gloss week” (15% off, on the website from Mon, 1 Mar 2027, 09:00)");

    const moved = planOfferPatch(withMoment, made.slug, { publish_at: "2027-07-01T08:00:00.000Z" });
    if ("kind" in moved) throw new Error(moved.message);
    expect(moved.after.publish_at).toBe("2027-07-01T08:00:00.000Z");
    expect(moved.planned.summary).toBe("Offer “Gloss week”: on the website from Thu, 1 Jul 2027, 09:00");

    const cleared = planOfferPatch(withMoment, made.slug, { publish_at: null });
    if ("kind" in cleared) throw new Error(cleared.message);
    expect(cleared.after.publish_at).toBeNull();
    expect(applyChanges(withMoment, [...cleared.planned.changes]).get(OFFERS_FILE)).not.toContain("publish_at");

    // The same moment again, or null where there is none, changes nothing.
    const same = planOfferPatch(withMoment, made.slug, { publish_at: "2027-03-01T09:00:00.000Z" });
    const none = planOfferPatch(applyChanges(withMoment, [...cleared.planned.changes]), made.slug, { publish_at: null });
    expect(["kind" in same ? same.kind : same.planned.changes.length, "kind" in none ? none.kind : none.planned.changes.length]).toEqual([0, 0]);
  });
});
