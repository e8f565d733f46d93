import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { NonceProvider } from "./components/nonce";
import { isDatabaseBusy } from "./.server/db/database.server";
import { redactUrl } from "./.server/logger.server";
import { BUSY_RETRY_AFTER_SECONDS, busyAnswer, databaseBusyContext } from "./web/database-busy";
import { nonceContext, servicesContext } from "./web/context";
import { contentPagePolicy } from "./web/csp.server";
import { etagOf, htmlCacheContext, mayKeep } from "./web/html-cache.server";
import { CONTENT_PAGE, pageCacheControl, PRIVATE_PAGE, SHARED_CONTENT_PAGE } from "./web/page-cache";
import { pageFacts } from "./web/route-facts";

export const streamTimeout = 5_000;

/** A short answer in plain words, never kept. */
const plainAnswer = (text: string, status: number, headers: Record<string, string>) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers } });
const methodNotAllowed = () => plainAnswer("That method is not allowed on this page.\n", 405, { Allow: "GET, HEAD" });

/**
 * A post to a page's data address (`/about.data`) that takes none: React
 * Router's own answer names the route, so it gets the same plain 405 as the
 * page. Our pages never post where there is no action, so no client is left
 * without an answer it can read.
 */
export function handleDataRequest(response: Response, { context }: { context: Readonly<RouterContextProvider> }) {
  // A busy database: a plain 503 without React Router's own header, which its client reads as a route error
  // response with this status and these words (the root's error boundary shows them).
  if (context.get(databaseBusyContext)) return plainAnswer(busyAnswer.message, 503, { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) });
  return response.status === 405 ? methodNotAllowed() : response;
}

/**
 * A page whose loader or action met a busy database (handleError marked it):
 * thrown from the render as a Response, React Router renders the page again
 * with it as a route error response (status 503, these words), which the
 * root's error boundary shows and the browser's script reads the same way.
 */
const busyPage = () => new Response(JSON.stringify(busyAnswer), { status: 503, headers: { "Content-Type": "application/json" } });

/**
 * Every page is rendered whole, then sent in one piece. The site has no
 * Suspense boundaries or deferred data, so streaming sent the same bytes in
 * many pieces, each flushed through gzip on its own: 46% larger and slower to
 * compress (issue 13). Every public page is a document (decision record
 * 0052): rendered without a nonce and without framework JavaScript, under the
 * CSP that names its inline scripts by hash, with an ETag; when cacheable it
 * is kept as bytes (app/web/html-cache.server.ts, decision record 0028). The
 * staff area (route facts `client: true`) gets this response's nonce and
 * hydrates.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const busy = loadContext.get(databaseBusyContext);
  if (busy && responseStatusCode !== 503) throw busyPage();
  if (busy) {
    responseHeaders.set("Retry-After", String(BUSY_RETRY_AFTER_SECONDS));
    responseHeaders.set("Cache-Control", "no-store");
  }
  const facts = pageFacts(routerContext.staticHandlerContext.matches.map((m) => m.route));
  const nonce = loadContext.get(nonceContext);
  // In development (no nonce) Vite's relaxed policy stays.
  const plain = !facts.client && nonce !== "";
  if (!responseHeaders.has("Cache-Control")) {
    const cacheControl = pageCacheControl(loadContext, responseStatusCode, routerContext.staticHandlerContext);
    responseHeaders.set("Cache-Control", plain && facts.cacheable && cacheControl === CONTENT_PAGE ? SHARED_CONTENT_PAGE : cacheControl);
  }
  // A post to a page that takes none: React Router's own page names the route, which is no one's business.
  if (responseStatusCode === 405) return methodNotAllowed();
  if (plain) {
    const { config } = loadContext.get(servicesContext);
    responseHeaders.set("Content-Security-Policy", contentPagePolicy({ development: false, https: config.publicUrl.startsWith("https://") }));
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { html, error } = await renderWhole(request, routerContext, plain ? "" : nonce);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (error) {
    // Rendered with an error in it: shown this once, never kept.
    loadContext.get(servicesContext).logger.error({ err: error }, "error while rendering a page");
    responseHeaders.set("Cache-Control", PRIVATE_PAGE);
    return new Response(html, { status: 500, headers: responseHeaders });
  }
  if (!plain) return new Response(html, { status: responseStatusCode, headers: responseHeaders });
  const etag = etagOf(html);
  responseHeaders.set("ETag", etag);
  const slot = loadContext.get(htmlCacheContext);
  if (slot && mayKeep(slot.cache.kind, facts, responseStatusCode, responseHeaders)) {
    slot.cache.put(slot.key, slot.revision, html, responseStatusCode, responseHeaders);
  }
  slot?.end();
  if (responseStatusCode === 200 && request.headers.get("If-None-Match")?.split(/\s*,\s*/).includes(etag)) {
    return new Response(null, { status: 304, headers: responseHeaders });
  }
  return new Response(html, { status: responseStatusCode, headers: responseHeaders });
}

/** The whole page as one string, once everything has rendered. */
function renderWhole(request: Request, routerContext: EntryContext, nonce: string): Promise<{ html: string; error?: unknown }> {
  return new Promise((resolve, reject) => {
    let error: unknown;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce || undefined} />
      </NonceProvider>,
      {
        nonce: nonce || undefined,
        onAllReady() {
          const chunks: Buffer[] = [];
          const body = new PassThrough();
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("end", () => {
            clearTimeout(timeoutId);
            resolve({ html: Buffer.concat(chunks).toString("utf8"), error });
          });
          pipe(body);
        },
        onShellError(shellError: unknown) {
          clearTimeout(timeoutId);
          reject(shellError);
        },
        onError(renderError: unknown) {
          error ??= renderError;
        },
      },
    );
  });
}

/**
 * What React Router reports while answering. A post to a page that takes none
 * is answered with the plain 405 above: that is the visitor's mistake, not
 * ours, and logging its stack would let anyone fill the log. Everything else
 * goes to the site's log, through the same logger (and its redaction) as every
 * other line, unless the visitor went away.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status === 405) return;
  // The busy page thrown above, on its way to being rendered: already told.
  if (error instanceof Response && error.status === 503) return;
  // React Router's own errors carry the underlying Error, with its stack, inside.
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  const logger = (context as RouterContextProvider).get(servicesContext).logger;
  if (isDatabaseBusy(inner ?? error)) {
    // Not our fault and not the visitor's: the page answers 503 with Retry-After (handleRequest, handleDataRequest).
    (context as RouterContextProvider).set(databaseBusyContext, true);
    logger.warn({ event: "database-busy", method: request.method, url: redactUrl(request.url) }, "the database's write lock stayed taken: answered 503");
    return;
  }
  logger.error({ err: inner ?? error, method: request.method, url: redactUrl(request.url) }, "page request failed");
};
