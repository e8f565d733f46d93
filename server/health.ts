/**
 * `GET /healthz` for a host's or a load balancer's health check. Mounted
 * before the request log and every rate limit: a check every few seconds is
 * neither logged (a failure is, as a warning) nor ever refused.
 */
import type { RequestHandler } from "express";
import { checkHealth } from "~/modules/health/health.server";
import type { AppServices } from "~/web/services";

export function healthCheck(services: Pick<AppServices, "db" | "engine" | "logger" | "config">): RequestHandler {
  return (req, res, next) => {
    if (req.path !== "/healthz") return next();
    if (req.method !== "GET" && req.method !== "HEAD") return void res.status(405).set({ Allow: "GET, HEAD", "Cache-Control": "no-store" }).type("text").send("That method is not allowed here.");
    checkHealth(services.db, { engine: services.engine, dataDir: services.config.dataDir })
      .then(({ health, error }) => {
        if (error) services.logger.warn({ err: error, event: "health-check-failed" }, "health check: the database is unreachable");
        else if (health.database === "read-only") services.logger.warn({ event: "health-check-failed" }, "health check: the database does not take writes");
        if (health.disk === "low") services.logger.warn({ event: "health-check-failed" }, "health check: under 5% of the disk is free where the site writes");
        res.status(health.status === "ok" ? 200 : 503).set("Cache-Control", "no-store").json(health);
      })
      .catch(next);
  };
}
