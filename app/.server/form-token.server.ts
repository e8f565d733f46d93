/**
 * A signed note of when a form was shown. A person takes a few seconds to fill
 * in a form; a script posts at once. The token proves when the page was
 * served, so the server can tell the two apart without cookies. How many
 * seconds count as "a person's pace" is configuration (FORM_MIN_FILL_MS).
 */
import { createHmac, timingSafeEqual } from "node:crypto";

function sign(secret: string, stamp: string): string {
  return createHmac("sha256", secret).update(`form:${stamp}`).digest("base64url").slice(0, 22);
}

export function createFormToken(secret: string, now = Date.now()): string {
  const stamp = now.toString(36);
  return `${stamp}.${sign(secret, stamp)}`;
}

export type FormTokenCheck = "ok" | "too-fast" | "unsigned" | "expired";

/** A page's form is good for a day: a token kept longer (or copied by a script) is refused. */
export const FORM_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * "too-fast" when the form came back within `minFillMs` of being served;
 * "expired" when it was served more than a day ago; "unsigned" when the token
 * is missing or not ours (a forgery, or a secret changed since). The pages'
 * forms require "ok" or "too-fast" (decision record 0018); the JSON API, whose
 * contract has no token, uses it only as evidence of a script's pace.
 */
export function checkFormToken(token: unknown, secrets: string | readonly string[], minFillMs: number, now = Date.now()): FormTokenCheck {
  if (typeof token !== "string") return "unsigned";
  const [stamp, signature] = token.split(".");
  if (!stamp || !signature) return "unsigned";
  const given = Buffer.from(signature);
  // Any of the secrets (SESSION_SECRET's list): a page served before a new secret was added is still good.
  const signedByOne = (typeof secrets === "string" ? [secrets] : secrets).some((secret) => {
    const expected = Buffer.from(sign(secret, stamp));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!signedByOne) return "unsigned";
  const shownAt = parseInt(stamp, 36);
  if (!Number.isFinite(shownAt) || now - shownAt > FORM_TOKEN_MAX_AGE_MS) return "expired";
  return now - shownAt < minFillMs ? "too-fast" : "ok";
}
