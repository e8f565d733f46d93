/**
 * Counts page views and the quote funnel's page steps (decision 0031): a GET
 * of a public page answered 200, by a browser that is not a robot and is not
 * prefetching. Costs one map update per counted request, after the response;
 * nothing about the visitor is read but whether their user agent is a robot's,
 * and nothing about them is kept.
 */
import type { RequestHandler } from "express";
import { countedPath, funnelStepOfPage, isRobot } from "~/modules/visits/visit-rules";
import type { AppServices } from "~/web/services";

export function visitCounting(services: Pick<AppServices, "visits">): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET") return next();
    const purpose = req.get("sec-purpose") ?? req.get("purpose");
    if (purpose?.includes("prefetch")) return next();
    const path = countedPath(req.path);
    if (!path || isRobot(req.get("user-agent"))) return next();
    res.on("finish", () => {
      if (res.statusCode !== 200) return;
      services.visits.pageView(path);
      const step = funnelStepOfPage(path);
      if (step) services.visits.funnel(step);
    });
    next();
  };
}
