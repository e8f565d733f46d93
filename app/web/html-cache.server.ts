/**
 * Rendered content pages, kept in memory as bytes (decision records 0020 and
 * 0028). A content page (route facts: `client: false, cacheable: true`) is the
 * same for every visitor until content or a staff switch changes, and carries
 * no nonce (its CSP names its inline scripts by hash), so it is rendered once
 * and its bytes are sent as they are: plain, gzip and brotli, each made once.
 * Brotli at quality 5, not 11: a page is made again each minute and at every
 * change, and 11 took 39 ms of CPU for the 41 KB landing page against 0.6 ms
 * for 5, to send 7,358 bytes rather than 8,079 (both inside the first round trip).
 *
 * - Seen when something changes, on every server: an entry is kept under the
 *   revision of the site's snapshot (site-snapshot.server.ts, decision 0054),
 *   which each server reads once a second, and is not served under another.
 *   Entries also expire after HTML_CACHE_TTL_MS, for what changes with the
 *   clock alone (today's date).
 * - Only pages that carry nothing personal: every route on the page says it
 *   is cacheable, a GET of the page's own address without a query string,
 *   answered 200 with the content page's caching (page-cache.ts) and no
 *   cookie set. Anything else is rendered afresh.
 *
 * A saved quote's page (route facts `cacheable: "private"`) is kept the same
 * way in a cache of its own, bounded, and served only while the quote is
 * still stored (server/html-cache.ts): a quote never changes once saved.
 */
import { createHash } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import zlib from "node:zlib";
import { createContext } from "react-router";
import { PRIVATE_PAGE, SHARED_CONTENT_PAGE } from "./page-cache";
import type { pageFacts } from "./route-facts";

/** How long a rendered page may be served, when nothing in the database has changed. */
export const HTML_CACHE_TTL_MS = 60_000;

/** A rendered page, in each encoding it is sent in. */
export interface CachedPage {
  revision: string;
  expires: number;
  status: number;
  headers: [string, string][];
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/** What a request that may be cached carries into the render: where to store, under which revision. */
export interface CacheSlot {
  key: string;
  revision: string;
  cache: HtmlCache;
  /** Says the render has ended (HtmlCache.begin): requests for the same page waiting on it go on. */
  end: () => void;
}

export interface HtmlCacheOptions {
  /** Which pages it keeps: content pages (shared) or saved quotes (private), as their route facts say. */
  kind: "shared" | "private";
  /** At most this many pages are kept; the oldest goes first. */
  maxEntries: number;
  now?: () => number;
}

/** Set by the Express app for a GET that may be cached and was not: the entry's render stores it. */
export const htmlCacheContext = createContext<CacheSlot | null>(null);

/** A weak validator for a page's bytes (weak: the same page goes out in three encodings). */
export const etagOf = (bytes: string | Buffer) => `W/"${createHash("sha1").update(bytes).digest("base64url")}"`;

const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };

export class HtmlCache {
  private readonly pages = new Map<string, CachedPage>();
  /** The pages kept at some time, newest last (at most maxEntries): only their renders are waited for, never a form's. */
  private readonly keepable = new Set<string>();
  /** Renders begun and not yet ended, by key: a request for the same page under the same revision waits for one. */
  private readonly rendering = new Map<string, { revision: string; ended: Promise<void>; end: () => void }>();
  readonly kind: HtmlCacheOptions["kind"];
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor({ kind, maxEntries, now = Date.now }: HtmlCacheOptions) {
    this.kind = kind;
    this.maxEntries = maxEntries;
    this.now = now;
  }

  /** A page kept under this revision and not yet expired. */
  get(key: string, revision: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    if (page.revision !== revision || page.expires <= this.now()) {
      this.pages.delete(key);
      return undefined;
    }
    return page;
  }

  /**
   * Says a render of `key` under `revision` has begun, if it is of a page kept before (after a change); the
   * function returned says it has ended, kept or not. Without it, visitors who came at once after a change each
   * had the page rendered for them where the database is reached over the network (PostgreSQL).
   */
  begin(key: string, revision: string): () => void {
    if (!this.keepable.has(key) || this.rendering.get(key)?.revision === revision) return () => {};
    let resolve = () => {};
    const end = () => {
      if (this.rendering.get(key) === render) this.rendering.delete(key);
      resolve();
    };
    const render = { revision, ended: new Promise<void>((r) => (resolve = r)), end };
    this.rendering.set(key, render);
    return end;
  }

  /** The page kept under this revision; if a render of it has begun, once that has ended or `waitMs` has passed. */
  async whenRendered(key: string, revision: string, waitMs: number): Promise<CachedPage | undefined> {
    const render = this.rendering.get(key);
    if (render?.revision === revision) await Promise.race([render.ended, delay(waitMs, undefined, { ref: false })]);
    return this.get(key, revision);
  }

  /** Keeps a page, plain, gzipped and brotli-compressed. */
  put(key: string, revision: string, html: string, status: number, headers: Headers): CachedPage {
    const identity = Buffer.from(html);
    const page: CachedPage = {
      revision,
      expires: this.now() + HTML_CACHE_TTL_MS,
      status,
      headers: [...headers.entries()].filter(([name]) => !["content-length", "etag"].includes(name)),
      etag: etagOf(identity),
      identity,
      gzip: zlib.gzipSync(identity, { level: 9 }),
      br: zlib.brotliCompressSync(identity, BROTLI),
    };
    this.pages.delete(key);
    if (this.pages.size >= this.maxEntries) this.pages.delete(this.pages.keys().next().value!);
    this.pages.set(key, page);
    this.keepable.delete(key);
    this.keepable.add(key);
    if (this.keepable.size > this.maxEntries) this.keepable.delete(this.keepable.keys().next().value!);
    return page;
  }

  delete(key: string): void {
    this.pages.delete(key);
  }
}

/**
 * Whether a rendered page may be kept by a cache of this kind: a page with no
 * client whose routes say it may, a 200 with the caching its kind has (a
 * content page's, or a private page's) and no cookie.
 */
export function mayKeep(kind: HtmlCache["kind"], facts: ReturnType<typeof pageFacts>, status: number, headers: Headers): boolean {
  const cacheControl = headers.get("Cache-Control");
  const fits = kind === "shared" ? facts.cacheable === true && cacheControl === SHARED_CONTENT_PAGE : facts.cacheable === "private" && cacheControl === PRIVATE_PAGE;
  return fits && !facts.client && status === 200 && !headers.has("Set-Cookie");
}

/**
 * The site's page addresses as it writes them: lowercase words and dashes, no
 * trailing slash, nothing encoded. Only these are kept, so that "/Team",
 * "/team/" or "/te%61m" (the same page to the router) cannot fill the cache
 * with copies; they are rendered each time.
 */
const PAGE_ADDRESS = /^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*)?$/;

/** The key of a request the cache may answer: a GET of a page address with no query string. */
export function cacheKey(method: string, url: string): string | null {
  return method === "GET" && PAGE_ADDRESS.test(url) ? url : null;
}
