import { describe, expect, it } from "vitest";
import { markdownToSafeHtml, slugify, splitFrontMatter } from "./markdown.server";

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
