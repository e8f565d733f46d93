/**
 * A signed note of when a form was shown. A person takes a few seconds to fill
 * in a form; a script posts at once. The token proves when the page was
 * served, so the server can tell the two apart without cookies.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { MIN_FILL_MS } from "~/modules/enquiries/schemas";

export { MIN_FILL_MS };

function sign(secret: string, stamp: string): string {
  return createHmac("sha256", secret).update(`form:${stamp}`).digest("base64url").slice(0, 22);
}

export function createFormToken(secret: string, now = Date.now()): string {
  const stamp = now.toString(36);
  return `${stamp}.${sign(secret, stamp)}`;
}

export type FormTokenCheck = "ok" | "too-fast" | "unsigned";

/** "unsigned" (missing or not ours, e.g. after a secret change) is no evidence either way. */
export function checkFormToken(token: unknown, secret: string, now = Date.now()): FormTokenCheck {
  if (typeof token !== "string") return "unsigned";
  const [stamp, signature] = token.split(".");
  if (!stamp || !signature) return "unsigned";
  const expected = Buffer.from(sign(secret, stamp));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "unsigned";
  const shownAt = parseInt(stamp, 36);
  return now - shownAt < MIN_FILL_MS ? "too-fast" : "ok";
}
