import { describe, expect, it } from "vitest";
import { fieldErrors } from "~/modules/fields/form-fields";
import { ratingInputSchema, ratingWords, starShapes, starsWords } from "./rating";

const good = { source: "Google", value: 4.9, count: 212, read_on: "2026-11-20", url: "https://maps.example.com/base" };
const check = (input: Record<string, unknown>) => {
  const parsed = ratingInputSchema("2026-11-28").safeParse(input);
  return parsed.success ? parsed.data : fieldErrors(parsed.error);
};

describe("the rating summary", () => {
  it.each([
    [{}, { source: "Say where the rating is from, like Google", value: "Give the rating from 1 to 5, like 4.9", count: "Give how many reviews the rating is from, like 212", read_on: "Give the day you read the rating, like 2026-11-20", url: "Give the link to the reviews, starting https://" }],
    [{ value: 5.1 }, { value: "Give the rating from 1 to 5, like 4.9" }],
    [{ value: 0.9 }, { value: "Give the rating from 1 to 5, like 4.9" }],
    [{ value: 4.85 }, { value: "Give the rating to one decimal place, like 4.9" }],
    [{ value: "four" }, { value: "Give the rating from 1 to 5, like 4.9" }],
    [{ count: 0 }, { count: "Give how many reviews the rating is from, like 212" }],
    [{ count: 2.5 }, { count: "Give the number of reviews as a whole number, like 212" }],
    [{ read_on: "20/11/2026" }, { read_on: "Give the day you read the rating, like 2026-11-20" }],
    [{ read_on: "2026-02-30" }, { read_on: "Give the day you read the rating, like 2026-11-20" }],
    [{ read_on: "2026-11-29" }, { read_on: "The day you read it cannot be after today" }],
    [{ url: "javascript:alert(1)" }, { url: "Give the link to the reviews as a whole web address, starting https://" }],
    [{ source: "x".repeat(41) }, { source: "Please keep the source to 40 characters or fewer" }],
  ])("refuses %j with a message for each box at fault", (change, errors) => {
    expect(check(Object.keys(change).length === 0 ? {} : { ...good, ...change })).toEqual(errors);
  });

  it("takes a form's text as numbers, and a good summary as it is", () => {
    expect(check({ ...good, value: " 4.9 ", count: "212" })).toEqual(good);
    expect(check({ ...good, value: 5, read_on: "2026-11-28" })).toEqual({ ...good, value: 5, read_on: "2026-11-28" });
  });

  it.each([
    [good, "4.9 out of 5 from 212 Google reviews, November 2026"],
    [{ ...good, value: 5, count: 1, source: "Treatwell", read_on: "2027-01-02" }, "5.0 out of 5 from 1 Treatwell review, January 2027"],
    [{ ...good, count: 1204 }, "4.9 out of 5 from 1,204 Google reviews, November 2026"],
  ])("says %j as %s", (rating, words) => {
    expect(ratingWords(rating)).toBe(words);
  });

  it.each([
    [5, ["full", "full", "full", "full", "full"]],
    [4.9, ["full", "full", "full", "full", "full"]],
    [4.7, ["full", "full", "full", "full", "half"]],
    [4.3, ["full", "full", "full", "full", "half"]],
    [4.2, ["full", "full", "full", "full", "empty"]],
    [3, ["full", "full", "full", "empty", "empty"]],
    [1, ["full", "empty", "empty", "empty", "empty"]],
  ])("draws %d as %j", (value, shapes) => {
    expect(starShapes(value)).toEqual(shapes);
  });

  it("says a review's stars in words", () => {
    expect(starsWords(5)).toBe("5 out of 5 stars");
  });
});
