/**
 * The studio's API (api-contract.md, "Studio (managers)"): thin adapters over
 * app/modules/studio. Mounted after the staff router, whose gate covers every
 * /api/staff/… path (never cached, own origin for writes, a session, the
 * write limit); every call here is a manager's (403 to reception).
 */
import { Router, type Request, type Response } from "express";
import type { AppServices } from "~/web/services";
import { planServiceCreate, planServicePatch, serviceJson, servicePlace, serviceRows } from "~/modules/studio/price-list";
import { offerCreateSchema, offerPatchSchema, postCreateSchema, postPatchSchema, serviceCreateSchema, servicePatchSchema, stylistCreateSchema, stylistPatchSchema } from "~/modules/studio/studio-forms";
import { offerJson, offerPlace, offerRows, planOfferCreate, planOfferPatch, planOfferRemove } from "~/modules/studio/offers";
import { planPostCreate, planPostPatch, planPostRemove, postFiles, postJson, postPlace } from "~/modules/studio/posts";
import { planStylistCreate, planStylistPatch, stylistJson, stylistPlace, stylistRows } from "~/modules/studio/team";
import { staleSave, versionAt, type RecordPlace } from "~/modules/studio/versions.server";
import { ratingInputSchema } from "~/modules/catalogue/rating";
import { planRatingPut, planRatingRemove } from "~/modules/studio/rating";
import path from "node:path";
import { sendContentArchive } from "~/modules/studio/content-io.server";
import { salonToday } from "~/utils/dates";
import { changeContent, listHistory, undoEntry, type ChangeOutcome } from "~/modules/studio/studio.server";
import { bodyOf, handle, idFrom, param } from "./http";
import { checkedBody, checkedSave, handleBody, refuse, requireRole, staffOf } from "./staff";

/** The body as an object, each text trimmed (the contract: inputs are trimmed before validation). */
function trimmedBody(req: Request): Record<string, unknown> {
  return Object.fromEntries(Object.entries(bodyOf(req)).map(([k, v]) => [k, typeof v === "string" ? v.trim() : v]));
}

/** handleBody, on the body with each text trimmed. */
const handleTrimmedBody: typeof handleBody = (schema, error, fn) => handleBody(schema, error, fn, trimmedBody);

/** What a save answers with: the record, with its version as stored now. */
const versioned = <R extends object>(record: R, files: ReadonlyMap<string, string>, place: RecordPlace) => ({ ...record, version: versionAt(files, place)! });

/**
 * A change's answer: its result, or the refusal in the contract's shape; a
 * save whose record changed since its editor opened it, 409 with what it
 * asked for (yours) and the record as it stands (theirs, with its version).
 */
