/**
 * A signed note of when a form was shown, good for one post. A person takes a
 * few seconds to fill in a form; a script posts at once. The token proves when
 * the page was served, so the server can tell the two apart without cookies.
 * How many seconds count as "a person's pace" is configuration
 * (FORM_MIN_FILL_MS). Each token carries random bits of its own, so no two
 * pages share one; once a post with it is taken, the database remembers it
 * (by its hash, for as long as it would have been good) and the same token
 * is refused again (`claimFormToken`).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Db } from "./db/schema";

function sign(secret: string, signed: string): string {
  return createHmac("sha256", secret).update(`form:${signed}`).digest("base64url").slice(0, 22);
}

/** `stamp.nonce.signature`: the time it was shown (base 36 ms), 64 random bits, and the signature of both. */
export function createFormToken(secret: string, now = Date.now()): string {
  const signed = `${now.toString(36)}.${randomBytes(8).toString("base64url")}`;
  return `${signed}.${sign(secret, signed)}`;
}

/** A page's form is good for a day: a token kept longer (or copied by a script) is refused. */
export const FORM_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * "too-fast" when the form came back within `minFillMs` of being served;
 * "expired" when it was served more than a day ago; "unsigned" when the token
 * is missing or not ours (a forgery, or a secret changed since). The pages'
 * forms require "ok" or "too-fast" (decision record 0018); the JSON API, whose
 * contract has no token, uses it only as evidence of a script's pace.
 * A token of the earlier shape (`stamp.signature`, no random part) is still
 * read, so a page served before this one shipped can be sent for its day.
 */
export function checkFormToken(token: unknown, secrets: string | readonly string[], minFillMs: number, now = Date.now()) {
  if (typeof token !== "string" || token.length > 100) return "unsigned";
  const parts = token.split(".");
  if (parts.length < 2 || parts.length > 3 || parts.some((part) => part === "")) return "unsigned";
  const signature = parts.pop()!;
  const signed = parts.join(".");
  const given = Buffer.from(signature);
  // Any of the secrets (SESSION_SECRET's list): a page served before a new secret was added is still good.
  const signedByOne = (typeof secrets === "string" ? [secrets] : secrets).some((secret) => {
    const expected = Buffer.from(sign(secret, signed));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!signedByOne) return "unsigned";
  const shownAt = parseInt(parts[0]!, 36);
  if (!Number.isFinite(shownAt) || now - shownAt > FORM_TOKEN_MAX_AGE_MS) return "expired";
  return now - shownAt < minFillMs ? "too-fast" : "ok";
}

const hashOf = (token: string) => createHash("sha256").update(token).digest("base64url");

/**
 * Takes a checked token ("ok" or "too-fast" from `checkFormToken`) for one
 * post: true the first time, false for a token already taken (the same post
 * again, or sent twice at once: the database's key lets one through). Tokens
 * past their day are forgotten as new ones are taken (`checkFormToken` refuses
 * those itself).
 */
export async function claimFormToken(db: Db, token: string, now = new Date()): Promise<boolean> {
  const shownAt = parseInt(token.split(".")[0] ?? "", 36);
  const expiresAt = new Date((Number.isFinite(shownAt) ? shownAt : now.getTime()) + FORM_TOKEN_MAX_AGE_MS).toISOString();
  await db.deleteFrom("used_form_tokens").where("expires_at", "<", now.toISOString()).execute();
  const claimed = await db
    .insertInto("used_form_tokens")
    .values({ token_hash: hashOf(token), expires_at: expiresAt })
    .onConflict((conflict) => conflict.column("token_hash").doNothing())
    .executeTakeFirst();
  return Number(claimed.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Gives a token back when what it was taken for could not be stored (a failure on our side): the same post may come again. */
export async function releaseFormToken(db: Db, token: string): Promise<void> {
  await db.deleteFrom("used_form_tokens").where("token_hash", "=", hashOf(token)).execute();
}
