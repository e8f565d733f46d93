import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { NonceProvider } from "./components/nonce";
import { nonceContext, servicesContext } from "./web/context";
import { pageCacheControl } from "./web/page-cache";

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

export default function handleRequest(
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

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and tools get the whole page at once; people get it streamed.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce || undefined} />
      </NonceProvider>,
      {
        nonce: nonce || undefined,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) loadContext.get(servicesContext).logger.error({ err: error }, "error while streaming a page");
        },
      },
    );
  });
}

/**
 * What React Router reports while answering. A post to a page that takes none
 * is answered with the plain 405 above: that is the visitor's mistake, not
 * ours, and logging its stack would let anyone fill the log. Everything else
 * is logged as React Router would, unless the visitor went away.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status === 405) return;
  // React Router's own errors carry the underlying Error, with its stack, inside.
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  console.error(inner ?? error);
};
