/**
 * Form posts to the staff pages whose Origin is another site's get the
 * contract's 403 here: React Router compares Origin with the request's host
 * before any route middleware runs, and would answer them with a plain 400.
 * The staff layout's guard (app/web/staff-route.server.ts) checks every staff
 * write itself, Referer and Sec-Fetch-Site included; see decision record 0022.
 */
import type { RequestHandler } from "express";
import type { Config } from "~/.server/config.server";
import { CROSS_ORIGIN_MESSAGE } from "~/web/same-origin";
import { isOwnOrigin, originSignals } from "~/web/staff-session.server";
import { STAFF_PAGE_HEADERS } from "~/web/staff-page";

/** The staff pages, with React Router's data requests (`/applicants.data`) and anything beneath them. */
const staffPage = /^\/(applicants|applicant|staff)(\.data|\/|$)/;

export function staffPageOriginGuard(config: Pick<Config, "publicUrl">): RequestHandler {
  return (req, res, next) => {
    if (["GET", "HEAD", "OPTIONS"].includes(req.method) || !staffPage.test(req.path)) return next();
    if (isOwnOrigin(config, `${req.protocol}://${req.get("host") ?? ""}`, originSignals((name) => req.get(name)))) return next();
    req.log.warn({ event: "staff-cross-origin", origin: req.get("origin") ?? null }, "staff form post from another origin refused");
    res.status(403).set(STAFF_PAGE_HEADERS).type("text").send(CROSS_ORIGIN_MESSAGE);
  };
}
