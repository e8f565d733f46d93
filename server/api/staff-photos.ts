/**
 * Photos through the API (api-contract.md, "Studio (managers)"): thin
 * adapters over app/modules/photos, the same functions the Photos page's
 * action calls. Mounted after the staff router, whose gate has already
 * checked the session, the origin and the write limit; managers only.
 */
import { Router, type Request, type Response } from "express";
import { addPhoto, removePhoto } from "~/modules/photos/photos.server";
import { PHOTO_REFUSALS, photoPath, photoRefusalStatus, TOO_LARGE } from "~/modules/photos/photo-rules";
import { photoHistory } from "~/modules/studio/studio.server";
import { readPhotoUpload } from "~/web/photo-upload.server";
import type { AppServices } from "~/web/services";
import { handle, param } from "./http";
import { refuse, requireRole, staffOf } from "./staff";

/** How long the rest of a body refused as too large is read and dropped before the connection is closed. */
const LINGER_MS = 2000;

/**
 * After an early 413: what the client is still sending is read and dropped
 * (never kept) for a moment, so it sees the answer rather than a connection
 * reset under it; then, if it is still sending, the connection is closed.
 */
function lingerThenClose(req: Request, res: Response): void {
  res.once("finish", () => {
    if (req.complete) return;
    const close = setTimeout(() => req.socket.destroy(), LINGER_MS);
    close.unref();
    req.once("end", () => clearTimeout(close));
    req.resume();
  });
}

export function staffPhotosRouter(services: AppServices): Router {
  const router = Router();
  const { db } = services;
  // The offers as they are now (the studio may have added one since the site started).
  const offers = () => services.content.copy.offers.offers;
  // Each photo put on the site or taken off it is an entry of the studio's history.
  const history = () => photoHistory(services, offers());
  const managers = requireRole("manager");

  router.post(
    "/staff/photos",
    managers,
    handle(async (req, res) => {
      const read = await readPhotoUpload(req);
      if (read.kind === "too-large") {
        lingerThenClose(req, res);
        return refuse(res, 413, TOO_LARGE);
      }
      if (read.kind === "not-multipart") return refuse(res, 415, "Send the photo as multipart/form-data with the fields file, alt, consent and for");
      if (read.kind === "bad-form") return refuse(res, 400, "The form could not be read: send it again");
      const result = await addPhoto({ db, offers: offers(), record: history() }, staffOf(res), read.fields, read.file);
      switch (result.kind) {
        case "done":
          return void res.status(201).json({ id: result.id, url: photoPath(result.id) });
        case "invalid":
          return refuse(res, 400, "Check the photo's details", result.fields);
        default: {
          // A picture too big to decode names its file; one we cannot read does not.
          const status = photoRefusalStatus(result.kind);
          return refuse(res, status, PHOTO_REFUSALS[result.kind], status === 413 ? { file: PHOTO_REFUSALS[result.kind] } : undefined);
        }
      }
    }),
  );

  router.delete(
    "/staff/photos/:id",
    managers,
    handle(async (req, res) => {
      const raw = param(req, "id");
      const id = /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : undefined;
      const result = id === undefined ? { kind: "not-found" as const } : await removePhoto(db, staffOf(res), id, history());
      if (result.kind !== "done") return refuse(res, 404, "No photo on the site has that id");
      res.status(204).end();
    }),
  );
  return router;
}
