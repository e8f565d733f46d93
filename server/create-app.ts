import { randomBytes } from "node:crypto";
import path from "node:path";
import compression from "compression";
import express, { type ErrorRequestHandler, type Express } from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { createRequestHandler } from "@react-router/express";
import { isDatabaseBusy } from "~/.server/db/database.server";
import { redactUrl } from "~/.server/logger.server";
import { runWithClient } from "~/.server/request-client.server";
import { clientAddressContext, nonceContext, servicesContext, siteSwitchesContext } from "~/web/context";
import { HtmlCache, htmlCacheContext, type CacheSlot } from "~/web/html-cache.server";
import { loadSiteSwitches } from "~/web/site-switches.server";
import type { AppServices } from "~/web/services";
import { catalogueRouter } from "./api/catalogue";
import { formsRouter } from "./api/forms";
import { sendError } from "./api/http";
import { quotesRouter } from "./api/quotes";
import { staffRouter } from "./api/staff";
import { staffDeskRouter } from "./api/staff-desk";
import { htmlCacheRoute } from "./html-cache";
import { imagesRouter } from "./images";
import { staticAssets } from "./static-assets";
import { cleanAddress, MAX_BODY_BYTES, pageRequests, siteMethods, validHost } from "./request-rules";
import { staffPageOriginGuard, staffPageRequestLimit } from "./staff-pages";

/** pino's serialised request, as pino-http hands it to a serializer. */
interface SerializedRequest {
  id: unknown;
  method: string;
  url: string;
  remoteAddress: string;
  headers: Record<string, string | undefined>;
}

export interface AppOptions {
  /** React Router's server build; without it only the API and pictures are served (API tests). */
  build?: ServerBuild | (() => Promise<ServerBuild>);
  /** The built browser files (build/client) to serve; absent in development, where Vite serves them. */
  clientDir?: string;
  /** Vite's middleware in development: hot reload needs inline scripts, so the CSP relaxes for it. */
  vite?: express.RequestHandler;
}

export { MAX_BODY_BYTES };

