/**
 * `GET /api/staff/visits?from=&to=` (managers; API contract, "Running the
 * site"): a thin adapter over the visits module, which the staff page uses too.
 * Mounted after the staff router, whose gate has already asked for a session.
 */
import { Router } from "express";
import { reportRange, visitReport } from "~/modules/visits/visits.server";
import { salonToday } from "~/utils/dates";
import type { AppServices } from "~/web/services";
import { handle } from "./http";
import { refuse, requireRole } from "./staff";

const RANGE_MESSAGE = "Give from and to as YYYY-MM-DD, from no later than to, at most 550 days apart";
const DATE_MESSAGE = "A date as YYYY-MM-DD";

export function staffVisitsRouter(services: AppServices): Router {
  const router = Router();
  router.get(
    "/staff/visits",
    requireRole("manager"),
    handle(async (req, res) => {
      // Each of from and to: left out (the last 30 days to today), or one date. Given empty or twice, it is no date.
      const given = { from: req.query.from, to: req.query.to };
      for (const [field, value] of Object.entries(given)) {
        if (value !== undefined && (typeof value !== "string" || value === "")) {
          return refuse(res, 400, RANGE_MESSAGE, { [field]: DATE_MESSAGE });
        }
      }
      const today = salonToday();
      const range = reportRange({ from: given.from as string | undefined, to: given.to as string | undefined }, today);
      if (!range) {
        // The end when it is no date itself; otherwise the start (no date, after the end, or too far before it).
        const field = typeof given.to === "string" && reportRange({ from: given.to, to: given.to }, today) === null ? "to" : "from";
        return refuse(res, 400, RANGE_MESSAGE, { [field]: DATE_MESSAGE });
      }
      // This instance's latest counts first; others' are at most a few seconds behind.
      await services.visits.flush();
      res.json(await visitReport(services.db, range.from, range.to));
    }),
  );
  return router;
}
