import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { NonceProvider } from "./components/nonce";
import { redactUrl } from "./.server/logger.server";
import { nonceContext, servicesContext } from "./web/context";
import { htmlCacheContext, mayKeep } from "./web/html-cache.server";
import { pageCacheControl, PRIVATE_PAGE } from "./web/page-cache";

export const streamTimeout = 5_000;

const METHOD_NOT_ALLOWED = "That method is not allowed on this page.\n";
const methodNotAllowed = () =>
  new Response(METHOD_NOT_ALLOWED, {
    status: 405,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", Allow: "GET, HEAD" },
  });

/**
 * A post to a page's data address (`/about.data`) that takes none: React
 * Router's own answer names the route, so it gets the same plain 405 as the
 * page. Our pages never post where there is no action, so no client is left
 * without an answer it can read.
 */
export function handleDataRequest(response: Response) {
  return response.status === 405 ? methodNotAllowed() : response;
}

/**
 * Every page is rendered whole, then sent in one piece. The site has no
 * Suspense boundaries or deferred data, so streaming sent the same bytes in
 * many pieces, each flushed through gzip on its own: 46% larger and slower to
 * compress (issue 13). A plain content page is rendered with a placeholder
 * for the CSP nonce and kept (app/web/html-cache.server.ts, decision record
 * 0020); every response gets its own nonce either way.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (!responseHeaders.has("Cache-Control")) {
    responseHeaders.set("Cache-Control", pageCacheControl(loadContext, responseStatusCode, routerContext.staticHandlerContext));
  }
  // A post to a page that takes none: React Router's own page names the route, which is no one's business.
  if (responseStatusCode === 405) return methodNotAllowed();
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(nonceContext);
  const slot = loadContext.get(htmlCacheContext);
  const routeIds = routerContext.staticHandlerContext.matches.map((m) => m.route.id);
  const keep = slot && nonce && mayKeep(routeIds, responseStatusCode, responseHeaders) ? slot : null;

  const { html, error } = await renderWhole(request, routerContext, keep ? keep.cache.placeholder : nonce);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (error) {
    // Rendered with an error in it: shown this once, never kept.
    loadContext.get(servicesContext).logger.error({ err: error }, "error while rendering a page");
    responseHeaders.set("Cache-Control", PRIVATE_PAGE);
    responseStatusCode = 500;
  } else if (keep) {
    keep.cache.put(keep.key, keep.revision, html, responseStatusCode, responseHeaders);
  }
  return new Response(keep ? html.replaceAll(keep.cache.placeholder, nonce) : html, { status: responseStatusCode, headers: responseHeaders });
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
  // React Router's own errors carry the underlying Error, with its stack, inside.
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  const logger = (context as RouterContextProvider).get(servicesContext).logger;
  logger.error({ err: inner ?? error, method: request.method, url: redactUrl(request.url) }, "page request failed");
};
