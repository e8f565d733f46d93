/**
 * `GET /healthz` for a host's or a load balancer's health check. Mounted
 * before the request log and every rate limit: a check every few seconds is
 * neither logged (a failure is, as a warning) nor ever refused.
 */
import type { RequestHandler } from "express";
import { checkHealth } from "~/modules/health/health.server";
import type { AppServices } from "~/web/services";

export function healthCheck(services: Pick<AppServices, "db" | "logger">): RequestHandler {
  return (req, res, next) => {
    if (req.path !== "/healthz") return next();
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.status(405).set({ Allow: "GET, HEAD", "Cache-Control": "no-store" }).type("text").send("That method is not allowed here.");
      return;
    }
    checkHealth(services.db)
      .then(({ health, error }) => {
        if (error) services.logger.warn({ err: error, event: "health-check-failed" }, "health check: the database is unreachable");
        res.status(health.database === "ok" ? 200 : 503).set("Cache-Control", "no-store").json(health);
      })
      .catch(next);
  };
}
