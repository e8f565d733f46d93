import { describe, expect, it } from "vitest";
import { OFFERS_FILE, offerRows, planOfferCreate, planOfferPatch } from "./offers";
import { applyChanges } from "./changes";

const text = "Fifteen per cent off any gloss with a cut and blow-dry, for first visits.";
const files = new Map([[OFFERS_FILE, "offers: []\n"]]);

describe("finding: an offer could not wait for its publish time", () => {
  it("keeps the moment beside the offer, moves it, and takes it off with null", () => {
    const made = planOfferCreate(files, { title: "Gloss week", percent: 15, text, audience: "new", publish_at: "2027-03-01T09:00:00.000Z" });
    if ("kind" in made) throw new Error(made.message);
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

describe("an offer's level, chosen in the studio (decision 0070)", () => {
  const withLevels = new Map(files).set("levels.yaml", "- { id: 2, name: Trainee }\n- { id: 3, name: Improver }\n");
  const plan = (level: number | null | undefined) => planOfferCreate(withLevels, { title: "Thursday colour", percent: 25, text, audience: "new", level });

  it.each([
    ["a level levels.yaml names", 3, 3],
    ["no level", null, undefined],
    ["the level left out", undefined, undefined],
  ])("keeps %s in the offer", (_, level, kept) => {
    const made = plan(level);
    if ("kind" in made) throw new Error(made.message);
    expect(offerRows(applyChanges(withLevels, [...made.planned.changes]))[0]!.level).toBe(kept);
  });

  it("refuses a level levels.yaml does not name, beside the field", () => {
    expect(plan(9)).toEqual({ kind: "invalid", message: "Please check the offer", fields: { level: "Choose a level from the list" } });
  });

  it("changes it, says so by the level's name, and takes it off with null", () => {
    const made = plan(2);
    if ("kind" in made) throw new Error(made.message);
    const saved = applyChanges(withLevels, [...made.planned.changes]);
    const moved = planOfferPatch(saved, made.slug, { level: 3 });
    if ("kind" in moved) throw new Error(moved.message);
    expect(moved.planned.summary).toBe("Offer “Thursday colour”: for Improvers");
    const cleared = planOfferPatch(saved, made.slug, { level: null });
    if ("kind" in cleared) throw new Error(cleared.message);
    expect(cleared.planned.summary).toBe("Offer “Thursday colour”: not one level");
    expect(offerRows(applyChanges(saved, [...cleared.planned.changes]))[0]!.level).toBeUndefined();
    const same = planOfferPatch(saved, made.slug, { level: 2 });
    expect("kind" in same ? same.kind : same.planned.changes.length).toBe(0);
  });
});
