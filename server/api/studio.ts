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
import { changeContent, listHistory, undoEntry, type ChangeOutcome, type Planned, type Refusal } from "~/modules/studio/studio.server";
import type { z } from "zod";
import { bodyOf, handle, idFrom, param } from "./http";
import { checkedBody, checkedSave, refuse, requireRole, staffOf } from "./staff";

/** The body as an object, each text trimmed (the contract: inputs are trimmed before validation). */
function trimmedBody(req: Request): Record<string, unknown> {
  return Object.fromEntries(Object.entries(bodyOf(req)).map(([k, v]) => [k, typeof v === "string" ? v.trim() : v]));
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
  if (outcome.kind === "conflict") return void res.status(409).json({ error: outcome.message, yours: yours ?? {}, theirs: { ...(outcome.theirs as object), version: outcome.version } });
  res.status(status).json(outcome.result);
}

type FilesNow = ReadonlyMap<string, string>;

export function studioRouter(services: AppServices): Router {
  const router = Router();
  const managers = requireRole("manager");
  /** One of the studio's calls: `fn` answers `method` on `route`, behind the managers' gate. */
  const on = (method: "get" | "post" | "put" | "patch" | "delete", route: string, fn: (req: Request, res: Response) => Promise<void>) => router[method](route, managers, handle(fn));

  /**
   * A POST that adds a record: its body checked, then planned; 201 with what names the new record (`{ id }` or
   * `{ slug }`, as the plan gives it) and its version. `invalidField` carries a refusal without fields of its own.
   */
  function create<Input, Made extends object>(route: string, schema: z.ZodType<Input>, error: string, plan: (files: FilesNow, input: Input) => ({ planned: Planned } & Made) | Refusal, place: (made: Made) => RecordPlace, invalidField?: string) {
    on("post", route, async (req, res) => {
      const input = checkedBody(res, trimmedBody(req), schema, error);
      if (input === undefined) return;
      const outcome = await changeContent(services, staffOf(res), (files) => {
        const planning = plan(files, input);
        if ("kind" in planning) return planning;
        const { planned, ...made } = planning;
        return { planned, result: (_content, after) => versioned(made, after, place(made as Made)) };
      });
      answer(res, outcome, 201, invalidField);
    });
  }

  /**
   * A PATCH of the record `key` names (undefined: 404, `missing`): its body checked, with the version its editor
   * opened; refused as stale with theirs (`json`), or planned and answered with the record as saved (`shown`, when
   * the plan's `after` is not as the API shows it) and its new version.
   */
  function patch<K, Row, Patch, After extends object>(
    route: string,
    schema: z.ZodType<Patch>,
    error: string,
    record: {
      key: (req: Request) => K | undefined;
      missing?: string;
      place: (key: K) => RecordPlace;
      find: (files: FilesNow, key: K) => Row | undefined;
      what: (row: Row | undefined) => string;
      json: (row: Row) => object;
      plan: (files: FilesNow, key: K, patch: Patch) => { planned: Planned; after: After } | Refusal;
      shown?: (after: After) => object;
      invalidField?: string;
    },
  ) {
    on("patch", route, async (req, res) => {
      const key = record.key(req);
      if (key === undefined) return refuse(res, 404, record.missing ?? "");
      const body = checkedSave(res, trimmedBody(req), schema, error);
      if (!body) return;
      const place = record.place(key);
      const outcome = await changeContent(services, staffOf(res), (files) => {
        const current = record.find(files, key);
        const stale = staleSave(files, place, body.version, record.what(current), () => record.json(current!));
        if (stale) return stale;
        const planning = record.plan(files, key, body.patch);
        return "kind" in planning ? planning : { planned: planning.planned, result: (_content, after) => versioned(record.shown?.(planning.after) ?? planning.after, after, place) };
      });
      answer(res, outcome, 200, record.invalidField, { ...body.patch, version: body.version });
    });
  }

  /** A DELETE: 204 once the record is gone (or was already), else the refusal. */
  function remove(route: string, plan: (files: FilesNow, req: Request) => { planned: Planned } | Refusal) {
    on("delete", route, async (req, res) => {
      const outcome = await changeContent(services, staffOf(res), (files) => plan(files, req));
      if (outcome.kind === "done" || outcome.kind === "unchanged") return void res.status(204).end();
      answer(res, outcome);
    });
  }

  const slugOf = (req: Request) => param(req, "slug");

  patch("/staff/studio/services/:id", servicePatchSchema, "Please check the service", {
    key: idFrom,
    missing: "The price list has no service with that id",
    place: servicePlace,
    find: (files, id) => serviceRows(files).find((s) => s.id === id),
    what: (current) => current?.service ?? "The service",
    json: serviceJson,
    plan: planServicePatch,
  });
  create("/staff/studio/services", serviceCreateSchema, "Please check the new service", planServiceCreate, ({ id }) => servicePlace(id));
  patch("/staff/studio/stylists/:slug", stylistPatchSchema, "Please check the stylist", {
    key: slugOf,
    place: stylistPlace,
    find: (files, slug) => stylistRows(files).find((s) => s.slug === slug),
    what: (current) => (current ? `${current.first_name} ${current.last_name}` : "The stylist"),
    json: stylistJson,
    plan: planStylistPatch,
  });
  create("/staff/studio/stylists", stylistCreateSchema, "Please check the new stylist", planStylistCreate, ({ slug }) => stylistPlace(slug));
  create("/staff/studio/posts", postCreateSchema, "Please check the post", (files, input) => planPostCreate(files, input, salonToday()), ({ slug }) => postPlace(slug));
  patch("/staff/studio/posts/:slug", postPatchSchema, "Please check the post", {
    key: slugOf,
    place: postPlace,
    find: (files, slug) => postFiles(files).find((p) => p.slug === slug),
    what: (current) => (current ? `The post “${current.title}”` : "The post"),
    json: postJson,
    plan: planPostPatch,
    shown: postJson,
  });
  remove("/staff/studio/posts/:slug", (files, req) => planPostRemove(files, slugOf(req)));
  create("/staff/studio/offers", offerCreateSchema, "Please check the offer", planOfferCreate, ({ slug }) => offerPlace(slug), "text");
  patch("/staff/studio/offers/:slug", offerPatchSchema, "Please check the offer", {
    key: slugOf,
    place: offerPlace,
    find: (files, slug) => offerRows(files).find((o) => o.slug === slug),
    what: (current) => (current ? `The offer “${current.title}”` : "The offer"),
    json: offerJson,
    plan: planOfferPatch,
    invalidField: "text",
  });
  remove("/staff/studio/offers/:slug", (files, req) => planOfferRemove(files, slugOf(req)));

  on("put", "/staff/studio/rating", async (req, res) => {
    const input = checkedBody(res, trimmedBody(req), ratingInputSchema(salonToday()), "Please check the rating");
    if (!input) return;
    const outcome = await changeContent(services, staffOf(res), (files) => ({ planned: planRatingPut(files, input).planned, result: (content) => content.settings.rating }));
    answer(res, outcome);
  });

  remove("/staff/studio/rating", (files) => planRatingRemove(files));

  on("get", "/staff/studio/export", async (_req, res) => {
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
  });

  on("get", "/staff/history", async (_req, res) => {
    const entries = await listHistory(services.db);
    res.json(entries.map(({ id, at, staff, what, summary }) => ({ id, at, staff, what, summary })));
  });

  on("post", "/staff/history/:id/undo", async (req, res) => {
    const id = idFrom(req);
    const missing = () => refuse(res, 404, "The history has no entry with that id");
    if (id === undefined) return missing();
    const outcome = await undoEntry(services, staffOf(res), id);
    if (outcome.kind === "not-found") return missing();
    if (outcome.kind === "conflict" || outcome.kind === "invalid") return refuse(res, 409, outcome.message);
    res.json(outcome.entry);
  });

  return router;
}
