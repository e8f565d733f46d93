import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { cacheKey, HTML_CACHE_TTL_MS, HtmlCache, mayKeep, pageGzip, pageText } from "./html-cache.server";
import { CONTENT_PAGE, PRIVATE_PAGE } from "./page-cache";

const headers = (cacheControl: string, extra: Record<string, string> = {}) =>
  new Headers({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": cacheControl, ...extra });

describe("HtmlCache", () => {
  it("puts each response's nonce where the page had the placeholder, in the text and in valid gzip", () => {
    const cache = new HtmlCache();
    const p = cache.placeholder;
    // Long enough that the pieces compress into several blocks; a nonce at the very start and end too.
    const body = "<p>café ☕</p>".repeat(5000);
    const html = `${p}<script nonce="${p}">1</script>${body}<script nonce="${p}">2</script>${p}`;
    const page = cache.put("/", "r1", html, 200, headers(CONTENT_PAGE));
    for (const nonce of ["abc+/=", "Zm9vYmFyYmF6cXV4MTIzNA=="]) {
      const expected = html.replaceAll(p, nonce);
      expect(pageText(page, nonce).toString("utf8")).toBe(expected);
      const gz = pageGzip(page, nonce);
      expect(zlib.gunzipSync(gz).toString("utf8")).toBe(expected);
      expect(gz.length).toBeLessThan(Buffer.byteLength(expected) / 10);
    }
  });

  it("serves a page only under the revision it was made with, and only until it expires", () => {
    let now = 1_000;
    const cache = new HtmlCache(() => now);
    cache.put("/team", "r1", "<p>team</p>", 200, headers(CONTENT_PAGE));
    expect(cache.get("/team", "r1")).toBeDefined();
    expect(cache.get("/team", "r2")).toBeUndefined();
    // Gone once the revision moved on, even if it moves back.
    expect(cache.get("/team", "r1")).toBeUndefined();
    cache.put("/team", "r1", "<p>team</p>", 200, headers(CONTENT_PAGE));
    now += HTML_CACHE_TTL_MS - 1;
    expect(cache.get("/team", "r1")).toBeDefined();
    now += 1;
    expect(cache.get("/team", "r1")).toBeUndefined();
  });

  it("has a placeholder no one can guess", () => {
    expect(new HtmlCache().placeholder).not.toBe(new HtmlCache().placeholder);
    expect(new HtmlCache().placeholder).toMatch(/^[0-9a-f]{36}$/);
  });
});

describe("mayKeep", () => {
  it("keeps only listed routes' 200s with the content page's caching and no cookie", () => {
    expect(mayKeep(["root", "team"], 200, headers(CONTENT_PAGE))).toBe(true);
    expect(mayKeep(["root", "joinus"], 200, headers(CONTENT_PAGE))).toBe(false);
    expect(mayKeep(["root", "quote"], 200, headers(CONTENT_PAGE))).toBe(false);
    expect(mayKeep(["root", "team"], 200, headers(PRIVATE_PAGE))).toBe(false);
    expect(mayKeep(["root", "team-detail"], 404, headers(CONTENT_PAGE))).toBe(false);
    expect(mayKeep(["root", "team"], 200, headers(CONTENT_PAGE, { "Set-Cookie": "a=b" }))).toBe(false);
  });
});

describe("cacheKey", () => {
  it("is the address of a GET without a query string", () => {
    expect(cacheKey("GET", "/team")).toBe("/team");
    expect(cacheKey("GET", "/team?x=1")).toBeNull();
    expect(cacheKey("HEAD", "/team")).toBeNull();
    expect(cacheKey("POST", "/team")).toBeNull();
    expect(cacheKey("GET", "/team.data")).toBeNull();
  });
});
