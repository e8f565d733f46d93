import { randomBytes } from "node:crypto";
import path from "node:path";
import compression from "compression";
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { createRequestHandler } from "@react-router/express";
import { isDatabaseBusy, isStorageFull } from "~/.server/db/database.server";
import { BUSY_MESSAGE, BUSY_RETRY_AFTER_SECONDS, BUSY_TITLE } from "~/web/database-busy";
import { redactUrl } from "~/.server/logger.server";
import { clientOf, runWithClient } from "~/.server/request-client.server";
import { clientAddressContext, nonceContext, photosContext, publicPagesContext, servicesContext, siteSwitchesContext } from "~/web/context";
import { publicPagesOf } from "~/web/route-facts";
import type { PublicPage } from "~/modules/seo/public-pages";
import { cspDirectives } from "~/web/csp.server";
import { hasQuote, QUOTE_LINK_PATTERN } from "~/modules/quotes/quotes.server";
import { cacheKey, HtmlCache, htmlCacheContext, type CacheSlot } from "~/web/html-cache.server";
import type { AppServices } from "~/web/services";
import { catalogueRouter } from "./api/catalogue";
import { formsRouter } from "./api/forms";
import { cleanJsonBody, sendError, withHeader } from "./api/http";
import { quotesRouter } from "./api/quotes";
import { staffRouter } from "./api/staff";
import { staffDeskRouter } from "./api/staff-desk";
import { staffPhotosRouter } from "./api/staff-photos";
import { staffVisitsRouter } from "./api/staff-visits";
import { studioRouter } from "./api/studio";
import { healthCheck } from "./health";
import { htmlCacheRoute } from "./html-cache";
import { imagesRouter, oldShopPicturesRouter } from "./images";
import { photosRouter } from "./photos";
import { siteSnapshotRoute } from "./site-snapshot";
import { staticAssets } from "./static-assets";
import { visitCounting } from "./visits";
import { apiMethods, bodyCharset, cleanAddress, isApiRequest, MAX_BODY_BYTES, pageRequests, siteMethods, takesMultipart, validHost } from "./request-rules";
import { pageWriteOrigin, staffPageOriginGuard } from "./staff-pages";

export interface AppOptions {
  /** React Router's server build; without it only the API and pictures are served (API tests). */
  build?: ServerBuild | (() => Promise<ServerBuild>);
  /** The built browser files (build/client) to serve; absent in development, where Vite serves them. */
  clientDir?: string;
  /** Vite's middleware in development: hot reload needs inline scripts, so the CSP relaxes for it. */
  vite?: express.RequestHandler;
}

