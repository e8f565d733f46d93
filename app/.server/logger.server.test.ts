import { describe, expect, it } from "vitest";
import { redactUrl } from "./logger.server";

describe("redactUrl", () => {
  it.each([
    ["/prices/finish?type=men&by=level&level=2&cut=25", "/prices/finish?type=men&by=level&level=2&cut=25"],
    ["/joinus", "/joinus"],
    [undefined, undefined],
  ])("leaves %s as it is", (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  it("hides the values of personal fields, however named in case", () => {
    expect(redactUrl("/prices/finish?type=men&Name=Leah+Marsh&referral=google")).toBe(
      "/prices/finish?type=men&Name=%5Bredacted%5D&referral=google",
    );
  });

  it("hides anything that looks like an email address or a phone number", () => {
    const logged = redactUrl("/search?q=leah%40example.com&ref=07700+900+123&contact=%2B44%207700%20900123&page=2")!;
    expect(logged).not.toMatch(/example\.com|07700|900123/);
    expect(logged).toContain("page=2");
  });
});
