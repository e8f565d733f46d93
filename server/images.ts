import { Router, type Response } from "express";
import { findTeamMember, listSalons } from "~/modules/content/catalogue.server";
import { logoSvg, portraitSvg, sceneSvg } from "~/modules/images/artwork";
import { contentTypes, rasterise } from "~/modules/images/rasterise.server";
import { parseVariant } from "~/modules/images/variants";
import type { AppServices } from "~/.server/services.server";
import { handle, param } from "./api/http";

const NAME = /^[a-z0-9-]+$/;
const SCENES = new Set(["blog", "news", "store", "offers", "pages", "work"]);

/**
 * Serves the drawn pictures under /images: each as SVG, and as AVIF, WebP or
 * PNG at the widths in ~/modules/images/variants (name-480.avif). A salon's own
 * files in public/images take precedence, since static files are served first.
 */
export function imagesRouter({ db }: AppServices): Router {
  const router = Router();

  async function svgFor(kind: string, name: string): Promise<string | undefined> {
    if (!NAME.test(name)) return undefined;
    if (kind === "team") {
      const member = await findTeamMember(db, name);
      return member ? portraitSvg(`${member.first_name} ${member.last_name}`) : undefined;
    }
    if (kind === "salons") {
      const match = /^salon-(\d+)(-logo)?$/.exec(name);
      const salon = match ? (await listSalons(db)).find((s) => s.id === Number(match[1])) : undefined;
      if (!match || !salon) return undefined;
      return match[2] ? logoSvg(salon.name) : sceneSvg(salon.name);
    }
    return SCENES.has(kind) ? sceneSvg(`${kind}/${name}`) : undefined;
  }

  const cacheFor = (res: Response) => res.set("Cache-Control", "public, max-age=86400");

  router.get(
    "/:kind/:file",
    handle(async (req, res) => {
      const kind = param(req, "kind");
      const file = param(req, "file");
      if (file.endsWith(".svg")) {
        const svg = await svgFor(kind, file.slice(0, -4));
        if (!svg) return void res.sendStatus(404);
        cacheFor(res).set("Content-Type", "image/svg+xml; charset=utf-8").send(svg);
        return;
      }
      const variant = parseVariant(file);
      const svg = variant ? await svgFor(kind, variant.name) : undefined;
      if (!variant || !svg) return void res.sendStatus(404);
      const image = await rasterise(svg, variant.width, variant.format);
      cacheFor(res).set("Content-Type", contentTypes[variant.format]).send(image);
    }),
  );
  return router;
}
