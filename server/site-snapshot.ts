/**
 * Keeps a request's view of the site as new as it must be, without asking the
 * database on a visitor's request (app/web/site-snapshot.server.ts, decision
 * record 0054):
 * - a visitor's request is served from the snapshot as it is, after any
 *   refresh a change made on this instance asked for;
 * - a request with a staff session cookie reads the revision first (one
 *   query), so staff see what they changed through any instance at once; when
 *   it writes, the snapshot is refreshed once it has answered, and every
 *   request arriving meanwhile waits for that refresh.
 */
import type { RequestHandler } from "express";
import type { AppServices } from "~/web/services";
import { staffCookies } from "~/web/staff-session.server";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

export function siteSnapshotRoute(services: Pick<AppServices, "config" | "snapshot">): RequestHandler {
  const staffSession = `${staffCookies(services.config).session.name}=`;
  const { snapshot } = services;
  return (req, res, next) => {
    if (!req.headers.cookie?.includes(staffSession)) {
      const settled = snapshot.settled;
      return settled ? void settled.then(() => next(), next) : next();
    }
    // 'finish' is emitted as the answer is handed over, before this process reads the client's next request.
    if (!READS.has(req.method)) res.once("finish", () => snapshot.afterChange());
    snapshot.refresh().then(() => next(), next);
  };
}
