import { describe, expect, it } from "vitest";
import { SPECULATION_RULES } from "./plain-scripts";

/** A document rule's `where`, as the browser reads it: href_matches by URL pattern, and, not; a selector matches no plain link. */
type Where = { and: Where[] } | { not: Where } | { href_matches: string | string[] } | { selector_matches: string };

function matches(where: Where, url: string): boolean {
  if ("and" in where) return where.and.every((w) => matches(w, url));
  if ("not" in where) return !matches(where.not, url);
  if ("href_matches" in where) {
    const patterns = Array.isArray(where.href_matches) ? where.href_matches : [where.href_matches];
    return patterns.some((pattern) => new URLPattern(pattern, "https://salon.example/").test(url));
  }
  return false;
}

const rules = JSON.parse(SPECULATION_RULES) as Record<"prerender" | "prefetch", { where: Where; eagerness: string }[]>;
const speculated = (action: "prerender" | "prefetch", path: string) => rules[action].some((rule) => matches(rule.where, `https://salon.example${path}`));

describe("finding: a speculation could fetch an address with a side effect before anyone follows the link", () => {
  it("fetches nothing ahead that counts a booking, is the staff's or the API's, a file, a saved quote or a saved quote's thanks", () => {
    for (const path of ["/go/book?quote=abc", "/staff", "/staff/studio/prices", "/applicants", "/applicant/3", "/api/services", "/quote/AbCdEf123456", "/prices/finish/submitted", "/images/team/rosa.jpg", "/photos/1.webp", "/sitemap.xml", "/robots.txt"]) {
      expect(speculated("prefetch", path), path).toBe(false);
      expect(speculated("prerender", path), path).toBe(false);
    }
  });

  it("prerenders the calculator's next steps and fetches the site's other pages ahead, only on hover or touch", () => {
    for (const path of ["/prices", "/prices/calculator?type=colour&regular=no&by=level&level=3", "/prices/total-by-level?type=men", "/prices/finish?type=men", "/prices/list"]) {
      expect(speculated("prerender", path), path).toBe(true);
    }
    for (const path of ["/", "/team", "/team/rosa", "/joinus", "/contact", "/blog/a-post"]) {
      expect(speculated("prefetch", path), path).toBe(true);
      expect(speculated("prerender", path), path).toBe(false);
    }
    expect([...rules.prerender, ...rules.prefetch].map((rule) => rule.eagerness)).toEqual(["moderate", "moderate"]);
  });
});
