/**
 * Form posts to the staff pages whose Origin is another site's get the
 * contract's 403 here: React Router compares Origin with the request's host
 * before any route middleware runs, and would answer them with a plain 400.
 * The answer is the one staff gate's (app/web/staff-gate.server.ts), which the
 * staff layout asks again for every staff write; see decision records 0022, 0053.
 */
import type { Request, RequestHandler } from "express";
import type { AppServices } from "~/web/services";
import { CROSS_ORIGIN_MESSAGE } from "~/web/same-origin";
import { crossOriginRefusal, isWrite } from "~/web/staff-gate.server";
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

/** A public page's words for a form post from another site. */
export const PAGE_CROSS_ORIGIN_MESSAGE = "This form was sent from another site, so it was not taken. Please use the form on our own page.";

/**
 * The origin a page's action sees its request as coming to, built as React
 * Router's Express adapter builds the request's URL (the forwarded host when
 * a proxy is trusted, else Host; the protocol Express reports).
 */
function actionOrigin(req: Request): string | null {
  const [, forwardedPort] = req.app.enabled("trust proxy") ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort].map((p) => Number.parseInt(p ?? "", 10)).find((p) => Number.isSafeInteger(p));
  const address = `${req.protocol}://${req.hostname.split(/[\\/?#@]/)[0] || "localhost"}${port ? `:${port}` : ""}`;
  return URL.canParse(address) ? new URL(address).origin : null;
}

/**
 * Any page's form post (public or staff) whose Origin is not the address the
 * post came to (another site, a Host other than PUBLIC_URL's behind a proxy
 * that passes it, an Origin that is no address at all) gets the contract's
 * 403, logged at warn. React Router's own check would refuse it too, but with
 * a bare 400 logged as a server error.
 */
export const pageWriteOrigin: RequestHandler = (req, res, next) => {
  const origin = req.get("origin");
  if (!isWrite(req.method) || origin === undefined) return next();
  if (URL.canParse(origin) && new URL(origin).origin === actionOrigin(req)) return next();
  const staff = staffPage.test(req.path);
  req.log.warn({ event: "page-cross-origin", origin, host: req.get("host") ?? null }, "page form post whose origin is not this address refused");
  res.status(403).set(staff ? STAFF_PAGE_HEADERS : { "Cache-Control": "no-store" }).type("text").send(staff ? CROSS_ORIGIN_MESSAGE : PAGE_CROSS_ORIGIN_MESSAGE);
};
