import { Router } from "express";
import { publicWriteLimits } from "~/.server/rate-limit.server";
import type { AppServices } from "~/.server/services.server";
import { publicForms, submitPublicForm, TOO_FAST_MESSAGE, type PublicFormName } from "~/modules/enquiries/submit.server";
import { handle, sendError } from "./http";

/** The contract's paths for each public form. */
const paths: Record<PublicFormName, string> = {
  joinus: "/joinus",
  models: "/models",
  contact: "/sendMessage",
  "open-evening": "/open-evening",
  feedback: "/feedback",
};

export function formsRouter(services: AppServices): Router {
  const router = Router();
  for (const name of Object.keys(publicForms) as PublicFormName[]) {
    router.post(
      paths[name],
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
