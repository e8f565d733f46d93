import { describe, expect, it } from "vitest";
import { markdownToSafeHtml, slugify, splitFrontMatter } from "./markdown.server";
import { splitAtPhones } from "./public-settings";

describe("markdownToSafeHtml", () => {
  it("renders headings, lists and links", () => {
    const html = markdownToSafeHtml("## Before you book\n\n- one\n- two\n\n[Book](/bookings)");
    expect(html).toContain('<h2 id="before-you-book">Before you book</h2>');
    expect(html).toContain("<li>one</li>");
    expect(html).toContain('<a href="/bookings">Book</a>');
  });

  it("drops raw HTML, scripts and javascript: links", () => {
    const html = markdownToSafeHtml('<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n[x](javascript:alert(1))');
    expect(html).not.toMatch(/<script|onerror|javascript:/i);
  });

  it("makes each phone number in the words a link that calls it, and leaves a link's own words alone", () => {
    const html = markdownToSafeHtml("Call **01632 960 412** or 07700900123 to book.\n\n[Our prices, from 2026](/prices)");
    expect(html).toBe(
      '<p>Call <strong><a href="tel:+441632960412">01632 960 412</a></strong> or <a href="tel:+447700900123">07700900123</a> to book.</p>\n<p><a href="/prices">Our prices, from 2026</a></p>',
    );
  });
});

describe("splitAtPhones", () => {
  it.each([
    ["Call us on 01632 960 412 to book.", ["Call us on ", "01632 960 412", " to book."]],
    ["020 7946 0000 or 01632960412", ["", "020 7946 0000", " or ", "01632960412", ""]],
    ["No number here, £1,234 on 12/03/2026", ["No number here, £1,234 on 12/03/2026"]],
    // Not eleven digits from a 0, or already international: left as words.
    ["01632 960 4123, 0163 296 041, +44 1632 960412, 01632  960 412", ["01632 960 4123, 0163 296 041, +44 1632 960412, 01632  960 412"]],
  ])("%s", (words, parts) => {
    expect(splitAtPhones(words)).toEqual(parts);
  });
});

describe("slugify", () => {
  it("makes heading ids from words", () => {
    expect(slugify("Cancelling or moving an appointment")).toBe("cancelling-or-moving-an-appointment");
    expect(slugify("  Terms & conditions! ")).toBe("terms-and-conditions");
  });
});

describe("splitFrontMatter", () => {
  it("separates the YAML block from the body", () => {
    expect(splitFrontMatter("---\ntitle: Hi\n---\nBody text")).toEqual({ frontMatter: "title: Hi", body: "Body text" });
  });
  it("says what is missing", () => {
    expect(() => splitFrontMatter("no front matter")).toThrow(/front matter/);
  });
});
