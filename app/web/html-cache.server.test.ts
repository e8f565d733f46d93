import { randomBytes } from "node:crypto";
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
    for (const nonce of ["Zm9vYmFyYmF6cXV4MTIzNA==", "<p>café ☕</p><p>café", randomBytes(16).toString("base64")]) {
      const expected = html.replaceAll(p, nonce);
      expect(pageText(page, nonce).toString("utf8")).toBe(expected);
      const gz = pageGzip(page, nonce)!;
      expect(zlib.gunzipSync(gz).toString("utf8")).toBe(expected);
      expect(gz.length).toBeLessThan(Buffer.byteLength(expected) / 10);
    }
    // A nonce of another length is not spliced in.
    expect(pageGzip(page, "short")).toBeNull();
  });

  it("compresses a page with many nonces nearly as well as gzipping it whole", () => {
    const cache = new HtmlCache();
    const p = cache.placeholder;
    const link = (i: number) => `<link rel="modulepreload" href="/assets/chunk-${i}-Abc123.js" nonce="${p}"/>`;
    const html = `<html><head>${Array.from({ length: 36 }, (_, i) => link(i)).join("")}</head><body>${"<section><h2>Our team</h2><p>Rosa has trained with us for three years.</p></section>".repeat(300)}</body></html>`;
    const page = cache.put("/", "r1", html, 200, headers(CONTENT_PAGE));
    const nonce = randomBytes(16).toString("base64");
    const expected = html.replaceAll(p, nonce);
    const gz = pageGzip(page, nonce)!;
    expect(zlib.gunzipSync(gz).toString("utf8")).toBe(expected);
    const whole = zlib.gzipSync(expected, { level: 9 }).length;
    // Each nonce goes uncompressed (24 bytes, 5 of block header, 5 of flush): about 1.2 KB for 36 of them.
    expect(gz.length).toBeLessThan(whole + 36 * 40);
  });

  it("still decodes right when a page holds NUL bytes (compressed piece by piece)", () => {
    const cache = new HtmlCache();
    const p = cache.placeholder;
    const html = `<p>a\u0000b</p><script nonce="${p}"></script><p>a\u0000b</p>`;
    const page = cache.put("/", "r1", html, 200, headers(CONTENT_PAGE));
    const nonce = randomBytes(16).toString("base64");
    expect(zlib.gunzipSync(pageGzip(page, nonce)!).toString("utf8")).toBe(html.replaceAll(p, nonce));
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
    expect(cacheKey("GET", "/")).toBe("/");
    expect(cacheKey("GET", "/blog/first-week-as-a-trainee")).toBe("/blog/first-week-as-a-trainee");
    // Other spellings of the same page are rendered each time, so they cannot fill the cache.
    for (const url of ["/Team", "/team/", "/te%61m", "//team", "/team//rosa"]) expect(cacheKey("GET", url), url).toBeNull();
  });
});
