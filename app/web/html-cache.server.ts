/**
 * Rendered public pages, kept in memory (decision record 0020). A plain
 * content page (the landing page, the team, a blog post, an offer…) is the
 * same for every visitor until content or a staff switch changes, so it is
 * rendered once and then served from here, with three guarantees:
 *
 * - Fresh CSP nonce on every response. A page is rendered with a random
 *   placeholder (unguessable, new at every start) where the nonce goes, kept
 *   cut at the placeholders, and joined with this response's nonce, the one in
 *   its Content-Security-Policy header. The gzipped copy is kept the same way:
 *   each piece between nonces is compressed on its own (raw deflate, flushed to
 *   a byte boundary), and each response's nonce goes between them as a stored,
 *   uncompressed block, then the gzip trailer (CRC-32 and length) for the whole.
 *   So no copy of a page ever holds a nonce, and the nonce is never compressed
 *   together with anything else (no compression side channel can read it).
 * - Seen at once when something changes, on every server: each request reads
 *   the site's revision (one small query, site-revision.server.ts); an entry
 *   made under another revision is not served. Entries also expire after
 *   HTML_CACHE_TTL_MS, for what changes with the clock alone (today's date).
 * - Only pages that carry nothing personal: the routes listed below, a GET
 *   of the page's own address without a query string, answered 200 with the content page's caching
 *   (`private, no-cache`: no form token, no reply to a form, no personal
 *   data, see page-cache.ts) and no cookie set. Anything else is rendered
 *   afresh as before.
 */
import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { createContext } from "react-router";
import { CONTENT_PAGE } from "./page-cache";

/** How long a rendered page may be served, when nothing in the database has changed. */
export const HTML_CACHE_TTL_MS = 60_000;
/** At most this many pages are kept (the site has a few dozen); the oldest goes first. */
const MAX_ENTRIES = 500;

/**
 * The routes whose pages may be kept: content that is the same for every
 * visitor. A route not listed here (forms, the calculator, quotes, staff
 * pages) is never cached; add one only if its page shows nothing that depends
 * on who asks or on the query string.
 */
export const CACHEABLE_ROUTES: ReadonlySet<string> = new Set([
  "root",
  "main",
  "main-info",
  "home",
  "about",
  "team",
  "teaminfo",
  "team-detail",
  "blog-info",
  "blog-post",
  "offers",
  "offer",
  "sms-offer",
  "referrals",
  "policies",
  "corona",
  "reopening",
  "new-prices",
  "top-spender",
  "ghd",
  "jellybeans",
  "bookings",
  "link-tree",
  "links",
  "online-shop",
  "gift-voucher",
  "privacy",
]);

/** A rendered page, cut where the nonce goes. */
export interface CachedPage {
  revision: string;
  expires: number;
  status: number;
  headers: [string, string][];
  /** The page's text between nonces (one more piece than there are nonces). */
  pieces: Buffer[];
  /** Each piece as raw deflate, ending on a byte boundary, not final. */
  deflated: Buffer[];
}

/** What a request that may be cached carries into the render: where to store, under which revision. */
export interface CacheSlot {
  key: string;
  revision: string;
  cache: HtmlCache;
}

/** Set by the Express app for a GET that may be cached and was not: the entry's render stores it. */
export const htmlCacheContext = createContext<CacheSlot | null>(null);

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty, final stored block: the end of the deflate stream. */
const DEFLATE_END = Buffer.from([1, 0, 0, 0xff, 0xff]);

/** A stored (uncompressed), non-final deflate block holding `bytes` (under 64 KiB). */
function storedBlock(bytes: Buffer): Buffer {
  const block = Buffer.alloc(5 + bytes.length);
  block[0] = 0;
  block.writeUInt16LE(bytes.length, 1);
  block.writeUInt16LE(~bytes.length & 0xffff, 3);
  bytes.copy(block, 5);
  return block;
}

/** The length of every CSP nonce (16 random bytes in base64: create-app.ts). */
export const NONCE_LENGTH = 24;
/** Deflate's window: how far back a match may reach. */
const WINDOW = 32 * 1024;

