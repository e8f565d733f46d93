import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { NonceProvider } from "./components/nonce";
import { nonceContext, servicesContext } from "./web/context";
import { htmlCacheContext, mayKeep } from "./web/html-cache.server";
import { pageCacheControl } from "./web/page-cache";

export const streamTimeout = 5_000;

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
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(nonceContext);

  // A plain content page is rendered whole, with a placeholder for the nonce, and kept (decision record 0020).
  const slot = loadContext.get(htmlCacheContext);
  const routeIds = routerContext.staticHandlerContext.matches.map((m) => m.route.id);
  if (slot && nonce && mayKeep(routeIds, responseStatusCode, responseHeaders)) {
    return renderWhole(request, routerContext, slot.cache.placeholder).then(({ html, error }) => {
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      if (error) {
        // Rendered with an error boundary in it: shown this once, never kept.
        loadContext.get(servicesContext).logger.error({ err: error }, "error while rendering a page");
        responseHeaders.set("Cache-Control", "private, no-store");
        return new Response(html.replaceAll(slot.cache.placeholder, nonce), { status: 500, headers: responseHeaders });
      }
      slot.cache.put(slot.key, slot.revision, html, responseStatusCode, responseHeaders);
      return new Response(html.replaceAll(slot.cache.placeholder, nonce), { status: responseStatusCode, headers: responseHeaders });
    });
  }

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

/** The whole page as one string, once everything has rendered (for the HTML cache: never streamed). */
function renderWhole(request: Request, routerContext: EntryContext, nonce: string): Promise<{ html: string; error?: unknown }> {
  return new Promise((resolve, reject) => {
    let error: unknown;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
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
