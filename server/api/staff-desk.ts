/**
 * The staff desk's API (api-contract.md, "Staff desk"): thin adapters over the
 * inbox and site-switch modules. Mounted right after the staff router, whose
 * gate covers every /api/staff/… path: never cached, writes only from our own
 * pages (403), a session (401) and the write limit. Here: the manager's calls
 * (403 to reception), and validation.
 */
import { Router, type Request, type Response } from "express";
import type { AppServices } from "~/web/services";
import { inboxJson, isInboxKind } from "~/modules/inbox/inbox-kinds";
import { getInboxRecord, listInbox, setHandled } from "~/modules/inbox/inbox.server";
import { recordListLook } from "~/modules/audit/audit.server";
import { handledSchema } from "~/modules/inbox/inbox-schemas";
import { addNews, editNews, removeNews, type NewsChange } from "~/modules/site-switches/news.server";
import { lastNewsChange, newsHistory } from "~/modules/studio/studio.server";
import { staleWords, versionOf } from "~/modules/studio/versions.server";
import { formatWhen } from "~/utils/dates";
import { fileSwitchesOf, newsCreateSchema, newsUpdateSchema, settingsPatchSchema, UNKNOWN_PICTURE } from "~/modules/site-switches/site-switches";
import { currentSwitches, updateSwitches } from "~/modules/site-switches/site-switches.server";
import { bodyOf, handle, idFrom, param, replyJson } from "./http";
import { checkedBody, checkedSave, forRecord, handleBody, refuse, requireRole, staffOf } from "./staff";

const UNKNOWN_KIND = "There is no such inbox: use models, messages, open-evening or feedback";

export function staffDeskRouter(services: AppServices): Router {
  const router = Router();
  const { db } = services;
  /** The site's settings and news are a manager's (api-contract.md, "Roles"). */
  const managers = requireRole("manager");

  const kindOf = (req: Request) => [param(req, "kind")].find(isInboxKind);

  router.get(
    "/staff/inbox/:kind",
    forRecord(kindOf, UNKNOWN_KIND, async (_req, res, kind) => {
      const records = await listInbox(db, kind);
      await recordListLook(db, staffOf(res), kind, "all");
      res.json(records.map(inboxJson));
    }),
  );

  router.patch(
    "/staff/inbox/:kind/:id",
    forRecord(kindOf, UNKNOWN_KIND, async (req, res, kind) => {
      const id = idFrom(req);
      const missing = () => refuse(res, 404, "Nothing in this inbox has that id");
      if (id === undefined || !(await getInboxRecord(db, kind, id))) return missing();
      const body = checkedBody(res, bodyOf(req), handledSchema, "Say whether it is handled: { \"handled\": true } or false");
      if (!body) return;
      const record = await setHandled(db, staffOf(res), kind, id, body.handled);
      if (!record) return missing();
      res.json(inboxJson(record));
    }),
  );

  // The content files' values in force now (an import may change them).
  const file = () => fileSwitchesOf(services.settings);
  const settingsJson = ({ hideOffers, endDate }: { hideOffers: boolean; endDate: string }) => ({ hideOffers, endDate });

  router.get("/staff/settings", managers, replyJson(async () => settingsJson(await currentSwitches(db, file()))));

  router.patch(
    "/staff/settings",
    managers,
    handleBody(settingsPatchSchema(), "Please check the settings", async (_req, res, patch) => {
      const switches = await updateSwitches(db, staffOf(res), file(), patch);
      res.json(settingsJson(switches));
    }),
  );

  /** A news change's answer, or its refusal. */
  function newsRefusal(res: Response, result: Exclude<NewsChange, { kind: "done" }>) {
    if (result.kind === "not-found") return refuse(res, 404, "No news item has that slug");
    return refuse(res, 400, "Please check the news item", { image: UNKNOWN_PICTURE });
  }

  router.post(
    "/staff/news-items",
    managers,
    handleBody(newsCreateSchema, "Please check the news item", async (_req, res, item) => {
      const result = await addNews(db, staffOf(res), item, newsHistory(services));
      if (result.kind !== "done") return newsRefusal(res, result);
      res.status(201).json({ slug: result.item.slug, version: versionOf(result.item) });
    }),
  );

  router.patch(
    "/staff/news-items/:slug",
    managers,
    handle(async (req, res) => {
      // The version its editor opened (decision record 0069): the item changed since, 409 and nothing saved.
      const body = checkedSave(res, bodyOf(req), newsUpdateSchema, "Please check the news item");
      if (!body) return;
      const { patch, version } = body;
      const slug = param(req, "slug");
      const opened = version === undefined ? undefined : { engine: services.engine, stillAsOpened: (item: object) => versionOf(item) === version };
      const result = await editNews(db, staffOf(res), slug, patch, newsHistory(services), new Date(), opened);
      if (result.kind === "conflict") {
        const error = staleWords(`The news item “${result.item.title}”`, await lastNewsChange(db, slug), formatWhen);
        return void res.status(409).json({ error, yours: { ...patch, version }, theirs: { ...result.item, version: versionOf(result.item) } });
      }
      if (result.kind !== "done") return newsRefusal(res, result);
      res.json({ ...result.item, version: versionOf(result.item) });
    }),
  );

  router.delete(
    "/staff/news-items/:slug",
    managers,
    handle(async (req, res) => {
      const result = await removeNews(db, staffOf(res), param(req, "slug"), newsHistory(services));
      if (result.kind !== "done") return newsRefusal(res, result);
      res.status(204).end();
    }),
  );

  return router;
}
