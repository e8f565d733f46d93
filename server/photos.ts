/**
 * Serves the photos managers upload (app/modules/photos, decision record
 * 0042). /photos/{id} answers AVIF, WebP or JPEG by the Accept header, at the
 * width ?w= asks snapped to the site's widths; /photos/{id}-{width}.{format}
 * is one copy, the address pages put in srcset. Copies are made on first
 * request, at most two encodes at once with the sample pictures' (0018), and
 * kept on this instance's disk under DATA_DIR/images/photos. The id is in the
 * address and a photo never changes, so copies may be kept a year; a removed
 * photo, or one replaced by a newer one (kept so an undo can bring it back),
 * is a 404 at once, whatever is on disk, but for staff, who see the replaced
 * ones in their list, privately. Only ever an image type.
 */
import fsp from "node:fs/promises";
import path from "node:path";
import { Router, type Response } from "express";
import { ensurePrivateDir, writePrivateFileWhole } from "~/.server/private-files.server";
import { keptPhoto, photoCopy } from "~/modules/photos/photos.server";
import { formatForAccept, parsePhotoFile, snapWidth } from "~/modules/photos/photo-rules";
import { contentTypes } from "~/modules/images/picture-library.server";
import type { AppServices } from "~/web/services";
import { currentStaff } from "~/web/staff-session.server";
import { handle, param } from "./api/http";
import { BUSY_RETRY_AFTER_SECONDS, EncoderBusy, limitEncode } from "./image-cache";

const notFound = (res: Response) => void res.set("Cache-Control", "no-store").type("text").status(404).send("There is no photo at this address.");

/** Where this instance keeps the photos' copies (start-services.ts removes what a killed write left there). */
export const photoCacheDir = (dataDir: string) => path.join(dataDir, "images", "photos");

export function photosRouter({ db, config }: Pick<AppServices, "db" | "config">): Router {
  const router = Router();
  const cacheDir = photoCacheDir(config.dataDir);
  const ready = ensurePrivateDir(cacheDir);
  const making = new Map<string, Promise<Buffer | undefined>>();

  /** A copy from this instance's disk, or made once however many ask at the same moment, and written there. */
  function cached(name: string, make: () => Promise<Buffer | undefined>): Promise<Buffer | undefined> {
    const file = path.join(cacheDir, name);
    const pending = making.get(file);
    if (pending) return pending;
    const work = ready.then(() =>
      fsp.readFile(file).catch(async () => {
        const bytes = await limitEncode(make);
        if (!bytes) return undefined;
        // Written beside and renamed, so a reader never sees half a file; readable by the server only.
        await writePrivateFileWhole(file, bytes);
        return bytes;
      }),
    );
    making.set(file, work);
    void work.finally(() => making.delete(file)).catch(() => {});
    return work;
  }

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
      let image: Buffer | undefined;
      try {
        image = await cached(`${asked.id}-${width}.${format}`, () => photoCopy(db, asked.id, width, format));
      } catch (error) {
        if (!(error instanceof EncoderBusy)) throw error;
        res.set("Retry-After", String(BUSY_RETRY_AFTER_SECONDS)).set("Cache-Control", "no-store").sendStatus(503);
        return;
      }
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
