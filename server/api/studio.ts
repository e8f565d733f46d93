/**
 * The studio's API (api-contract.md, "Studio (managers)"): thin adapters over
 * app/modules/studio. Mounted after the staff router, whose gate covers every
 * /api/staff/… path (never cached, own origin for writes, a session, the
 * write limit); every call here is a manager's (403 to reception).
 */
import { Router, type Request, type Response } from "express";
import type { AppServices } from "~/web/services";
import { fieldErrors } from "~/modules/fields/form-fields";
import { planServiceCreate, planServicePatch } from "~/modules/studio/price-list";
import { offerCreateSchema, offerPatchSchema, postCreateSchema, postPatchSchema, serviceCreateSchema, servicePatchSchema, stylistCreateSchema, stylistPatchSchema } from "~/modules/studio/studio-forms";
import { planOfferCreate, planOfferPatch, planOfferRemove } from "~/modules/studio/offers";
import { planPostCreate, planPostPatch, planPostRemove, postJson } from "~/modules/studio/posts";
import { planStylistCreate, planStylistPatch } from "~/modules/studio/team";
import { ratingInputSchema } from "~/modules/catalogue/rating";
import { planRatingPut, planRatingRemove } from "~/modules/studio/rating";
import path from "node:path";
import { sendContentArchive } from "~/modules/studio/content-io.server";
import { salonToday } from "~/utils/dates";
import { changeContent, listHistory, undoEntry, type ChangeOutcome } from "~/modules/studio/studio.server";
import { handle, param } from "./http";
import { refuse, requireRole, staffOf } from "./staff";

/** The body as an object, each text trimmed (the contract: inputs are trimmed before validation). */
function trimmedBody(req: Request): Record<string, unknown> {
  const body = req.body && typeof req.body === "object" && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === "string" ? v.trim() : v]));
}

/** A positive whole number from the path, or undefined (a 404). */
function idFrom(req: Request, name = "id"): number | undefined {
  const raw = param(req, name);
  return /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
}

/** A change's answer: its result, or the refusal in the contract's shape. */
function answer<T>(res: Response, outcome: ChangeOutcome<T>, status = 200, invalidField?: string): void {
  if (outcome.kind === "not-found") return refuse(res, 404, outcome.message);
  if (outcome.kind === "invalid") return refuse(res, 400, outcome.message, outcome.fields ?? (invalidField ? { [invalidField]: outcome.message } : undefined));
  res.status(status).json(outcome.result);
}

