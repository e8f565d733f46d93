import { Router } from "express";
import type { AppServices } from "~/web/services";
import { submissionKinds } from "~/modules/submissions/kinds";
import { submissionNames } from "~/modules/submissions/names";
import { submit, TOO_FAST_MESSAGE } from "~/modules/submissions/store.server";
import { handle, publicWriteLimit, sendError } from "./http";

/** The public forms as JSON (docs/api-contract.md, 'Public writes'): a thin adapter over the module the pages' actions use. */
export function formsRouter(services: AppServices): Router {
  const router = Router();
  for (const name of submissionNames) {
    router.post(
      submissionKinds[name].apiPath.replace(/^\/api/, ""),
      publicWriteLimit(services, `form:${name}`),
      handle(async (req, res) => {
        if (typeof req.body !== "object" || req.body === null || Array.isArray(req.body)) {
          return sendError(res, 400, "Send the form's fields as a JSON object");
        }
        const result = await submit(services, name, req.body);
        switch (result.kind) {
          case "stored":
            return void res.status(201).json({ id: result.id });
          case "ignored":
            return void res.status(201).json({ id: 0 });
          case "too-fast":
            return sendError(res, 400, TOO_FAST_MESSAGE);
          case "invalid":
            return sendError(res, 400, "Please check the highlighted answers", result.fields);
        }
      }),
    );
  }
  return router;
}
