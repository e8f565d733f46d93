/**
 * The Express side of the HTML cache (app/web/html-cache.server.ts, decision
 * record 0020): answers a GET from a kept page when the site's revision is the
 * one it was rendered under, with this response's nonce; otherwise marks the
 * request so that its render may be kept.
 */
import type { Request, RequestHandler, Response } from "express";
import { readSiteRevision } from "~/modules/site-switches/site-revision.server";
import { cacheKey, pageGzip, pageText, type CachedPage, type CacheSlot, type HtmlCache } from "~/web/html-cache.server";
import type { AppServices } from "~/web/services";

export function htmlCacheRoute(services: Pick<AppServices, "db">, cache: HtmlCache): RequestHandler {
  return async (req, res, next) => {
    const key = cacheKey(req.method, req.originalUrl);
    if (!key) return next();
    try {
      // Read before anything is rendered: a page kept under this revision shows data at least this new.
      const revision = await readSiteRevision(services.db);
      const page = cache.get(key, revision);
      if (!page) {
        res.locals.htmlCacheSlot = { key, revision, cache } satisfies CacheSlot;
        return next();
      }
      sendKeptPage(req, res, page);
    } catch (error) {
      next(error);
    }
  };
}

function sendKeptPage(req: Request, res: Response, page: CachedPage): void {
  const nonce = res.locals.cspNonce as string;
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("Vary", "Accept-Encoding");
  const gzipped = req.acceptsEncodings("gzip", "identity") === "gzip" ? pageGzip(page, nonce) : null;
  const body = gzipped ?? pageText(page, nonce);
  if (gzipped) res.setHeader("Content-Encoding", "gzip");
  res.setHeader("Content-Length", body.length);
  res.status(page.status).end(body);
}
