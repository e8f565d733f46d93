import { Router } from "express";
import { publicWriteLimits } from "~/.server/rate-limit.server";
import type { AppServices } from "~/.server/services.server";
import { formApiPaths, type PublicFormName } from "~/modules/enquiries/schemas";
import { submitPublicForm, TOO_FAST_MESSAGE } from "~/modules/enquiries/submit.server";
import { handle, sendError } from "./http";

export function formsRouter(services: AppServices): Router {
  const router = Router();
  for (const name of Object.keys(formApiPaths) as PublicFormName[]) {
    router.post(
      formApiPaths[name].replace(/^\/api/, ""),
      ...publicWriteLimits(services.db, `form:${name}`, services.config.rateLimits),
      handle(async (req, res) => {
        if (typeof req.body !== "object" || req.body === null || Array.isArray(req.body)) {
          return sendError(res, 400, "Send the form's fields as a JSON object");
        }
        const result = await submitPublicForm(services, name, req.body);
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
