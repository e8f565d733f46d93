import { describe, expect, it } from "vitest";
import { isSameOrigin, type OriginSignals } from "./same-origin";

const ours = ["https://base.example.com"];
const signals = (s: Partial<OriginSignals>): OriginSignals => ({ origin: undefined, referer: undefined, secFetchSite: undefined, ...s });

describe("isSameOrigin", () => {
  it.each<[string, Partial<OriginSignals>, boolean]>([
    ["Origin is PUBLIC_URL's", { origin: "https://base.example.com" }, true],
    ["Origin matches only the Host the request names (the origin check trusts the request's own Host: no longer)", { origin: "http://127.0.0.1:3000" }, false],
    ["Origin is another site", { origin: "https://evil.example" }, false],
    ["Origin differs only by scheme", { origin: "http://base.example.com" }, false],
    ["Origin differs only by port", { origin: "https://base.example.com:8443" }, false],
    ["Origin is a look-alike subdomain", { origin: "https://base.example.com.evil.example" }, false],
    ["Origin is null (a sandboxed frame or a data: page)", { origin: "null" }, false],
    ["Origin wins over a same-site Sec-Fetch-Site", { origin: "https://evil.example", secFetchSite: "same-origin" }, false],
    ["Sec-Fetch-Site same-origin", { secFetchSite: "same-origin" }, true],
    ["Sec-Fetch-Site none (typed or bookmarked)", { secFetchSite: "none" }, true],
    ["Sec-Fetch-Site same-site (a sister subdomain)", { secFetchSite: "same-site" }, false],
    ["Sec-Fetch-Site cross-site", { secFetchSite: "cross-site" }, false],
    ["Referer from our page", { referer: "https://base.example.com/applicants?filter=maybe" }, true],
    ["Referer from another site", { referer: "https://evil.example/applicants" }, false],
    ["Referer that is not an address", { referer: "nonsense" }, false],
    ["no browser signal at all (not a browser page)", {}, true],
  ])("%s → %s", (_what, given, expected) => {
    expect(isSameOrigin(signals(given), ours)).toBe(expected);
  });
});
