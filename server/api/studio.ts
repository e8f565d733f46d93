/**
 * The studio's API (api-contract.md, "Studio (managers)"): thin adapters over
 * app/modules/studio. Mounted after the staff router, whose gate covers every
 * /api/staff/… path (never cached, own origin for writes, a session, the
 * write limit); every call here is a manager's (403 to reception).
 */
import { Router, type Request, type Response } from "express";
import type { z } from "zod";
import type { AppServices } from "~/web/services";
import { fieldErrors } from "~/modules/fields/form-fields";
import { planServiceCreate, planServicePatch, serviceJson, servicePlace, serviceRows } from "~/modules/studio/price-list";
import { offerCreateSchema, offerPatchSchema, postCreateSchema, postPatchSchema, serviceCreateSchema, servicePatchSchema, stylistCreateSchema, stylistPatchSchema } from "~/modules/studio/studio-forms";
import { offerJson, offerPlace, offerRows, planOfferCreate, planOfferPatch, planOfferRemove } from "~/modules/studio/offers";
import { planPostCreate, planPostPatch, planPostRemove, postFiles, postJson, postPlace } from "~/modules/studio/posts";
import { planStylistCreate, planStylistPatch, stylistJson, stylistPlace, stylistRows } from "~/modules/studio/team";
import { staleSave, versionAt, versionSchema, type RecordPlace } from "~/modules/studio/versions.server";
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

/**
 * A PATCH body: its fields, checked with `schema`, and the `version` its
 * editor opened (decision record 0069), or the fields at fault.
 */
function patchBody<S extends z.ZodType>(req: Request, schema: S): { ok: true; patch: z.output<S>; version: string | undefined } | { ok: false; fields: Record<string, string> } {
  const body = trimmedBody(req);
  const parsed = schema.safeParse(body);
  const version = versionSchema.safeParse(body.version);
  if (parsed.success && version.success) return { ok: true, patch: parsed.data, version: version.data };
  return { ok: false, fields: { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...(version.success ? {} : { version: version.error.issues[0]!.message }) } };
}

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
      const body = patchBody(req, servicePatchSchema);
      if (!body.ok) return refuse(res, 400, "Please check the service", body.fields);
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
    handle(async (req, res) => {
      const parsed = serviceCreateSchema.safeParse(trimmedBody(req));
      if (!parsed.success) return refuse(res, 400, "Please check the new service", fieldErrors(parsed.error));
      const outcome = await changeContent(services, staffOf(res), (files) => {
        const planning = planServiceCreate(files, parsed.data);
        return { planned: planning.planned, result: (_content, after) => versioned({ id: planning.id }, after, servicePlace(planning.id)) };
      });
      answer(res, outcome, 201);
    }),
  );

  router.patch(
    "/staff/studio/stylists/:slug",
    managers,
    handle(async (req, res) => {
      const body = patchBody(req, stylistPatchSchema);
      if (!body.ok) return refuse(res, 400, "Please check the stylist", body.fields);
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
    handle(async (req, res) => {
      const parsed = stylistCreateSchema.safeParse(trimmedBody(req));
      if (!parsed.success) return refuse(res, 400, "Please check the new stylist", fieldErrors(parsed.error));
      const outcome = await changeContent(services, staffOf(res), (files) => {
        const planning = planStylistCreate(files, parsed.data);
        return "kind" in planning ? planning : { planned: planning.planned, result: (_content, after) => versioned({ slug: planning.slug }, after, stylistPlace(planning.slug)) };
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
        return { planned: planning.planned, result: (_content, after) => versioned({ slug: planning.slug }, after, postPlace(planning.slug)) };
      });
      answer(res, outcome, 201);
    }),
  );

  router.patch(
    "/staff/studio/posts/:slug",
    managers,
    handle(async (req, res) => {
      const body = patchBody(req, postPatchSchema);
      if (!body.ok) return refuse(res, 400, "Please check the post", body.fields);
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
    handle(async (req, res) => {
      const parsed = offerCreateSchema.safeParse(trimmedBody(req));
      if (!parsed.success) return refuse(res, 400, "Please check the offer", fieldErrors(parsed.error));
      const outcome = await changeContent(services, staffOf(res), (files) => {
        const planning = planOfferCreate(files, parsed.data);
        return "kind" in planning ? planning : { planned: planning.planned, result: (_content, after) => versioned({ slug: planning.slug }, after, offerPlace(planning.slug)) };
      });
      answer(res, outcome, 201, "text");
    }),
  );

  router.patch(
    "/staff/studio/offers/:slug",
    managers,
    handle(async (req, res) => {
      const body = patchBody(req, offerPatchSchema);
      if (!body.ok) return refuse(res, 400, "Please check the offer", body.fields);
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
      if (outcome.kind === "conflict") return refuse(res, 409, outcome.message);
      if (outcome.kind === "invalid") return refuse(res, 409, outcome.message);
      res.json(outcome.entry);
    }),
  );

  return router;
}
