import { Router, type Response } from "express";
import { findStylistProfile, listLevels, listReviews, listSalons, listServices, listStylists, listTeam } from "~/modules/catalogue/catalogue.server";
import { findBlogPost, listBlogPosts, type BlogPost } from "~/modules/site/blog.server";
import { listPublicNews } from "~/modules/site-switches/news.server";
import { getStoreData } from "~/modules/site/shop.server";
import type { AppServices } from "~/web/services";
import { handle, param, sendError } from "./http";

/** A successful catalogue answer: shared caches may keep it for a minute (errors are never cached). */
const cached = (res: Response) => res.set("Cache-Control", "public, max-age=60");

const toContractPost = ({ slug, title, image, body, author, date }: BlogPost) => ({ slug, title, image, body, author, date });

/** The public reads of the API contract. Catalogue data changes only at a restart, so caches may keep it briefly. */
export function catalogueRouter({ db }: AppServices): Router {
  const router = Router();

  /** A read that needs nothing from the request: its answer cached. */
  const read = (path: string, find: () => Promise<unknown>) => router.get(path, handle(async (_req, res) => void cached(res).json(await find())));
  read("/salons", () => listSalons(db));
  read("/levels", () => listLevels(db));
  read("/services", () => listServices(db));
  read("/stylists", () => listStylists(db));
  read("/team", async () => (await listTeam(db)).map(({ role: _role, favourite_style: _style, photo_profile: _profile, ...member }) => member));
  /** One thing by its slug: 404 with `missing` when nothing has it. */
  const bySlug = <T>(path: string, find: (slug: string) => Promise<T | null | undefined>, missing: string) =>
    router.get(
      path,
      handle(async (req, res) => {
        const found = await find(param(req, "slug"));
        if (!found) return sendError(res, 404, missing);
        cached(res).json(found);
      }),
    );
  bySlug("/reviews{/:slug}", (slug) => listReviews(db, slug || "all"), "No stylist has that name");
  bySlug("/profile/:slug", (slug) => findStylistProfile(db, slug), "No stylist has that name");
  read("/blog-posts", async () => (await listBlogPosts(db)).map(toContractPost));
  bySlug("/blog-post/:slug", async (slug) => {
    const post = await findBlogPost(db, slug);
    return post && toContractPost(post);
  }, "No blog post has that address");
  read("/store-data", async () => {
    const { banners, tiles } = await getStoreData(db);
    return { banners: banners.map(({ image, url }) => ({ image, url })), tiles };
  });
  // Staff change the news from the staff desk: every answer is checked with the server, so a change shows at once.
  router.get("/news-items", handle(async (_req, res) => void res.set("Cache-Control", "no-cache").json(await listPublicNews(db))));
  return router;
}