function answer<T>(res: Response, outcome: ChangeOutcome<T>, status = 200, invalidField?: string, yours?: object): void {
  if (outcome.kind === "not-found") return refuse(res, 404, outcome.message);
  if (outcome.kind === "invalid") return refuse(res, 400, outcome.message, outcome.fields ?? (invalidField ? { [invalidField]: outcome.message } : undefined));
  if (outcome.kind === "conflict") {
    res.set("Cache-Control", "no-store");
    return void res.status(409).json({ error: outcome.message, yours: yours ?? {}, theirs: { ...(outcome.theirs as object), version: outcome.version } });
  }
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
      const body = checkedSave(res, trimmedBody(req), servicePatchSchema, "Please check the service");
      if (!body) return;
      const place = servicePlace(id);
      const outcome = await changeContent(services, staffOf(res), (files) => {
        const current = serviceRows(files).find((s) => s.id === id);
        const stale = staleSave(files, place, body.version, current?.service ?? "The service", () => serviceJson(current!));
        if (stale) return stale;
        const planning = planServicePatch(files, id, body.patch);
        return "kind" in planning ? planning : { planned: planning.planned, result: (_content, after) => versioned(planning.after, after, place) };
      });
      answer(res, outcome, 200, undefined, { ...body.patch, version: body.version });
    }),
  );

  router.post(
    "/staff/studio/services",
    managers,
    handleTrimmedBody(serviceCreateSchema, "Please check the new service", async (_req, res, input) => {
      const outcome = await changeContent(services, staffOf(res), (files) => {
        const planning = planServiceCreate(files, input);
        return { planned: planning.planned, result: (_content, after) => versioned({ id: planning.id }, after, servicePlace(planning.id)) };
      });
      answer(res, outcome, 201);
    }),
  );

  router.patch(
    "/staff/studio/stylists/:slug",
    managers,
    handle(async (req, res) => {
      const body = checkedSave(res, trimmedBody(req), stylistPatchSchema, "Please check the stylist");
      if (!body) return;
      const slug = param(req, "slug");
      const place = stylistPlace(slug);
      const outcome = await changeContent(services, staffOf(res), (files) => {
        const current = stylistRows(files).find((s) => s.slug === slug);
        const stale = staleSave(files, place, body.version, current ? `${current.first_name} ${current.last_name}` : "The stylist", () => stylistJson(current!));
        if (stale) return stale;
        const planning = planStylistPatch(files, slug, body.patch);
        return "kind" in planning ? planning : { planned: planning.planned, result: (_content, after) => versioned(planning.after, after, place) };
      });
      answer(res, outcome, 200, undefined, { ...body.patch, version: body.version });
    }),
  );

  router.post(
    "/staff/studio/stylists",
    managers,
    handleTrimmedBody(stylistCreateSchema, "Please check the new stylist", async (_req, res, input) => {
      const outcome = await changeContent(services, staffOf(res), (files) => {
        const planning = planStylistCreate(files, input);
        return "kind" in planning ? planning : { planned: planning.planned, result: (_content, after) => versioned({ slug: planning.slug }, after, stylistPlace(planning.slug)) };
      });
      answer(res, outcome, 201);
    }),
  );

  router.post(
    "/staff/studio/posts",
    managers,
    handleTrimmedBody(postCreateSchema, "Please check the post", async (_req, res, input) => {
      const outcome = await changeContent(services, staffOf(res), (files) => {
        const planning = planPostCreate(files, input, salonToday());
        return { planned: planning.planned, result: (_content, after) => versioned({ slug: planning.slug }, after, postPlace(planning.slug)) };
      });
      answer(res, outcome, 201);
    }),
  );

  router.patch(
    "/staff/studio/posts/:slug",
    managers,
    handle(async (req, res) => {
      const body = checkedSave(res, trimmedBody(req), postPatchSchema, "Please check the post");
      if (!body) return;
      const slug = param(req, "slug");
      const place = postPlace(slug);
      const outcome = await changeContent(services, staffOf(res), (files) => {
        const current = postFiles(files).find((p) => p.slug === slug);
        const stale = staleSave(files, place, body.version, current ? `The post “${current.title}”` : "The post", () => postJson(current!));
        if (stale) return stale;
        const planning = planPostPatch(files, slug, body.patch);
        return "kind" in planning ? planning : { planned: planning.planned, result: (_content, after) => versioned(postJson(planning.after), after, place) };
      });
      answer(res, outcome, 200, undefined, { ...body.patch, version: body.version });
    }),
  );

  router.delete(
    "/staff/studio/posts/:slug",
    managers,
    handle(async (req, res) => {
      const outcome = await changeContent(services, staffOf(res), (files) => planPostRemove(files, param(req, "slug")));
      if (outcome.kind === "done" || outcome.kind === "unchanged") return void res.status(204).end();
      answer(res, outcome);
    }),
  );

  router.post(
    "/staff/studio/offers",
    managers,
    handleTrimmedBody(offerCreateSchema, "Please check the offer", async (_req, res, input) => {
      const outcome = await changeContent(services, staffOf(res), (files) => {
        const planning = planOfferCreate(files, input);
        return "kind" in planning ? planning : { planned: planning.planned, result: (_content, after) => versioned({ slug: planning.slug }, after, offerPlace(planning.slug)) };
      });
      answer(res, outcome, 201, "text");
    }),
  );

  router.patch(
    "/staff/studio/offers/:slug",
    managers,
    handle(async (req, res) => {
      const body = checkedSave(res, trimmedBody(req), offerPatchSchema, "Please check the offer");
      if (!body) return;
      const slug = param(req, "slug");
      const place = offerPlace(slug);
      const outcome = await changeContent(services, staffOf(res), (files) => {
        const current = offerRows(files).find((o) => o.slug === slug);
        const stale = staleSave(files, place, body.version, current ? `The offer “${current.title}”` : "The offer", () => offerJson(current!));
        if (stale) return stale;
        const planning = planOfferPatch(files, slug, body.patch);
        return "kind" in planning ? planning : { planned: planning.planned, result: (_content, after) => versioned(planning.after, after, place) };
      });
      answer(res, outcome, 200, "text", { ...body.patch, version: body.version });
    }),
  );

  router.delete(
    "/staff/studio/offers/:slug",
    managers,
    handle(async (req, res) => {
      const outcome = await changeContent(services, staffOf(res), (files) => planOfferRemove(files, param(req, "slug")));
      if (outcome.kind === "done" || outcome.kind === "unchanged") return void res.status(204).end();
      answer(res, outcome);
    }),
  );

  router.put(
    "/staff/studio/rating",
    managers,
    handle(async (req, res) => {
      const input = checkedBody(res, trimmedBody(req), ratingInputSchema(salonToday()), "Please check the rating");
      if (!input) return;
      const outcome = await changeContent(services, staffOf(res), (files) => ({ planned: planRatingPut(files, input).planned, result: (content) => content.settings.rating }));
      answer(res, outcome);
    }),
  );

  router.delete(
    "/staff/studio/rating",
    managers,
    handle(async (_req, res) => {
      const outcome = await changeContent(services, staffOf(res), (files) => planRatingRemove(files));
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
      if (outcome.kind === "conflict" || outcome.kind === "invalid") return refuse(res, 409, outcome.message);
      res.json(outcome.entry);
    }),
  );

  return router;
}
