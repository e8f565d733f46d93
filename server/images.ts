import { Router, type Response } from "express";
import { contentTypes } from "~/modules/images/picture-library.server";
import { isPictureKind, parseVariant, PICTURE_NAME } from "~/modules/images/variants";
import type { AppServices } from "~/web/services";
import { handle, param } from "./api/http";
import { BUSY_RETRY_AFTER_SECONDS, EncoderBusy, SCENE_KINDS, sceneNames } from "./image-cache";

/** Pictures that pages name in code rather than in the content files (the form pages' pictures). */
const CODE_SCENES = ["pages/joinus", "pages/models", "pages/open-evening", "pages/feedback", "pages/contact"];

/**
 * Serves the pictures under /images/{kind}/: the drawings as SVG (name.svg),
 * and copies of every picture, photographed or drawn, as AVIF, WebP, JPEG or
 * PNG at the fixed widths (name-480.avif), made on first request and kept on
 * disk (app/modules/images/picture-library.server.ts). Where a salon has added
 * a photograph, name.svg sends the browser to its JPEG, so an address handed
 * out for the drawing (the API's `image` fields) shows the photograph.
 */
export function imagesRouter({ pictures, content, db }: Pick<AppServices, "pictures" | "content" | "db">): Router {
  const router = Router();
  let scenes: Promise<Set<string>> | undefined;
  /**
   * Only names the site uses are drawn or encoded: a made-up name costs nothing
   * (issue 13). Team and salon pictures are checked by the library against the
   * catalogue; scenes against the names the content and code use.
   */
  async function known(kind: string, name: string): Promise<boolean> {
    if (!(SCENE_KINDS as readonly string[]).includes(kind)) return true;
    if (pictures.photo(kind as Parameters<typeof pictures.photo>[0], name)) return true;
    scenes ??= sceneNames(content, db).then((found) => new Set([...found, ...CODE_SCENES]));
    return (await scenes).has(`${kind}/${name}`);
  }
  const cacheFor = (res: Response) => res.set("Cache-Control", "public, max-age=86400");

  router.get(
    "/:kind/:file",
    handle(async (req, res) => {
      const kind = param(req, "kind");
      const file = param(req, "file");
      if (!isPictureKind(kind)) return void res.sendStatus(404);
      if (file.endsWith(".svg")) {
        const name = file.slice(0, -4);
        if (!PICTURE_NAME.test(name) || !(await known(kind, name))) return void res.sendStatus(404);
        if (pictures.photo(kind, name)) {
          res.set("Cache-Control", "public, max-age=3600");
          return void res.redirect(302, `/images/${kind}/${name}-1200.jpg`);
        }
        const svg = await pictures.drawing(kind, name);
        if (!svg) return void res.sendStatus(404);
        cacheFor(res).set("Content-Type", "image/svg+xml; charset=utf-8").send(svg);
        return;
      }
      const variant = parseVariant(file);
      if (!variant || !(await known(kind, variant.name))) return void res.sendStatus(404);
      let image: Buffer | undefined;
      try {
        image = await pictures.raster(kind, variant.name, variant.width, variant.format);
      } catch (error) {
        if (!(error instanceof EncoderBusy)) throw error;
        res.set("Retry-After", String(BUSY_RETRY_AFTER_SECONDS)).set("Cache-Control", "no-store").sendStatus(503);
        return;
      }
      if (!image) return void res.sendStatus(404);
      cacheFor(res).set("Content-Type", contentTypes[variant.format]).send(image);
    }),
  );
  return router;
}