export function studioRouter(services: AppServices): Router {
  const router = Router();
  const managers = requireRole("manager");

  router.patch(
    "/staff/studio/services/:id",
    managers,
    handle(async (req, res) => {
      const id = idFrom(req);
      if (id === undefined) return refuse(res, 404, "The price list has no service with that id");
      const parsed = servicePatchSchema.safeParse(trimmedBody(req));
      if (!parsed.success) return refuse(res, 400, "Please check the service", fieldErrors(parsed.error));
      const outcome = await changeContent(services, staffOf(res), (files) => {
        const planning = planServicePatch(files, id, parsed.data);
        return "kind" in planning ? planning : { planned: planning.planned, result: () => planning.after };
      });
      answer(res, outcome);
    }),
  );

  router.post(
    "/staff/studio/services",
    managers,
    handle(async (req, res) => {
      const parsed = serviceCreateSchema.safeParse(trimmedBody(req));
      if (!parsed.success) return refuse(res, 400, "Please check the new service", fieldErrors(parsed.error));
      const outcome = await changeContent(services, staffOf(res), (files) => {
        const planning = planServiceCreate(files, parsed.data);
        return { planned: planning.planned, result: () => ({ id: planning.id }) };
      });
      answer(res, outcome, 201);
    }),
  );

  router.patch(
    "/staff/studio/stylists/:slug",
    managers,
    handle(async (req, res) => {
      const parsed = stylistPatchSchema.safeParse(trimmedBody(req));
      if (!parsed.success) return refuse(res, 400, "Please check the stylist", fieldErrors(parsed.error));
      const outcome = await changeContent(services, staffOf(res), (files) => {
        const planning = planStylistPatch(files, param(req, "slug"), parsed.data);
        return "kind" in planning ? planning : { planned: planning.planned, result: () => planning.after };
      });
      answer(res, outcome);
    }),
  );

  router.post(
    "/staff/studio/stylists",
    managers,
    handle(async (req, res) => {
      const parsed = stylistCreateSchema.safeParse(trimmedBody(req));
      if (!parsed.success) return refuse(res, 400, "Please check the new stylist", fieldErrors(parsed.error));
      const outcome = await changeContent(services, staffOf(res), (files) => {
        const planning = planStylistCreate(files, parsed.data);
        return "kind" in planning ? planning : { planned: planning.planned, result: () => ({ slug: planning.slug }) };
      });
      answer(res, outcome, 201);
    }),
  );

  router.post(
    "/staff/studio/posts",
    managers,
    handle(async (req, res) => {
      const parsed = postCreateSchema.safeParse(trimmedBody(req));
      if (!parsed.success) return refuse(res, 400, "Please check the post", fieldErrors(parsed.error));
      const outcome = await changeContent(services, staffOf(res), (files) => {
        const planning = planPostCreate(files, parsed.data, salonToday());
        return { planned: planning.planned, result: () => ({ slug: planning.slug }) };
      });
      answer(res, outcome, 201);
    }),
  );

  router.patch(
    "/staff/studio/posts/:slug",
    managers,
    handle(async (req, res) => {
      const parsed = postPatchSchema.safeParse(trimmedBody(req));
      if (!parsed.success) return refuse(res, 400, "Please check the post", fieldErrors(parsed.error));
      const outcome = await changeContent(services, staffOf(res), (files) => {
        const planning = planPostPatch(files, param(req, "slug"), parsed.data);
        return "kind" in planning ? planning : { planned: planning.planned, result: () => postJson(planning.after) };
      });
      answer(res, outcome);
    }),
  );

  router.delete(
    "/staff/studio/posts/:slug",
    managers,
    handle(async (req, res) => {
      const outcome = await changeContent(services, staffOf(res), (files) => {
        const planning = planPostRemove(files, param(req, "slug"));
        return "kind" in planning ? planning : { planned: planning.planned, result: () => null };
      });
      if (outcome.kind === "done" || outcome.kind === "unchanged") return void res.status(204).end();
      answer(res, outcome);
    }),
  );

  router.post(
    "/staff/studio/offers",
    managers,
    handle(async (req, res) => {
      const parsed = offerCreateSchema.safeParse(trimmedBody(req));
      if (!parsed.success) return refuse(res, 400, "Please check the offer", fieldErrors(parsed.error));
      const outcome = await changeContent(services, staffOf(res), (files) => {
        const planning = planOfferCreate(files, parsed.data);
        return { planned: planning.planned, result: () => ({ slug: planning.slug }) };
      });
      answer(res, outcome, 201, "text");
    }),
  );

  router.patch(
    "/staff/studio/offers/:slug",
    managers,
    handle(async (req, res) => {
      const parsed = offerPatchSchema.safeParse(trimmedBody(req));
      if (!parsed.success) return refuse(res, 400, "Please check the offer", fieldErrors(parsed.error));
      const outcome = await changeContent(services, staffOf(res), (files) => {
        const planning = planOfferPatch(files, param(req, "slug"), parsed.data);
        return "kind" in planning ? planning : { planned: planning.planned, result: () => planning.after };
      });
      answer(res, outcome, 200, "text");
    }),
  );

  router.delete(
    "/staff/studio/offers/:slug",
    managers,
    handle(async (req, res) => {
      const outcome = await changeContent(services, staffOf(res), (files) => {
        const planning = planOfferRemove(files, param(req, "slug"));
        return "kind" in planning ? planning : { planned: planning.planned, result: () => null };
      });
      if (outcome.kind === "done" || outcome.kind === "unchanged") return void res.status(204).end();
      answer(res, outcome);
    }),
  );

  router.put(
    "/staff/studio/rating",
    managers,
    handle(async (req, res) => {
      const parsed = ratingInputSchema(salonToday()).safeParse(trimmedBody(req));
      if (!parsed.success) return refuse(res, 400, "Please check the rating", fieldErrors(parsed.error));
      const outcome = await changeContent(services, staffOf(res), (files) => ({ planned: planRatingPut(files, parsed.data).planned, result: (content) => content.settings.rating }));
      answer(res, outcome);
    }),
  );

  router.delete(
    "/staff/studio/rating",
    managers,
    handle(async (_req, res) => {
      const outcome = await changeContent(services, staffOf(res), (files) => ({ planned: planRatingRemove(files).planned, result: () => null }));
      if (outcome.kind === "done" || outcome.kind === "unchanged") return void res.status(204).end();
      answer(res, outcome);
    }),
  );

  router.get(
    "/staff/studio/export",
    managers,
    handle(async (_req, res) => {
      res.set("Content-Type", "application/gzip");
      res.set("Content-Disposition", `attachment; filename="content-${salonToday()}.tar.gz"`);
      try {
        await sendContentArchive(services.db, res, path.join(services.config.contentDir, "images"));
      } catch (error) {
        if (!res.headersSent) throw error;
        // A client that went away half way is no error of the site's; its copy is gone all the same.
        if (!res.destroyed) services.logger.error({ err: error }, "the content download failed half way");
        res.destroy();
      }
    }),
  );

  router.get(
    "/staff/history",
    managers,
    handle(async (_req, res) => {
      const entries = await listHistory(services.db);
      res.json(entries.map(({ id, at, staff, what, summary }) => ({ id, at, staff, what, summary })));
    }),
  );

  router.post(
    "/staff/history/:id/undo",
    managers,
    handle(async (req, res) => {
      const id = idFrom(req);
      const missing = () => refuse(res, 404, "The history has no entry with that id");
      if (id === undefined) return missing();
      const outcome = await undoEntry(services, staffOf(res), id);
      if (outcome.kind === "not-found") return missing();
      if (outcome.kind === "conflict") return refuse(res, 409, outcome.message);
      if (outcome.kind === "invalid") return refuse(res, 409, outcome.message);
      res.json(outcome.entry);
    }),
  );

  return router;
}
