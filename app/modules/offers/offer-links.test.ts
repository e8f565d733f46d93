import { describe, expect, it } from "vitest";
import { isOfferPath, withoutOfferLinks } from "./offer-links";

const pages = { jellybeans: { offer: true }, ghd: { offer: true }, policies: {} };

describe("isOfferPath", () => {
  it.each([
    ["/offers", true],
    ["/offers/", true],
    ["/offers/nadia", true],
    ["/offers/nadia#claim", true],
    ["/sms/spring?from=text", true],
    ["/jellybeans", true],
    ["/ghd", true],
    ["/policies", false],
    ["/offers-and-more", false],
    ["/team/nadia", false],
    ["/", false],
  ])("%s → %s", (path, offer) => {
    expect(isOfferPath(path, pages)).toBe(offer);
  });
});

describe("withoutOfferLinks", () => {
  it("turns links to offer pages into their words and leaves every other link", () => {
    const html =
      '<p>See our <a href="/offers">offers</a> page, <a href="/offers/nadia">Nadia&#39;s <strong>30%</strong></a>, ' +
      '<a href="/jellybeans">Jellybeans</a>, <a href="/team/nadia">her profile</a> and <a href="https://example.com/offers">elsewhere</a>.</p>';
    expect(withoutOfferLinks(html, pages)).toBe(
      "<p>See our offers page, Nadia&#39;s <strong>30%</strong>, Jellybeans, " +
        '<a href="/team/nadia">her profile</a> and <a href="https://example.com/offers">elsewhere</a>.</p>',
    );
  });
});
