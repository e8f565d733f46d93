/**
 * How a page may be cached (decision records 0018, 0028). A page that runs
 * React carries a fresh CSP nonce, so it may not be kept by a shared cache
 * (one nonce served to many would be a nonce an attacker can learn). Pages with a form token, with
 * someone's answers (an action's reply) or with personal data are
 * `private, no-store`; plain content pages are `private, no-cache`: a browser
 * may keep them for back and forward but asks again before showing them.
 * A route that sets its own Cache-Control (the staff pages, a saved quote)
 * keeps it.
 */
import type { StaticHandlerContext } from "react-router";

export const PRIVATE_PAGE = "private, no-store";
export const CONTENT_PAGE = "private, no-cache";
/**
 * A content page with no nonce (route facts `client: false, cacheable: true`):
 * the browser asks again every time (answered 304 when unchanged), and a shared
 * cache may keep it for SHARED_CACHE_SECONDS, so a staff change shows through
 * one within that (docs/scaling.md).
 */
export const SHARED_CACHE_SECONDS = 30;
export const SHARED_CONTENT_PAGE = `public, max-age=0, s-maxage=${SHARED_CACHE_SECONDS}`;

/** The requests (their router context) whose page carries a form token or personal data. */
const privatePages = new WeakSet<object>();

/** Called by a loader whose page carries a form token or personal data. */
export function markPagePrivate(context: object): void {
  privatePages.add(context);
}

export function pageCacheControl(context: object, status: number, handler: Pick<StaticHandlerContext, "actionData">): string {
  const answered = handler.actionData !== null && handler.actionData !== undefined;
  return privatePages.has(context) || answered || status >= 400 ? PRIVATE_PAGE : CONTENT_PAGE;
}
