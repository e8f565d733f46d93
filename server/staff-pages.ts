/**
 * Form posts to the staff pages whose Origin is another site's get the
 * contract's 403 here: React Router compares Origin with the request's host
 * before any route middleware runs, and would answer them with a plain 400.
 * The staff layout's guard (app/web/staff-route.server.ts) checks every staff
 * write itself, Referer and Sec-Fetch-Site included; see decision record 0022.
 */
import { clientOf } from "~/.server/request-client.server";
import type { RequestHandler } from "express";
import type { Config } from "~/.server/config.server";
import { staffRequestRefusal } from "~/web/rate-limit.server";
import type { AppServices } from "~/web/services";
import { CROSS_ORIGIN_MESSAGE } from "~/web/same-origin";
import { isOwnOrigin, originSignals } from "~/web/staff-session.server";
import { STAFF_PAGE_HEADERS } from "~/web/staff-page";

/** The staff pages, with React Router's data requests (`/applicants.data`) and anything beneath them. */
export const staffPage = /^\/(applicants|applicant|staff)(\.data|\/|$)/;

export function staffPageOriginGuard(config: Pick<Config, "publicUrl">): RequestHandler {
  return (req, res, next) => {
    if (["GET", "HEAD", "OPTIONS"].includes(req.method) || !staffPage.test(req.path)) return next();
    if (isOwnOrigin(config, originSignals((name) => req.get(name)))) return next();
    req.log.warn({ event: "staff-cross-origin", origin: req.get("origin") ?? null }, "staff form post from another origin refused");
    res.status(403).set(STAFF_PAGE_HEADERS).type("text").send(CROSS_ORIGIN_MESSAGE);
  };
}

export const STAFF_REQUESTS_REFUSED = "That's a lot of requests in a minute. Please wait a moment and try again.";

/** Staff pages are rate limited per address like the staff API (STAFF_REQUESTS_PER_MINUTE, shared by both). */
export function staffPageRequestLimit(services: Pick<AppServices, "db">): RequestHandler {
  return (req, res, next) => {
    if (!staffPage.test(req.path)) return next();
    staffRequestRefusal(services, clientOf(req))
      .then((wait) => {
        if (wait === null) return next();
        res.status(429).set({ ...STAFF_PAGE_HEADERS, "Retry-After": String(wait) }).type("text").send(STAFF_REQUESTS_REFUSED);
      })
      .catch(next);
  };
}
