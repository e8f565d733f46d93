import { describe, expect, it } from "vitest";
import { redactSecrets, redactUrl } from "./logger.server";

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

describe("finding: the one-time sign-in link's token is written whole in the request log", () => {
  const token = "q3Zp9_Xk-2mVbL8sT0aWcYd1Ne4Rf7Gh6Ju5Ki2Lo3P";

  it.each([
    [`/staff/link/${token}`, "/staff/link/[redacted]"],
    [`/staff/link/${token}.data`, "/staff/link/[redacted]"],
    [`/staff/link/${token}?_data=routes%2Fstaff-link`, "/staff/link/[redacted]?_data=routes%2Fstaff-link"],
    [`/STAFF/Link/${token}/`, "/STAFF/Link/[redacted]/"],
    [`/staff%2Flink%2F${token}`, "/staff%2Flink%2F[redacted]"],
    [`https://salon.example/staff/link/${token}#top`, "https://salon.example/staff/link/[redacted]#top"],
  ])("keeps the token of %s out of the logged address", (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  it("takes it out of any line written, wherever it stands, and the line stays JSON", () => {
    const line = JSON.stringify({ msg: `You made a PUT request to "/staff/link/${token}" but did not provide an action`, referer: `http://127.0.0.1/staff/link/${token}` });
    const written = redactSecrets(line);
    expect(written).not.toContain(token);
    expect(JSON.parse(written)).toEqual({
      msg: 'You made a PUT request to "/staff/link/[redacted]" but did not provide an action',
      referer: "http://127.0.0.1/staff/link/[redacted]",
    });
  });

  it("leaves every other address as it is", () => {
    for (const url of ["/staff/links", "/staff/access", "/news/link-in-bio", "/staff/linking/abc"]) expect(redactUrl(url)).toBe(url);
  });
});
