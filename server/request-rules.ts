/**
 * The rules every request meets before any page or API handler (decision
 * record 0018): methods, addresses, body sizes and content types. Each
 * refusal is a short, fixed text that echoes nothing of what was sent.
 */
import type { RequestHandler, Response } from "express";
import { isMultipart, maxMultipartBytes } from "~/.server/http/multipart.server";
import { submissionKinds, type SubmissionKind } from "~/modules/submissions/kinds";
import { submissionNames } from "~/modules/submissions/names";
import { PHOTO_FORM_MAX_BYTES } from "~/web/photo-upload.server";

/** Bodies larger than this are refused with 413, per the API contract; the pages hold to it too. */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * The forms that carry a file (a kind with an upload rule: the join-us CV; and
 * the managers' photos), by their page and their API path, with the most a
 * post to each may be. Only these take multipart/form-data; everywhere else
 * it is refused (415).
 */
const uploadForms = [
  ...submissionNames.flatMap((name) => {
    const { upload, pagePath, apiPath }: SubmissionKind = submissionKinds[name];
    return upload ? [{ pagePath, apiPath, maxBytes: maxMultipartBytes({ files: { [upload.field]: upload.maxBytes } }) }] : [];
  }),
  { pagePath: "/staff/studio/photos", apiPath: "/api/staff/photos", maxBytes: PHOTO_FORM_MAX_BYTES },
];

/** The most a multipart post to this page (or its data request, `/joinus.data`) may be; undefined where none is taken. */
function multipartPageLimit(path: string): number | undefined {
  return uploadForms.find((form) => path === form.pagePath || path === `${form.pagePath}.data`)?.maxBytes;
}

/** Whether this API path takes multipart/form-data (its handler reads and caps it). */
export function takesMultipart(path: string): boolean {
  return uploadForms.some((form) => form.apiPath === path);
}

/** What any part of the site answers to. TRACE, TRACK, CONNECT and made-up methods are 405. */
const SITE_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** What a page answers to: reading it, and posting its form. */
const PAGE_METHODS = ["GET", "HEAD", "POST"];

/** Control characters (C0 and DEL) never belong in an address. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

function refuse(res: Response, status: number, message: string, headers: Record<string, string> = {}): void {
  res.status(status).set({ "Cache-Control": "no-store", ...headers }).type("text").send(message);
}

/** Unknown or dangerous methods, anywhere. */
export const siteMethods: RequestHandler = (req, res, next) => {
  if (SITE_METHODS.has(req.method)) return next();
  const allowed = req.path.startsWith("/api/") ? [...SITE_METHODS] : PAGE_METHODS;
  refuse(res, 405, "That method is not allowed here.", { Allow: allowed.join(", ") });
};

/** A host name or address, with an optional port: what a Host header may hold (RFC 9110 §7.2). */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * A request must say which site it is for, in a well-formed Host header:
 * pages build their own address from it. Without one, or with one that is no
 * host name, the answer is 400 here rather than a 500 from deep inside.
 */
export const validHost: RequestHandler = (req, res, next) => {
  const host = req.headers.host;
  if (!host || host.length > 260 || !HOST.test(host)) return refuse(res, 400, "This request does not say which site it is for (a valid Host header).");
  next();
};

/** An address that is not properly percent-encoded, or that hides control characters (a NUL, say), is 400. */
export const cleanAddress: RequestHandler = (req, res, next) => {
  const [pathname = "", query = ""] = req.originalUrl.split("?", 2);
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return refuse(res, 400, "That address is not valid.");
  }
  const values = [...new URLSearchParams(query)].flat();
  if (CONTROL.test(decoded) || values.some((v) => CONTROL.test(v))) return refuse(res, 400, "That address is not valid.");
  next();
};

/**
 * Pages: only GET, HEAD and POST (405 otherwise, before any body is read); a
 * post must say its length (411: browsers always do, so a stream of unknown
 * size is refused unread), be at most MAX_BODY_BYTES (413, unread; Node's
 * parser never hands over more bytes than the length said) and be a plain
 * form post (415 for JSON, text, multipart or no type: no form on the site
 * posts anything else). A page whose form carries a file (the join-us CV,
 * the Photos page) also takes multipart/form-data, up to its own limit (413 unread past it;
 * its action's reader caps it again as it reads).
 */
export const pageRequests: RequestHandler = (req, res, next) => {
  if (!PAGE_METHODS.includes(req.method)) {
    return refuse(res, 405, "That method is not allowed on this page.", { Allow: PAGE_METHODS.join(", ") });
  }
  if (req.method !== "POST") return next();
  const length = req.headers["content-length"];
  if (length === undefined && req.headers["transfer-encoding"] !== undefined) {
    return refuse(res, 411, "Say how long the form is (Content-Length).");
  }
  const multipartLimit = isMultipart(req.headers["content-type"]) ? multipartPageLimit(req.path) : undefined;
  if (Number(length ?? 0) > (multipartLimit ?? MAX_BODY_BYTES)) {
    return refuse(res, 413, "That is too much to send at once.", { Connection: "close" });
  }
  if (multipartLimit !== undefined) return next();
  if (!req.is("application/x-www-form-urlencoded")) {
    return refuse(res, 415, "Send the form as a web page does (application/x-www-form-urlencoded).");
  }
  next();
};
