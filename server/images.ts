import { Router } from "express";
import { contentTypes } from "~/modules/images/copies.server";
import { isPictureKind, parseVariant, PICTURE_NAME, type PictureKind } from "~/modules/images/variants";
import type { AppServices } from "~/web/services";
import { handle, param } from "./api/http";
import { listSalons, findTeamMember } from "~/modules/catalogue/catalogue.server";
import { newsPictures } from "~/modules/site-switches/news.server";
import { getStoreData } from "~/modules/site/shop.server";
import { SCENE_KINDS, sceneNamesNow } from "./image-cache";

/**
 * Serves the pictures under /images/{kind}/: copies of every picture (a file
 * under content/images, the salon's photograph or a sample picture) as AVIF,
 * WebP, JPEG or PNG at the fixed widths (name-480.avif), made ahead and kept
 * on disk; one asked for before it is made is waited for
 * (app/modules/images/copies.server.ts, decision record 0057). A picture
 * whose file is missing is served as a plain tile. name.svg, the address the
 * content and the API's `image` fields hand out (kept from when pictures were
 * drawn), sends the browser to the picture's 1200-pixel JPEG.
 */
export function imagesRouter(services: Pick<AppServices, "pictures" | "content" | "db">): Router {
  const { pictures, db } = services;
  const router = Router();
  // Worked out again whenever the content in force changes (a studio change).
  let scenes: { content: AppServices["content"]; names: Promise<Set<string>> } | undefined;
  /**
   * Only names the site uses are encoded: a made-up name costs nothing (issue
   * 13). Portraits and salons' pictures are checked against the catalogue;
   * scenes against the names the content and code use.
   */
  async function known(kind: PictureKind, name: string): Promise<boolean> {
    if (pictures.photo(kind, name)) return true;
    if (kind === "team") return (await findTeamMember(db, name)) !== undefined;
    if (kind === "salons") {
      const match = /^salon-(\d+)(-logo)?$/.exec(name);
      return match !== null && (await listSalons(db)).some((s) => s.id === Number(match[1]));
    }
    if (!(SCENE_KINDS as readonly string[]).includes(kind)) return false;
    if (scenes?.content !== services.content) scenes = { content: services.content, names: sceneNamesNow(services.content, db) };
    if ((await scenes.names).has(`${kind}/${name}`)) return true;
    // A news item the staff added has a picture of its own name: a plain tile until a file is added for it.
    return kind === "news" && (await newsPictures(db)).includes(`/images/news/${name}.svg`);
  }

  router.get(
    "/:kind/:file",
    handle(async (req, res) => {
      const kind = param(req, "kind");
      const file = param(req, "file");
      if (!isPictureKind(kind)) return void res.sendStatus(404);
      if (file.endsWith(".svg")) {
        const name = file.slice(0, -4);
        if (!PICTURE_NAME.test(name) || !(await known(kind, name))) return void res.sendStatus(404);
        res.set("Cache-Control", "public, max-age=3600");
        return void res.redirect(302, pictures.sharePath(`/images/${kind}/${file}`));
      }
      const variant = parseVariant(file);
      if (!variant || !(await known(kind, variant.name))) return void res.sendStatus(404);
      const image = await pictures.raster(kind, variant.name, variant.width, variant.format);
      res.set("Cache-Control", "public, max-age=86400").set("Content-Type", contentTypes[variant.format]).send(image);
    }),
  );
  return router;
}

/**
 * The original site's client builds a shop picture's address as
 * `/static/shop/` + `image` (docs/original-client.md). With the contract's
 * `image`, a path on this site (`/images/store/….svg`), that is
 * `/static/shop//images/store/….svg`; with its file name alone,
 * `/static/shop/….svg`. Either is sent on to the picture's own address, for a
 * picture the shop lists and nothing else.
 */
export function oldShopPicturesRouter({ db }: Pick<AppServices, "db">): Router {
  const router = Router();
  router.get(
    "/{*file}",
    handle(async (req, res) => {
      const asked = req.path.replace(/^\/+/, "");
      const { banners, tiles } = await getStoreData(db);
      const image = [...banners, ...tiles]
        .map((item) => item.image)
        .find((path) => !path.startsWith("//") && (path.slice(1) === asked || path.slice(path.lastIndexOf("/") + 1) === asked));
      if (!asked || !image) return void res.sendStatus(404);
      res.set("Cache-Control", "public, max-age=3600");
      res.redirect(302, image);
    }),
  );
  return router;
}
