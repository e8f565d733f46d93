/**
 * The rules every request meets before any page or API handler (decision
 * record 0018): methods, addresses, body sizes, content types and charsets.
 * Each refusal is a short, fixed text that echoes nothing of what was sent:
 * on an /api path in the contract's JSON error shape, elsewhere as text.
 */
import type { Request, RequestHandler, Response, Router } from "express";
import { isMultipart, maxMultipartBytes } from "~/.server/http/multipart.server";
import { submissionKinds, type SubmissionKind } from "~/modules/submissions/kinds";
import { submissionNames } from "~/modules/submissions/names";
import { PHOTO_FORM_MAX_BYTES } from "~/web/photo-upload.server";

/** Bodies larger than this are refused with 413, per the API contract; the pages hold to it too. */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * The forms that carry a file (a kind with an upload rule: the join-us CV; and
 * the managers' photos, and a salon's map picture on the studio's salons page),
 * by their page and their API path, with the most a
 * post to each may be. Only these take multipart/form-data; everywhere else
 * it is refused (415).
 */
const uploadForms = [
  ...submissionNames.flatMap((name) => {
    const { upload, pagePath, apiPath }: SubmissionKind = submissionKinds[name];
    return upload ? [{ pagePath, apiPath, maxBytes: maxMultipartBytes({ files: { [upload.field]: upload.maxBytes } }) }] : [];
  }),
  { pagePath: "/staff/studio/photos", apiPath: "/api/staff/photos", maxBytes: PHOTO_FORM_MAX_BYTES },
  { pagePath: "/staff/studio/salons", apiPath: "/api/staff/photos", maxBytes: PHOTO_FORM_MAX_BYTES },
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

/** Control characters (C0, DEL and C1) never belong in an address. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Whether a request is for the JSON API (its errors take the contract's shape). */
export function isApiRequest(req: Request): boolean {
  const path = req.originalUrl.split("?", 1)[0]!;
  return path === "/api" || path.startsWith("/api/");
}

function refuse(req: Request, res: Response, status: number, message: string, headers: Record<string, string> = {}): void {
  res.status(status).set({ "Cache-Control": "no-store", ...headers });
  if (isApiRequest(req)) res.json({ error: message });
  else res.type("text").send(message);
}

/**
 * Unknown or dangerous methods on the pages and files (405 with what a page takes). The API answers its
 * own: each of its paths says which methods it takes (`apiMethods`).
 */
export const siteMethods: RequestHandler = (req, res, next) => {
  if (SITE_METHODS.has(req.method) || isApiRequest(req)) return next();
  refuse(req, res, 405, "That method is not allowed here.", { Allow: PAGE_METHODS.join(", ") });
};

/** A route of an Express router as its stack holds it (router 2's Layer). */
interface RouterLayer {
  match(path: string): { path: string } | false;
  route?: { methods: Record<string, boolean> };
  handle?: { stack?: RouterLayer[] };
}

/** The methods `path` takes among `stack`'s routes, mounted routers included; empty for a path no route has. */
function methodsOf(stack: readonly RouterLayer[], path: string, into = new Set<string>()): Set<string> {
  for (const layer of stack) {
    const matched = layer.match(path);
    if (!matched) continue;
    if (layer.route) {
      for (const method of Object.keys(layer.route.methods)) into.add(method === "_all" ? "*" : method.toUpperCase());
    } else if (Array.isArray(layer.handle?.stack)) {
      methodsOf(layer.handle.stack, path.slice(matched.path.length) || "/", into);
    }
  }
  return into;
}

/**
 * The API's methods, before it reads any body: a path that exists answers a
 * method it does not take with 405 and an `Allow` header naming those it does
 * (HEAD with GET, and OPTIONS), and OPTIONS with 204 and the same header; a
 * method no part of the site takes (TRACE, TRACK, PROPFIND…) is 405 on any
 * API path. A path no route has goes on to the API's 404.
 */
export function apiMethods(api: Router): RequestHandler {
  return (req, res, next) => {
    const taken = methodsOf((api as unknown as { stack: RouterLayer[] }).stack, req.path);
    if (taken.has("*")) return next();
    if (taken.has("GET")) taken.add("HEAD");
    if (taken.size > 0) taken.add("OPTIONS");
    const allow = [...SITE_METHODS].filter((method) => taken.has(method)).join(", ");
    if (req.method === "OPTIONS" && taken.size > 0) return void res.status(204).set({ Allow: allow, "Cache-Control": "no-store" }).end();
    if (taken.size > 0 && !taken.has(req.method)) return refuse(req, res, 405, "That method is not allowed here.", { Allow: allow });
    if (!SITE_METHODS.has(req.method)) return refuse(req, res, 405, "That method is not allowed here.", { Allow: [...SITE_METHODS].join(", ") });
    next();
  };
}

/** The charsets a body may be declared in: UTF-8 (which the site reads), US-ASCII (a part of it), or none (UTF-8). */
const READABLE_CHARSETS = new Set(["utf-8", "utf8", "us-ascii"]);

/** The charset a Content-Type declares, in lower case; null when it declares none. */
export function declaredCharset(contentType: string | undefined): string | null {
  const charset = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? "");
  return charset ? (charset[1] ?? charset[2] ?? "").toLowerCase() : null;
}

/**
 * A body declared in any charset but UTF-8 (UTF-7, UTF-16, Latin-1…) is 415,
 * unread: the site reads every body as UTF-8, and a body read in another
 * charset than its sender's is not what they sent.
 */
export const bodyCharset: RequestHandler = (req, res, next) => {
  const charset = declaredCharset(req.headers["content-type"]);
  if (charset === "us-ascii") {
    // UTF-8's first 128 characters: read as UTF-8 (the JSON reader takes no other name for it).
    req.headers["content-type"] = req.headers["content-type"]!.replace(/charset\s*=\s*"?us-ascii"?/i, "charset=utf-8");
  }
  if (charset === null || READABLE_CHARSETS.has(charset)) return next();
  refuse(req, res, 415, isApiRequest(req) ? "Send the body as UTF-8 JSON" : "Send the form as UTF-8.", { Connection: "close" });
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
  if (!host || host.length > 260 || !HOST.test(host)) return refuse(req, res, 400, "This request does not say which site it is for (a valid Host header).");
  next();
};

/** An address that is not properly percent-encoded, or that hides control characters (a NUL, say), is 400. */
export const cleanAddress: RequestHandler = (req, res, next) => {
  const [pathname = "", query = ""] = req.originalUrl.split("?", 2);
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return refuse(req, res, 400, "That address is not valid.");
  }
  const values = [...new URLSearchParams(query)].flat();
  if (CONTROL.test(decoded) || values.some((v) => CONTROL.test(v))) return refuse(req, res, 400, "That address is not valid.");
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
    return refuse(req, res, 405, "That method is not allowed on this page.", { Allow: PAGE_METHODS.join(", ") });
  }
  if (req.method !== "POST") return next();
  const length = req.headers["content-length"];
  if (length === undefined && req.headers["transfer-encoding"] !== undefined) {
    return refuse(req, res, 411, "Say how long the form is (Content-Length).");
  }
  const multipartLimit = isMultipart(req.headers["content-type"]) ? multipartPageLimit(req.path) : undefined;
  if (Number(length ?? 0) > (multipartLimit ?? MAX_BODY_BYTES)) {
    return refuse(req, res, 413, "That is too much to send at once.", { Connection: "close" });
  }
  if (multipartLimit !== undefined) return next();
  if (!req.is("application/x-www-form-urlencoded")) {
    return refuse(req, res, 415, "Send the form as a web page does (application/x-www-form-urlencoded).");
  }
  next();
};
