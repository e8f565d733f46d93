import { describe, expect, it } from "vitest";
import { BookingViews } from "./booking-views";

const KEY = "abcdefghijklmnopqrstuv";
const OTHER = "ABCDEFGHIJKLMNOPQRSTUV";

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, pass: (ms: number) => void (now += ms) };
}

describe("finding: /go/book counts every request as a booking click", () => {
  it("counts 20 clicks after one view of the page once, and after two views twice", () => {
    const views = new BookingViews();
    views.viewed(KEY);
    expect(Array.from({ length: 20 }, () => views.click(KEY)).filter(Boolean)).toHaveLength(1);
    views.viewed(KEY);
    views.viewed(KEY);
    expect(Array.from({ length: 20 }, () => views.click(KEY)).filter(Boolean)).toHaveLength(2);
  });

  it("counts nothing for a link no page view gave: none, unknown, forged or malformed", () => {
    const views = new BookingViews();
    views.viewed(KEY);
    for (const key of [null, undefined, "", OTHER, `${KEY}x`, "../../etc", KEY.slice(1)]) expect(views.click(key), String(key)).toBe(false);
    expect(views.click(KEY)).toBe(true);
  });

  it("keeps views of one page apart from another's", () => {
    const views = new BookingViews();
    views.viewed(KEY);
    expect(views.click(OTHER)).toBe(false);
    views.viewed(OTHER);
    expect(views.click(OTHER)).toBe(true);
    expect(views.click(KEY)).toBe(true);
  });

  it("lets a view count a click for a while only", () => {
    const time = clock();
    const views = new BookingViews({ keepMs: 60_000, now: time.now });
    views.viewed(KEY);
    time.pass(59_999);
    expect(views.click(KEY)).toBe(true);
    views.viewed(KEY);
    time.pass(60_000);
    expect(views.click(KEY)).toBe(false);
    expect(views.size).toBe(0);
  });

  it("keeps at most so many pages, letting the least recently viewed go first", () => {
    const views = new BookingViews({ maxKept: 3 });
    const keys = ["a", "b", "c", "d"].map((letter) => letter.repeat(22));
    for (const key of keys.slice(0, 3)) views.viewed(key);
    views.viewed(keys[0]!);
    views.viewed(keys[3]!);
    expect(views.size).toBe(3);
    expect(views.click(keys[1]!)).toBe(false);
    expect([keys[0], keys[2], keys[3]].map((key) => views.click(key))).toEqual([true, true, true]);
    expect(views.size).toBe(1);
  });
});
