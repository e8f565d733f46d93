/**
 * How a page may be cached (decision record 0018). Every page carries a fresh
 * CSP nonce, so none may be kept by a shared cache (one nonce served to many
 * would be a nonce an attacker can learn). Pages with a form token, with
 * someone's answers (an action's reply) or with personal data are
 * `private, no-store`; plain content pages are `private, no-cache`: a browser
 * may keep them for back and forward but asks again before showing them.
 * A route that sets its own Cache-Control (the staff pages, a saved quote)
 * keeps it.
 */
import type { StaticHandlerContext } from "react-router";

export const PRIVATE_PAGE = "private, no-store";
export const CONTENT_PAGE = "private, no-cache";

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
