/**
 * The Express side of the HTML caches (app/web/html-cache.server.ts, decision
 * records 0020, 0028 and 0054): answers a GET from a kept page when the site's
 * snapshot has the revision it was rendered under (304 when the browser has it
 * already) and `stillThere` agrees; otherwise marks the request so that its
 * render may be kept. A request with a staff session cookie is neither answered
 * from the cache nor kept: signed-in staff may see what visitors do not (an
 * offer's preview before it starts).
 */
import type { RequestHandler } from "express";
import type { CacheSlot, HtmlCache } from "~/web/html-cache.server";
import type { AppServices } from "~/web/services";
import { staffCookies } from "~/web/staff-session.server";

export interface HtmlCacheRouteOptions {
  /** The key of a request this cache may answer, or null. */
  keyOf: (method: string, url: string) => string | null;
  /** The revision of the site as this instance holds it (app/web/site-snapshot.server.ts). */
  revision: () => string;
  /** Whether what a kept page shows still exists (a saved quote may be erased). */
  stillThere?: (key: string) => Promise<boolean>;
}

/** The longest a request waits for the same page's render begun by another (a render takes tens of milliseconds). */
const RENDER_WAIT_MS = 2000;

export function htmlCacheRoute(services: Pick<AppServices, "config">, cache: HtmlCache, { keyOf, revision: readRevision, stillThere }: HtmlCacheRouteOptions): RequestHandler {
  const staffSession = `${staffCookies(services.config).session.name}=`;
  return async (req, res, next) => {
    const key = keyOf(req.method, req.originalUrl);
    if (!key || res.locals.htmlCacheSlot || req.headers.cookie?.includes(staffSession)) return next();
    try {
      // Taken before anything is rendered: a page kept under this revision shows data at least this new.
      const revision = readRevision();
      const page = cache.get(key, revision) ?? (await cache.whenRendered(key, revision, RENDER_WAIT_MS));
      const gone = page && stillThere && !(await stillThere(key));
      if (gone) cache.delete(key);
      if (!page || gone) {
        const end = cache.begin(key, revision);
        // Ended by the render (entry.server.tsx), or when the answer is done if it never reached one (a redirect, an error).
        res.on("close", end);
        res.locals.htmlCacheSlot = { key, revision, cache, end } satisfies CacheSlot;
        return next();
      }
      for (const [name, value] of page.headers) res.setHeader(name, value);
      res.setHeader("Vary", "Accept-Encoding");
      res.setHeader("ETag", page.etag);
      if (req.fresh) return void res.status(304).end();
      const encoding = req.acceptsEncodings("br", "gzip", "identity");
      const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.identity;
      if (body !== page.identity) res.setHeader("Content-Encoding", encoding as string);
      res.setHeader("Content-Length", body.length);
      res.status(page.status).end(body);
    } catch (error) {
      next(error);
    }
  };
}
