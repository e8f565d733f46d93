/**
 * Form posts to the staff pages whose Origin is another site's get the
 * contract's 403 here: React Router compares Origin with the request's host
 * before any route middleware runs, and would answer them with a plain 400.
 * The answer is the one staff gate's (app/web/staff-gate.server.ts), which the
 * staff layout asks again for every staff write; see decision records 0022, 0053.
 */
import type { RequestHandler } from "express";
import type { AppServices } from "~/web/services";
import { crossOriginRefusal } from "~/web/staff-gate.server";
import { STAFF_PAGE_HEADERS } from "~/web/staff-page";

/** The staff pages, with React Router's data requests (`/applicants.data`) and anything beneath them. */
export const staffPage = /^\/(applicants|applicant|staff)(\.data|\/|$)/;

export function staffPageOriginGuard(services: Pick<AppServices, "config" | "logger">): RequestHandler {
  return (req, res, next) => {
    const refusal = staffPage.test(req.path) ? crossOriginRefusal(services, { method: req.method, header: (name) => req.get(name) }) : null;
    if (!refusal) return next();
    res.status(refusal.status).set(STAFF_PAGE_HEADERS).type("text").send(refusal.message);
  };
}
