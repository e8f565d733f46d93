import { Router, type Response } from "express";
import { findTeamMember, listSalons } from "~/modules/content/catalogue.server";
import { logoSvg, portraitSvg, sceneSvg } from "~/modules/images/artwork";
import type { AppServices } from "~/.server/services.server";
import { handle, param } from "./api/http";

const NAME = /^[a-z0-9-]+$/;

/** Serves the drawn pictures under /images. A salon's own files in public/images take precedence. */
export function imagesRouter({ db }: AppServices): Router {
  const router = Router();
  const send = (res: Response, svg: string) => {
    res.set("Content-Type", "image/svg+xml; charset=utf-8");
    res.set("Cache-Control", "public, max-age=86400");
    res.send(svg);
  };

  router.get(
    "/team/:file",
    handle(async (req, res) => {
      const slug = param(req, "file").replace(/\.svg$/, "");
      const member = NAME.test(slug) ? await findTeamMember(db, slug) : undefined;
      if (!member) return void res.sendStatus(404);
      send(res, portraitSvg(`${member.first_name} ${member.last_name}`));
    }),
  );
  router.get(
    "/salons/:file",
    handle(async (req, res) => {
      const match = /^salon-(\d+)(-logo)?\.svg$/.exec(param(req, "file"));
      const salon = match ? (await listSalons(db)).find((s) => s.id === Number(match[1])) : undefined;
      if (!match || !salon) return void res.sendStatus(404);
      send(res, match[2] ? logoSvg(salon.name) : sceneSvg(salon.name));
    }),
  );
  router.get("/:kind/:file", (req, res) => {
    const file = param(req, "file");
    const kind = param(req, "kind");
    const name = file.replace(/\.svg$/, "");
    if (!["blog", "news", "store", "offers"].includes(kind) || !NAME.test(name) || !file.endsWith(".svg")) {
      return void res.sendStatus(404);
    }
    send(res, sceneSvg(`${kind}/${name}`));
  });
  return router;
}
