import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { cacheKey, etagOf, HTML_CACHE_TTL_MS, HtmlCache, mayKeep } from "./html-cache.server";
import { CONTENT_PAGE, PRIVATE_PAGE, SHARED_CONTENT_PAGE } from "./page-cache";

const headers = (cacheControl: string, extra: Record<string, string> = {}) =>
  new Headers({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": cacheControl, ...extra });

describe("HtmlCache", () => {
  it("keeps a page's bytes as they are, gzipped and brotli-compressed once, with a validator", () => {
    const cache = new HtmlCache({ kind: "shared", maxEntries: 10 });
    const html = `<!DOCTYPE html><html><body>${"<p>café ☕ at the academy</p>".repeat(2000)}</body></html>`;
    const page = cache.put("/", "r1", html, 200, headers(SHARED_CONTENT_PAGE, { ETag: "W/\"old\"", "Content-Length": "1" }));
    expect(page.identity.toString("utf8")).toBe(html);
    expect(zlib.gunzipSync(page.gzip).toString("utf8")).toBe(html);
    expect(zlib.brotliDecompressSync(page.br).toString("utf8")).toBe(html);
    expect(page.br.length).toBeLessThan(page.gzip.length);
    expect(page.etag).toBe(etagOf(html));
    // The kept headers are the page's, without a length or validator of another body.
    expect(new Headers(page.headers).get("cache-control")).toBe(SHARED_CONTENT_PAGE);
    expect(new Headers(page.headers).has("content-length")).toBe(false);
    expect(new Headers(page.headers).has("etag")).toBe(false);
    expect(cache.get("/", "r1")).toBe(page);
  });

  it("serves a page only under the revision it was made with, and only until it expires", async () => {
    let now = 1_000;
    const cache = new HtmlCache({ kind: "shared", maxEntries: 10, now: () => now });
    cache.put("/team", "r1", "<p>team</p>", 200, headers(SHARED_CONTENT_PAGE));
    expect(cache.get("/team", "r1")).toBeDefined();
    expect(cache.get("/team", "r2")).toBeUndefined();
    // Gone once the revision moved on, even if it moves back.
    expect(cache.get("/team", "r1")).toBeUndefined();
    cache.put("/team", "r1", "<p>team</p>", 200, headers(SHARED_CONTENT_PAGE));
    now += HTML_CACHE_TTL_MS - 1;
    expect(cache.get("/team", "r1")).toBeDefined();
    now += 1;
    expect(cache.get("/team", "r1")).toBeUndefined();
  });
});

describe("HtmlCache renders under way", () => {
  it("a request for a page being rendered again under the same revision waits for it, and gets it once kept", async () => {
    const cache = new HtmlCache({ kind: "shared", maxEntries: 10 });
    cache.put("/", "r0", "<p>home before</p>", 200, headers(SHARED_CONTENT_PAGE));
    const end = cache.begin("/", "r1");
    const waiting = cache.whenRendered("/", "r1", 5_000);
    const page = cache.put("/", "r1", "<p>home</p>", 200, headers(SHARED_CONTENT_PAGE));
    end();
    expect(await waiting).toBe(page);
  });

  it("does not wait on the render of a page never kept (a form's: it is rendered for each)", async () => {
    const cache = new HtmlCache({ kind: "shared", maxEntries: 10 });
    cache.begin("/contact", "r1");
    const started = performance.now();
    expect(await cache.whenRendered("/contact", "r1", 5_000)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("waits no longer than it is told for a render that does not end, and not at all for another revision's", async () => {
    const cache = new HtmlCache({ kind: "shared", maxEntries: 10 });
    cache.put("/team", "r0", "<p>team before</p>", 200, headers(SHARED_CONTENT_PAGE));
    cache.begin("/team", "r1");
    let started = performance.now();
    expect(await cache.whenRendered("/team", "r1", 50)).toBeUndefined();
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    started = performance.now();
    expect(await cache.whenRendered("/team", "r2", 5_000)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("a render that ends unkept lets the requests waiting on it go on to render their own", async () => {
    const cache = new HtmlCache({ kind: "shared", maxEntries: 10 });
    cache.put("/about", "r0", "<p>about before</p>", 200, headers(SHARED_CONTENT_PAGE));
    const end = cache.begin("/about", "r1");
    // A second begin for the same page and revision is the same render: ending it ends nothing.
    cache.begin("/about", "r1")();
    const started = performance.now();
    const waiting = cache.whenRendered("/about", "r1", 5_000);
    setTimeout(end, 100);
    expect(await waiting).toBeUndefined();
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(90);
    expect(waited).toBeLessThan(1_000);
  });
});

describe("HtmlCache bounds", () => {
  it("keeps at most maxEntries pages, dropping the oldest", async () => {
    const cache = new HtmlCache({ kind: "private", maxEntries: 2 });
    for (const key of ["/quote/a", "/quote/b", "/quote/c"]) cache.put(key, "r1", `<p>${key}</p>`, 200, headers(PRIVATE_PAGE));
    expect(cache.get("/quote/a", "r1")).toBeUndefined();
    expect(cache.get("/quote/b", "r1")).toBeDefined();
    expect(cache.get("/quote/c", "r1")).toBeDefined();
  });
});

describe("mayKeep", () => {
  const content = { client: false, cacheable: true };
  it("keeps only cacheable content pages' 200s with the content page's caching and no cookie", () => {
    expect(mayKeep("shared", content, 200, headers(SHARED_CONTENT_PAGE))).toBe(true);
    expect(mayKeep("shared", { client: true, cacheable: false }, 200, headers(SHARED_CONTENT_PAGE))).toBe(false);
    expect(mayKeep("shared", { client: false, cacheable: false }, 200, headers(SHARED_CONTENT_PAGE))).toBe(false);
    expect(mayKeep("shared", { client: true, cacheable: true }, 200, headers(SHARED_CONTENT_PAGE))).toBe(false);
    expect(mayKeep("shared", content, 200, headers(PRIVATE_PAGE))).toBe(false);
    expect(mayKeep("shared", content, 200, headers(CONTENT_PAGE))).toBe(false);
    expect(mayKeep("shared", content, 404, headers(SHARED_CONTENT_PAGE))).toBe(false);
    expect(mayKeep("shared", content, 200, headers(SHARED_CONTENT_PAGE, { "Set-Cookie": "a=b" }))).toBe(false);
  });

  it("keeps a saved quote's page only in the private cache, and a content page only in the shared one", () => {
    const quote = { client: false, cacheable: "private" as const };
    expect(mayKeep("private", quote, 200, headers(PRIVATE_PAGE))).toBe(true);
    expect(mayKeep("shared", quote, 200, headers(PRIVATE_PAGE))).toBe(false);
    expect(mayKeep("private", content, 200, headers(SHARED_CONTENT_PAGE))).toBe(false);
    expect(mayKeep("private", quote, 404, headers(PRIVATE_PAGE))).toBe(false);
    expect(mayKeep("private", { client: true, cacheable: "private" }, 200, headers(PRIVATE_PAGE))).toBe(false);
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
