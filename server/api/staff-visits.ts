/**
 * `GET /api/staff/visits?from=&to=` (managers; API contract, "Running the
 * site"): a thin adapter over the visits module, which the staff page uses too.
 * Mounted after the staff router, whose gate has already asked for a session.
 */
import { Router } from "express";
import { reportRange, visitReport } from "~/modules/visits/visits.server";
import { salonDay } from "~/modules/visits/visit-rules";
import type { AppServices } from "~/web/services";
import { handle } from "./http";
import { refuse, requireRole } from "./staff";

export function staffVisitsRouter(services: AppServices): Router {
  const router = Router();
  router.get(
    "/staff/visits",
    requireRole("manager"),
    handle(async (req, res) => {
      const one = (name: string) => (typeof req.query[name] === "string" ? (req.query[name] as string) : null);
      const range = reportRange({ from: one("from"), to: one("to") }, salonDay(new Date()));
      if (!range) {
        return refuse(res, 400, "Give from and to as YYYY-MM-DD, from no later than to, at most 550 days apart", {
          from: "A date as YYYY-MM-DD",
        });
      }
      // This instance's latest counts first; others' are at most a few seconds behind.
      await services.visits.flush();
      res.set("Cache-Control", "no-store").json(await visitReport(services.db, range.from, range.to));
    }),
  );
  return router;
}