/**
 * Each piece as raw deflate, flushed to a byte boundary so pieces can be
 * joined with stored nonce blocks between them. Compressed one by one, the
 * pieces would lose each other's context (the landing page has 36 nonces: a
 * third larger than gzipping it whole). So each piece is compressed with the
 * text before it as deflate's preset dictionary, nonces included, except that
 * the dictionary holds NUL bytes where a nonce will be. A piece holds no NUL
 * (checked: otherwise it is compressed on its own), so no match can reach
 * into a nonce's place, and what the browser has already decoded there (the
 * real nonce) is never copied: the stream decodes right whatever the nonce.
 */
function deflatePieces(pieces: Buffer[]): Buffer[] {
  const gap = Buffer.alloc(NONCE_LENGTH);
  const shared = pieces.every((piece) => !piece.includes(0));
  let before = Buffer.alloc(0);
  return pieces.map((piece, i) => {
    if (i > 0) before = Buffer.concat([before, gap]).subarray(-WINDOW);
    const options: zlib.ZlibOptions = { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH };
    if (shared && before.length > 0) options.dictionary = before;
    const deflated = zlib.deflateRawSync(piece, options);
    before = Buffer.concat([before, piece]).subarray(-WINDOW);
    return deflated;
  });
}

export class HtmlCache {
  /** Stands where the nonce goes while a page is rendered for the cache: unguessable, so no content can hold it. */
  readonly placeholder = randomBytes(18).toString("hex");
  private readonly pages = new Map<string, CachedPage>();

  constructor(private readonly now: () => number = Date.now) {}

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

  /** Keeps a page rendered with `placeholder` as its nonce; returns it. */
  put(key: string, revision: string, html: string, status: number, headers: Headers): CachedPage {
    const pieces = html.split(this.placeholder).map((piece) => Buffer.from(piece));
    const page: CachedPage = {
      revision,
      expires: this.now() + HTML_CACHE_TTL_MS,
      status,
      headers: [...headers.entries()].filter(([name]) => name !== "content-length"),
      pieces,
      deflated: deflatePieces(pieces),
    };
    this.pages.delete(key);
    if (this.pages.size >= MAX_ENTRIES) this.pages.delete(this.pages.keys().next().value!);
    this.pages.set(key, page);
    return page;
  }

  clear(): void {
    this.pages.clear();
  }
}

/** The page's text with this response's nonce. */
export function pageText(page: CachedPage, nonce: string): Buffer {
  const value = Buffer.from(nonce);
  const parts: Buffer[] = [];
  page.pieces.forEach((piece, i) => {
    if (i > 0) parts.push(value);
    parts.push(piece);
  });
  return Buffer.concat(parts);
}

/**
 * The page gzipped, with this response's nonce as stored blocks between the
 * kept compressed pieces; null for a nonce of another length than the
 * dictionaries were made for (never, as nonces are made).
 */
export function pageGzip(page: CachedPage, nonce: string): Buffer | null {
  const value = Buffer.from(nonce);
  if (value.length !== NONCE_LENGTH) return null;
  const nonceBlock = storedBlock(value);
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  page.deflated.forEach((deflated, i) => {
    if (i > 0) {
      parts.push(nonceBlock);
      crc = zlib.crc32(value, crc);
      size += value.length;
    }
    parts.push(deflated);
    crc = zlib.crc32(page.pieces[i]!, crc);
    size += page.pieces[i]!.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  parts.push(DEFLATE_END, trailer);
  return Buffer.concat(parts);
}

/** Whether a rendered page may be kept: every route on it listed, a 200 with the content page's caching and no cookie. */
export function mayKeep(routeIds: string[], status: number, headers: Headers): boolean {
  return (
    status === 200 &&
    headers.get("Cache-Control") === CONTENT_PAGE &&
    !headers.has("Set-Cookie") &&
    routeIds.every((id) => CACHEABLE_ROUTES.has(id))
  );
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
  if (method !== "GET" || !PAGE_ADDRESS.test(url)) return null;
  return url;
}
