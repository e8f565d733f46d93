/**
 * The rules every request meets before any page or API handler (decision
 * record 0018): methods, addresses, body sizes and content types. Each
 * refusal is a short, fixed text that echoes nothing of what was sent.
 */
import type { RequestHandler, Response } from "express";
import { PHOTO_FORM_MAX_BYTES } from "~/web/photo-upload.server";

/** Bodies larger than this are refused with 413, per the API contract; the pages hold to it too. */
export const MAX_BODY_BYTES = 64 * 1024;

/** What any part of the site answers to. TRACE, TRACK, CONNECT and made-up methods are 405. */
const SITE_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** Pages whose form sends a file (multipart/form-data), and how large the whole form may be. */
const UPLOAD_PAGES: Readonly<Record<string, number>> = { "/staff/studio/photos": PHOTO_FORM_MAX_BYTES };

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
 * posts anything else). A page with a file to send (UPLOAD_PAGES) takes
 * multipart instead, up to its own size, refused the same way unread.
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
  // The page's own address, or its data address (React Router posts to /path.data from the browser).
  const page = req.path.replace(/\.data$/, "");
  const upload = Object.hasOwn(UPLOAD_PAGES, page) && req.is("multipart/form-data") ? UPLOAD_PAGES[page]! : undefined;
  if (Number(length ?? 0) > (upload ?? MAX_BODY_BYTES)) return refuse(res, 413, "That is too much to send at once.");
  if (upload !== undefined) return next();
  if (!req.is("application/x-www-form-urlencoded")) {
    return refuse(res, 415, "Send the form as a web page does (application/x-www-form-urlencoded).");
  }
  next();
};
