import { describe, expect, it } from "vitest";
import { readContentDir } from "~/modules/site/content-files.server";
import { applyChanges, type Change } from "./changes";
import { postPlace } from "./posts";
import { servicePlace } from "./price-list";
import { planStylistMove, stylistPlace, stylistRows } from "./team";
import { canonicalJson, openedVersion, staleRecord, staleSave, staleWords, versionAt, versionOf, versionSchema } from "./versions.server";

const fixture = readContentDir("tests/fixtures/content");
const ROOTS = 3;
const priceOf = (id: number, before: number, after: number): Change => ({ ...servicePlace(id), field: "price", before, after });

describe("a studio record's version", () => {
  it("is a short opaque text, the same for the same data whatever its keys' order, and another for other data", () => {
    const version = versionOf({ id: 3, price: 15 });
    expect(version).toMatch(/^[\w-]{16}$/);
    expect(versionOf({ price: 15, id: 3 })).toBe(version);
    expect(versionOf({ id: 3, price: 15, hidden: undefined })).toBe(version);
    expect(versionOf({ id: 3, price: 16 })).not.toBe(version);
    expect(versionOf({ id: 3, price: "15" })).not.toBe(version);
    expect(canonicalJson({ b: [2, { d: 1, c: null }], a: "x" })).toBe('{"a":"x","b":[2,{"c":null,"d":1}]}');
  });

  it("is of the record as stored: moved by a change to it, not by one to another record, a comment or the file's layout", () => {
    const roots = versionAt(fixture, servicePlace(ROOTS))!;
    expect(roots).toMatch(/^[\w-]{16}$/);
    expect(versionAt(applyChanges(fixture, [priceOf(ROOTS, 15, 16)]), servicePlace(ROOTS))).not.toBe(roots);
    expect(versionAt(applyChanges(fixture, [priceOf(2, 10, 11)]), servicePlace(ROOTS))).toBe(roots);
    const commented = new Map(fixture).set("services.yaml", `# A note a developer left.\n${fixture.get("services.yaml")!}`);
    expect(versionAt(commented, servicePlace(ROOTS))).toBe(roots);
    // The same price changed back is the same version: it is the record's value, not a count of saves.
    expect(versionAt(applyChanges(applyChanges(fixture, [priceOf(ROOTS, 15, 16)]), [priceOf(ROOTS, 16, 15)]), servicePlace(ROOTS))).toBe(roots);
    expect(versionAt(fixture, servicePlace(999))).toBeUndefined();
  });

  it("of a stylist is not moved by their place on the team page; of a post is its whole file", () => {
    const [first, second] = stylistRows(fixture).filter((s, _i, all) => s.salon === all[0]!.salon);
    const moved = planStylistMove(fixture, second!.slug, "up");
    if ("kind" in moved) throw new Error(moved.message);
    const after = applyChanges(fixture, moved.planned.changes);
    expect(stylistRows(after).findIndex((s) => s.slug === second!.slug)).toBeLessThan(stylistRows(after).findIndex((s) => s.slug === first!.slug));
    expect(versionAt(after, stylistPlace(second!.slug))).toBe(versionAt(fixture, stylistPlace(second!.slug)));
    const [post] = [...fixture.keys()].filter((f) => f.startsWith("blog/")).map((f) => f.slice(5, -3));
    expect(versionAt(fixture, postPlace(post!))).toBe(versionOf(fixture.get(`blog/${post!}.md`)));
  });
});

describe("the rule a save keeps with the version its editor opened", () => {
  const opened = versionAt(fixture, servicePlace(ROOTS))!;
  const changed = applyChanges(fixture, [priceOf(ROOTS, 15, 16)]);
  const theirs = () => ({ price: 16 });

  it("lets a save without a version, or with the record's version now, go ahead", () => {
    expect(staleSave(fixture, servicePlace(ROOTS), undefined, "Roots", theirs)).toBeNull();
    expect(staleSave(changed, servicePlace(ROOTS), undefined, "Roots", theirs)).toBeNull();
    expect(staleSave(fixture, servicePlace(ROOTS), opened, "Roots", theirs)).toBeNull();
    expect(staleSave(changed, servicePlace(ROOTS), versionAt(changed, servicePlace(ROOTS)), "Roots", theirs)).toBeNull();
  });

  it("refuses a save whose record changed since, with theirs and their version", () => {
    expect(staleSave(changed, servicePlace(ROOTS), opened, "Roots Touch-up", theirs)).toEqual({
      kind: "conflict",
      what: "Roots Touch-up",
      place: servicePlace(ROOTS),
      version: versionAt(changed, servicePlace(ROOTS)),
      theirs: { price: 16 },
    });
    // Any text that is not the version now is stale: a made-up one too.
    expect(staleSave(fixture, servicePlace(ROOTS), "not-a-version", "Roots", theirs)?.kind).toBe("conflict");
  });

  it("leaves a record that is not there to the save's own answer (404), and works on a value read elsewhere (a news item)", () => {
    expect(staleSave(fixture, servicePlace(999), opened, "Nothing", theirs)).toBeNull();
    const item = { slug: "gift-sets", title: "Gift sets", date: "2026-11-01", image: "/images/news/gift-sets.svg", text: "Boxed." };
    expect(staleRecord(item, versionOf(item), "Gift sets", () => item)).toBeNull();
    expect(staleRecord({ ...item, title: "Gift boxes" }, versionOf(item), "Gift sets", () => item)).toMatchObject({ kind: "conflict", version: versionOf({ ...item, title: "Gift boxes" }) });
  });

  it("reads a form's hidden box and an API's field: blank is none, a number or a long text is refused by the API", () => {
    expect(openedVersion(null)).toBeUndefined();
    expect(openedVersion("  ")).toBeUndefined();
    expect(openedVersion(` ${opened} `)).toBe(opened);
    expect(versionSchema.safeParse(undefined).success).toBe(true);
    expect(versionSchema.safeParse(7).success).toBe(false);
    expect(versionSchema.safeParse("x".repeat(101)).success).toBe(false);
  });

  it("says what changed, by whom and when the history knows, and that nothing was saved", () => {
    expect(staleWords("Roots Touch-up", undefined)).toBe("Roots Touch-up was changed since you opened it, so nothing was saved.");
    expect(staleWords("Roots Touch-up", { staff: "Sam", at: "2026-11-20T14:05:00.000Z", summary: "Roots Touch-up £15 → £16" }, () => "20/11/26 14:05")).toBe(
      "Roots Touch-up was changed by Sam at 20/11/26 14:05 (“Roots Touch-up £15 → £16”) since you opened it, so nothing was saved.",
    );
  });
});