export function createApp(services: AppServices, options: AppOptions = {}): Express {
  const { config, logger } = services;
  const development = Boolean(options.vite);
  const https = config.publicUrl.startsWith("https://");
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);

  app.use(
    pinoHttp({
      logger,
      genReqId: (req) => (req.headers["x-request-id"] as string | undefined) ?? randomBytes(8).toString("hex"),
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info"),
      autoLogging: { ignore: (req) => req.url?.startsWith("/assets/") ?? false },
      // What is logged of a request: no query values that could be someone's details, no cookies.
      serializers: {
        req: (req: SerializedRequest) => ({
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
    // 24 characters, always: the HTML cache's gzip is made for nonces of that length (NONCE_LENGTH).
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          "default-src": ["'self'"],
          // In development Vite injects inline scripts and styles for hot reload; production allows only nonced scripts.
          "script-src": development
            ? ["'self'", "'unsafe-inline'"]
            : ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce as string}'`],
          "style-src": development ? ["'self'", "'unsafe-inline'"] : ["'self'"],
          "img-src": ["'self'", "data:"],
          "font-src": ["'self'"],
          "connect-src": development ? ["'self'", "ws:"] : ["'self'"],
          "form-action": ["'self'"],
          "frame-ancestors": ["'none'"],
          "base-uri": ["'self'"],
          "object-src": ["'none'"],
          "manifest-src": ["'self'"],
          ...(https ? { "upgrade-insecure-requests": [] } : {}),
        },
      },
      strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    }),
  );
  app.use((_req, res, next) => {
    res.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()");
    next();
  });
  app.use(compression());
  // The client address travels with the request's work, for per-client counts far below it (the outbox's budget).
  app.use((req, _res, next) => runWithClient(req.ip ?? "unknown", next));
  app.use(siteMethods);
  app.use(validHost);
  app.use(cleanAddress);

  if (options.clientDir) {
    // Hashed file names never change content: cache them for a year.
    // …and are sent precompressed, never compressed per request.
    app.use("/assets", staticAssets(path.join(options.clientDir, "assets")));
    // The build's other files (favicon, manifest…) all have an extension: a page's address is not looked up on disk.
    const publicFiles = express.static(options.clientDir, { maxAge: "1h", redirect: false });
    app.use((req, res, next) => (/\.\w+$/.test(req.path) ? publicFiles(req, res, next) : next()));
  }
  if (options.vite) app.use(options.vite);

  app.use("/images", imagesRouter(services));

  const api = express.Router();
  api.use(
    express.json({ limit: MAX_BODY_BYTES, type: "application/json" }),
  );
  // Again after the body parser, whose callback runs outside the request's context.
  api.use((req, _res, next) => runWithClient(req.ip ?? "unknown", next));
  api.use((req, res, next) => {
    const hasBody = Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] !== undefined;
    if (["POST", "PUT", "PATCH"].includes(req.method) && hasBody && !req.is("application/json")) {
      return sendError(res, 415, "Send JSON (Content-Type: application/json)");
    }
    next();
  });
  // Each router sets its own Cache-Control: catalogue reads on success only, quotes and staff never.
  api.use(staffRouter(services));
  // After the staff router: its first middleware refuses cross-origin writes to every /api/staff/… path.
  api.use(staffDeskRouter(services));
  api.use(quotesRouter(services));
  api.use(catalogueRouter(services));
  api.use(formsRouter(services));
  api.use((_req, res) => sendError(res, 404, "Not found"));
  api.use(apiErrorHandler);
  app.use("/api", api);

  // Pages take the forms' posts (their route actions): held to the API's size limit, plain form posts only.
  app.use(pageRequests);

  app.use(staffPageOriginGuard(config));
  app.use(staffPageRequestLimit(services));

  if (options.build) {
    // Plain content pages are rendered once and kept, each response with its own nonce (decision record 0020).
    // Development renders every time: Vite's modules change under it.
    const htmlCache = new HtmlCache();
    if (!development) app.get("/{*splat}", htmlCacheRoute(services, htmlCache));
    app.all(
      "/{*splat}",
      createRequestHandler({
        build: options.build,
        mode: development ? "development" : "production",
        getLoadContext: async (req, res) => {
          const context = new RouterContextProvider();
          // Read as each request arrives, so a staff member's change shows on every server at once.
          context.set(siteSwitchesContext, await loadSiteSwitches(services));
          context.set(clientAddressContext, req.ip ?? "unknown");
          context.set(servicesContext, services);
          context.set(nonceContext, development ? "" : (res.locals.cspNonce as string));
          context.set(htmlCacheContext, (res.locals.htmlCacheSlot as CacheSlot | undefined) ?? null);
          return context;
        },
      }),
    );
  }
  return app;
}

/** Turns body-parser's errors into the contract's statuses; anything else is a 500 with no detail. */
const apiErrorHandler: ErrorRequestHandler = (error: { type?: string; status?: number }, req, res, _next) => {
  if (isDatabaseBusy(error)) {
    req.log.warn({ event: "database-busy" }, "the database's write lock stayed taken: answered 503");
    res.set("Retry-After", "2");
    return sendError(res, 503, "The site is busy for a moment. Please try again in a few seconds.");
  }
  if (error.type === "entity.too.large") return sendError(res, 413, "That is too much data to send at once");
  if (error.type === "entity.parse.failed") return sendError(res, 400, "The request body is not valid JSON");
  if (error.type === "encoding.unsupported" || error.type === "charset.unsupported") {
    return sendError(res, 415, "Send the body as UTF-8 JSON");
  }
  if (error.status && error.status >= 400 && error.status < 500) return sendError(res, error.status, "Bad request");
  req.log.error({ err: error }, "API request failed");
  sendError(res, 500, "Something went wrong on our side. Please try again in a moment.");
};