export function createApp(services: AppServices, options: AppOptions = {}): Express {
  const { config, logger } = services;
  const development = Boolean(options.vite);
  const https = config.publicUrl.startsWith("https://");
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  // Before the request log and every limit: checked every few seconds, never logged at info, never refused.
  app.use(healthCheck(services));

  // A request's id in the log: this process's random prefix and a count. Unique without asking the
  // system for randomness on every request (3% of a quote save's time, profiled).
  const processId = randomBytes(4).toString("hex");
  let requests = 0;
  app.use(
    pinoHttp({
      logger,
      genReqId: (req) => (req.headers["x-request-id"] as string | undefined) ?? `${processId}-${(++requests).toString(36)}`,
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info"),
      autoLogging: { ignore: (req) => req.url?.startsWith("/assets/") ?? false },
      // What is logged of a request: no query values that could be someone's details, no cookies.
      serializers: {
        // pino's serialised request, as pino-http hands it to a serializer.
        req: (req: { id: unknown; method: string; url: string; remoteAddress: string; headers: Record<string, string | undefined> }) => ({
          id: req.id,
          method: req.method,
          url: redactUrl(req.url),
          remoteAddress: req.remoteAddress,
          userAgent: req.headers["user-agent"],
          referer: redactUrl(req.headers.referer),
        }),
      },
    }),
  );

  app.use((_req, res, next) => {
    res.locals.cspNonce = newNonce();
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          ...cspDirectives({ development, https }),
          // In development Vite injects inline scripts for hot reload; production allows only nonced scripts.
          // A content page replaces this policy with its own, which names its few inline scripts by hash (csp.server.ts).
          "script-src": development
            ? ["'self'", "'unsafe-inline'"]
            : ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce as string}'`],
        },
      },
      strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    }),
  );
  app.use(withHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()"));
  app.use(compression());
  // The client address travels with the request's work, for per-client counts far below it (the outbox's budget).
  app.use((req, _res, next) => runWithClient(clientOf(req), next));
  app.use(siteMethods);
  app.use(validHost);
  app.use(cleanAddress);
  app.use(bodyCharset);
  // The public pages, from the routes' own facts: once for a build, each time for development's (it changes under it).
  const build = options.build;
  const built = build && typeof build !== "function" ? publicPagesOf(build.routes) : undefined;
  const publicPages = async (): Promise<readonly PublicPage[]> => built ?? (typeof build === "function" ? publicPagesOf((await build()).routes) : []);
  app.use(visitCounting(services, () => built ?? publicPages()));

  if (options.clientDir) {
    // Hashed file names never change content: cache them for a year.
    // …and are sent precompressed, never compressed per request.
    app.use("/assets", staticAssets(path.join(options.clientDir, "assets")));
    // The build's other files (favicon, manifest…) all have an extension: a page's address is not looked up on disk.
    const publicFiles = express.static(options.clientDir, { maxAge: "1h", redirect: false });
    app.use((req, res, next) => (/\.\w+$/.test(req.path) ? publicFiles(req, res, next) : next()));
  }
  if (options.vite) app.use(options.vite);
  // The site as this instance holds it (decision record 0054): no query for a visitor; staff see their own change at once.
  app.use(siteSnapshotRoute(services));

  // Pictures are public, and emails show them from the reader's mail site or app (another origin): helmet's
  // same-origin resource policy would break the logo there, so pictures alone may be loaded from anywhere.
  app.use(["/images", "/photos", "/static/shop"], withHeader("Cross-Origin-Resource-Policy", "cross-origin"));
  app.use("/images", imagesRouter(services));
  app.use("/photos", photosRouter(services));
  app.use("/static/shop", oldShopPicturesRouter(services));

  const api = express.Router();
  // A method the path does not take is 405 with Allow, before any body is read.
  api.use(apiMethods(api));
  api.use(express.json({ limit: MAX_BODY_BYTES, type: "application/json" }));
  // Again after the body parser, whose callback runs outside the request's context.
  api.use((req, _res, next) => runWithClient(clientOf(req), next));
  // A NUL or any other control character in any string of a body, for every route at once (PostgreSQL refuses a NUL).
  api.use(cleanJsonBody);
  api.use((req, res, next) => {
    const hasBody = Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] !== undefined;
    // A form that carries a file (the join-us CV, a photo) is also taken as multipart/form-data: its handler reads and caps it.
    if (["POST", "PUT", "PATCH"].includes(req.method) && hasBody && !req.is("application/json") && !(req.is("multipart/form-data") && takesMultipart(req.originalUrl.split("?")[0]!))) {
      return sendError(res, 415, "Send JSON (Content-Type: application/json)");
    }
    next();
  });
  // Each router sets its own Cache-Control: catalogue reads on success only, quotes and staff never.
  api.use(staffRouter(services));
  // After the staff router: its first middleware refuses cross-origin writes to every /api/staff/… path.
  api.use(staffDeskRouter(services));
  api.use(staffPhotosRouter(services));
  api.use(staffVisitsRouter(services));
  api.use(studioRouter(services));
  api.use(quotesRouter(services));
  api.use(catalogueRouter(services));
  api.use(formsRouter(services));
  api.use((_req, res) => sendError(res, 404, "Not found"));
  api.use(apiErrorHandler);
  app.use("/api", api);

  // Pages take the forms' posts (their route actions): held to the API's size limit, plain form posts only.
  app.use(pageRequests);

  app.use(staffPageOriginGuard(services));
  app.use(pageWriteOrigin);

  if (build) {
    // Plain content pages are rendered once and kept as bytes (decision records 0020, 0028).
    // Development renders every time: Vite's modules change under it.
    if (!development) {
      // A saved quote's page, rendered once and kept while the quote is stored; then content pages.
      const quotePages = new HtmlCache({ kind: "private", maxEntries: QUOTE_PAGES_KEPT });
      const quoteExists = (key: string) => hasQuote(services.db, key.slice("/quote/".length));
      const revision = () => services.snapshot.pageRevision();
      app.get("/quote/{*link}", htmlCacheRoute(services, quotePages, { keyOf: quotePageKey, revision, stillThere: quoteExists }));
      app.get("/{*splat}", htmlCacheRoute(services, new HtmlCache({ kind: "shared", maxEntries: CONTENT_PAGES_KEPT }), { keyOf: cacheKey, revision }));
    }
    // A page that sets its own policy (a content page's, by hash) replaces the one above rather than adding a second.
    app.use(ownPolicyReplaces);
    app.all(
      "/{*splat}",
      createRequestHandler({
        build,
        mode: development ? "development" : "production",
        getLoadContext: async (req, res) => {
          const context = new RouterContextProvider();
          // The switches staff set and the photos managers uploaded, from the site's snapshot: no query.
          const site = services.snapshot.current;
          context.set(siteSwitchesContext, site.switches);
          context.set(photosContext, site.photos);
          context.set(clientAddressContext, clientOf(req));
          context.set(servicesContext, services);
          context.set(publicPagesContext, await publicPages());
          context.set(nonceContext, development ? "" : (res.locals.cspNonce as string));
          context.set(htmlCacheContext, (res.locals.htmlCacheSlot as CacheSlot | undefined) ?? null);
          return context;
        },
      }),
    );
  }
  app.use(pageErrorHandler);
  return app;
}

