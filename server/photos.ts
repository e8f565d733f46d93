/**
 * Serves the photos managers upload (app/modules/photos, decision record
 * 0042). /photos/{id} answers AVIF, WebP or JPEG by the Accept header, at the
 * width ?w= asks snapped to the site's widths; /photos/{id}-{width}.{format}
 * is one copy, the address pages put in srcset. Copies are made by the one
 * copy maker (app/modules/images/copies.server.ts, decision record 0057):
 * ahead, as each instance first sees the photo (`preparePhotoCopies`), and
 * kept on this instance's disk under DATA_DIR/images/photos; one asked for
 * before it is made is waited for. The id is in the address and a photo
 * never changes, so copies may be kept a year; a removed photo, or one
 * replaced by a newer one (kept so an undo can bring it back), is a 404 at
 * once, whatever is on disk, but for staff, who see the replaced ones in
 * their list, privately. Only ever an image type.
 */
import path from "node:path";
import { Router, type Response } from "express";
import { describePhoto, keptPhoto, listPhotos, photoCopy } from "~/modules/photos/photos.server";
import { formatForAccept, parsePhotoFile, snapWidth } from "~/modules/photos/photo-rules";
import { contentTypes, pageCopies, type pageFormats, type CopyJob, type CopyMaker } from "~/modules/images/copies.server";
import type { Db } from "~/.server/db/schema";
import type { AppServices } from "~/web/services";
import { currentStaff } from "~/web/staff-session.server";
import { handle, param } from "./api/http";

const notFound = (res: Response) => void res.set("Cache-Control", "no-store").type("text").status(404).send("There is no photo at this address.");

/** Where this instance keeps the photos' copies. */
export const photoCacheDir = (dataDir: string) => path.join(dataDir, "images", "photos");

const photoJob = (db: Db, dataDir: string, id: number, width: number, format: (typeof pageFormats)[number]): CopyJob => ({
  file: path.join(photoCacheDir(dataDir), `${id}-${width}.${format}`),
  make: () => photoCopy(db, id, width, format),
});

/** Queues the copies pages name of every photo not removed (the widths <Picture> offers, in each format) that this instance has not made. */
export async function preparePhotoCopies(db: Db, dataDir: string, copies: CopyMaker): Promise<void> {
  const photos = await listPhotos(db);
  const jobs = photos.flatMap((photo) => pageCopies(describePhoto(photo).width, (width, format) => photoJob(db, dataDir, photo.id, width, format)));
  await copies.prepare(jobs);
}

export function photosRouter({ db, config, copies }: Pick<AppServices, "db" | "config" | "copies">): Router {
  const router = Router();
  router.get(
    "/:file",
    handle(async (req, res) => {
      const asked = parsePhotoFile(param(req, "file"));
      if (!asked) return notFound(res);
      const negotiated = asked.format === undefined;
      const width = asked.width ?? snapWidth(typeof req.query.w === "string" ? req.query.w : undefined);
      const format = asked.format ?? formatForAccept(req.get("accept"));
      if (negotiated) res.vary("Accept");
      // Asked of the database every time: a photo removed or replaced on any instance is gone from every one at once.
      // A replaced photo is kept for an undo: staff still see it (their list of photos), privately; the public gets 404.
      const photo = await keptPhoto(db, asked.id);
      if (!photo) return notFound(res);
      const privately = !photo.shown;
      if (privately && !(await currentStaff({ db, config }, req.get("cookie")))) return notFound(res);
      const image = await copies.get(photoJob(db, config.dataDir, asked.id, width, format));
      if (!image) return notFound(res);
      res
        .set("Cache-Control", privately ? "private, no-store" : "public, max-age=31536000, immutable")
        .set("Content-Type", contentTypes[format])
        .set("X-Content-Type-Options", "nosniff")
        .set("Content-Disposition", "inline")
        .send(image);
    }),
  );
  return router;
}
