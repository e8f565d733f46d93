/**
 * Counts page views and the quote funnel's page steps (decisions 0031, 0051):
 * a GET of one of the site's own public pages answered 200, by a browser that
 * is not a robot and is not prefetching, under the page's one spelling (every
 * percent-encoded or upper-case spelling of /team counts as /team; an address
 * the site has no page at counts nothing). A view of a saved quote's page also
 * lets one click on its Book link count. Costs one map update per counted
 * request, after the response; nothing about the visitor is read but whether
 * their user agent is a robot's, and nothing about them is kept.
 */
import type { RequestHandler } from "express";
import { findPublicPage, type PublicPage } from "~/modules/seo/public-pages";
import { countedPath, funnelStepOfPage, isRobot, quoteLinkOf } from "~/modules/visits/visit-rules";
import type { AppServices } from "~/web/services";

/**
 * `publicPages`: the site's public pages, from the routes' facts (none for a
 * server without pages).
 */
export function visitCounting(services: Pick<AppServices, "visits">, publicPages: () => readonly PublicPage[] | Promise<readonly PublicPage[]>): RequestHandler {
  const { visits } = services;
  return (req, res, next) => {
    if (req.method !== "GET") return next();
    const purpose = req.get("sec-purpose") ?? req.get("purpose");
    if (purpose?.includes("prefetch") || isRobot(req.get("user-agent"))) return next();
    // As it arrived: a router mounted below (/images, /photos) shortens req.path while it answers.
    const pathname = req.path;
    res.on("finish", () => {
      if (res.statusCode !== 200) return;
      void Promise.resolve(publicPages()).then((pages) => {
        const path = countedPath(pathname, (candidate) => {
          const page = findPublicPage(pages, candidate);
          return page !== undefined && !page.redirect;
        });
        if (!path) return;
        visits.pageView(path);
        const step = funnelStepOfPage(path);
        if (step) visits.funnel(step);
        if (path === "/quote") visits.quotePageViewed(quoteLinkOf(pathname)!);
      });
    });
    next();
  };
}