/**
 * The pages' middleware outside React Router (the staff pages' request limit
 * writes its count): a busy database answers 503 with Retry-After and a calm
 * page, like a page's own loader or action (app/entry.server.tsx). Anything
 * else goes on to Express's own 500.
 */
const pageErrorHandler: ErrorRequestHandler = (error: unknown, req, res, next) => {
  // An /api request that failed before the API's router (the content's refresh, say): still the API's error shape.
  if (isApiRequest(req) && !res.headersSent) return apiErrorHandler(error, req, res, next);
  if (!isDatabaseBusy(error) || res.headersSent) return next(error);
  req.log.warn({ event: "database-busy" }, "the database's write lock stayed taken: answered 503");
  res
    .status(503)
    .set({ "Retry-After": String(BUSY_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" })
    .type("html")
    .send(`<!doctype html><html lang="en-GB"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${BUSY_TITLE}</title><h1>${BUSY_TITLE}</h1><p>${BUSY_MESSAGE} Nothing was saved this time.</p></html>`);
};

/** Turns body-parser's errors into the contract's statuses, in its error shape; anything else is a 500 with no detail. */
const apiErrorHandler: ErrorRequestHandler = (error: { type?: string; status?: number; code?: string }, req, res, _next) => {
  if (isDatabaseBusy(error)) {
    req.log.warn({ event: "database-busy" }, "the database's write lock stayed taken: answered 503");
    res.set("Retry-After", String(BUSY_RETRY_AFTER_SECONDS));
    return sendError(res, 503, BUSY_MESSAGE);
  }
  if (isStorageFull(error)) {
    // Not the client's doing, and nothing a retry now would change: 507, never 500 (issue 31).
    req.log.error({ err: error, event: "storage-full" }, "the disk is full: answered 507");
    return sendError(res, 507, "Our storage is full just now, so nothing was saved. Please try again later.");
  }
  if (error.type === "entity.too.large") return sendError(res, 413, "That is too much data to send at once");
  if (error.type === "entity.parse.failed") return sendError(res, 400, "The request body is not valid JSON");
  if (error.type === "encoding.unsupported" || error.type === "charset.unsupported") {
    return sendError(res, 415, "Send the body as UTF-8 JSON");
  }
  // A body its Content-Encoding does not describe (not gzip at all, cut short): zlib's error, as body-parser passes it on.
  if (error.code?.startsWith("Z_")) return sendError(res, 400, "The request body could not be decoded as its Content-Encoding says");
  if (error.type === "request.size.invalid") return sendError(res, 400, "The request body was not as long as its Content-Length said");
  if (error.status && error.status >= 400 && error.status < 500) return sendError(res, error.status, "Bad request");
  req.log.error({ err: error }, "API request failed");
  sendError(res, 500, "Something went wrong on our side. Please try again in a moment.");
};

/**
 * A CSP nonce: 16 random bytes in base64, each used once. Taken from a pool
 * filled 4 KB at a time by the system's random source: one call for every 256
 * responses rather than one each (profiled: 15% of a kept page's time).
 */
const NONCE_BYTES = 16;
let noncePool = Buffer.alloc(0);
let noncePoolAt = 0;
function newNonce(): string {
  if (noncePoolAt + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(256 * NONCE_BYTES);
    noncePoolAt = 0;
  }
  const nonce = noncePool.toString("base64", noncePoolAt, noncePoolAt + NONCE_BYTES);
  noncePoolAt += NONCE_BYTES;
  return nonce;
}

/** Content pages kept (the site has a few dozen addresses); saved quotes' pages kept (each about 40 KB in its three encodings). */
const CONTENT_PAGES_KEPT = 500;
const QUOTE_PAGES_KEPT = 256;

/** A GET of a saved quote's page, by its exact address. */
function quotePageKey(method: string, url: string): string | null {
  const link = url.startsWith("/quote/") ? url.slice("/quote/".length) : "";
  return method === "GET" && QUOTE_LINK_PATTERN.test(link) ? url : null;
}

/** React Router's adapter appends each header of a page's response: its Content-Security-Policy is set instead. */
const ownPolicyReplaces: RequestHandler = (_req, res, next) => {
  const append = res.append.bind(res);
  res.append = (name: string, value?: string | string[]) =>
    name.toLowerCase() === "content-security-policy" && value !== undefined ? res.setHeader(name, value) : append(name, value);
  next();
};
