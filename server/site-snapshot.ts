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
import { isWrite } from "~/web/staff-gate.server";
import { staffCookies } from "~/web/staff-session.server";

export function siteSnapshotRoute(services: Pick<AppServices, "config" | "snapshot">): RequestHandler {
  const staffSession = `${staffCookies(services.config).session.name}=`;
  const { snapshot } = services;
  return (req, res, next) => {
    if (!req.headers.cookie?.includes(staffSession)) {
      const settled = snapshot.settled;
      return settled ? void settled.then(() => next(), next) : next();
    }
    // A write's change is committed before its answer's headers are written (an action or handler answers after its
    // transaction), and the client cannot ask again before it has them: the refresh starts there, not when the whole
    // body has gone ('finish'), which a streamed page can outlast while its client already asks for the next page.
    if (isWrite(req.method)) {
      const writeHead = res.writeHead;
      res.writeHead = function (this: typeof res, ...args: Parameters<typeof res.writeHead>) {
        res.writeHead = writeHead;
        snapshot.afterChange();
        return writeHead.apply(this, args);
      } as typeof res.writeHead;
    }
    snapshot.refresh().then(() => next(), next);
  };
}
