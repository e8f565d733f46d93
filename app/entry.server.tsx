import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { NonceProvider } from "./components/nonce";
import { nonceContext, servicesContext } from "./web/context";
import { htmlCacheContext, mayKeep } from "./web/html-cache.server";
import { pageCacheControl, PRIVATE_PAGE } from "./web/page-cache";

export const streamTimeout = 5_000;

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
