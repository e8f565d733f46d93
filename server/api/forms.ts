import { Router, type Request } from "express";
import type { AppServices } from "~/web/services";
import { isMultipart } from "~/.server/http/multipart.server";
import { currentClient } from "~/.server/request-client.server";
import { CONTROL_CHARACTERS_SUMMARY, controlCharacterFields } from "~/modules/fields/form-fields";
import { readUpload, type SentFile } from "~/modules/submissions/judge-file.server";
import { submissionKinds, type SubmissionKind, type UploadRule } from "~/modules/submissions/kinds";
import { submissionNames } from "~/modules/submissions/names";
import { FORM_USED_MESSAGE, submit, TOO_FAST_MESSAGE } from "~/modules/submissions/store.server";
import { handle, publicWriteLimit, sendError } from "./http";

type Body = { fields: Record<string, unknown>; file?: SentFile } | { status: 400 | 413 | 415; error: string; fields?: Record<string, string> };

/**
 * A form that carries a file (the join-us CV) also comes as multipart/form-data
 * (docs/api-contract.md): read through the capped reader, the file judged by
 * its content. Anything else is the JSON body express.json has read.
 */
async function bodyOf(req: Request, upload: UploadRule | undefined): Promise<Body> {
  if (!upload || !isMultipart(req.headers["content-type"])) {
    if (typeof req.body !== "object" || req.body === null || Array.isArray(req.body)) return { status: 400, error: "Send the form's fields as a JSON object" };
    return { fields: req.body as Record<string, unknown> };
  }
  const read = await readUpload(req, upload);
  // The JSON body's rule (cleanJsonBody), for the fields of a form sent with its file (not those read before a file too big).
  const dirty = read.ok || read.status !== 413 ? controlCharacterFields(read.fields) : {};
  if (Object.keys(dirty).length > 0) return { status: 400, error: CONTROL_CHARACTERS_SUMMARY, fields: dirty };
  if (read.ok) return { fields: Object.fromEntries(read.fields), file: read.file };
  if (read.fileError) return { status: read.status, error: read.fileError, fields: { [upload.field]: read.fileError } };
  return { status: read.status, error: read.status === 413 ? "That is too much data to send at once" : "The request body is not valid multipart/form-data" };
}

/** The public forms as JSON (docs/api-contract.md, 'Public writes'): a thin adapter over the module the pages' actions use. */
export function formsRouter(services: AppServices): Router {
  const router = Router();
  for (const name of submissionNames) {
    const { upload, apiPath }: SubmissionKind = submissionKinds[name];
    router.post(
      apiPath.replace(/^\/api/, ""),
      publicWriteLimit(services, `form:${name}`),
      handle(async (req, res) => {
        const body = await bodyOf(req, upload);
        if ("status" in body) {
          // Past a cap the rest of the upload is still on its way: closing the connection leaves it unread.
          if (body.status === 413) res.set("Connection", "close");
          return sendError(res, body.status, body.error, body.fields);
        }
        // The client key the request's limits count by (server/create-app.ts sets it for the request).
        const result = await submit(services, name, body.fields, { file: body.file, client: currentClient() ?? "unknown" });
        switch (result.kind) {
          case "stored":
            return void res.status(201).json({ id: result.id });
          case "ignored":
            return void res.status(201).json({ id: 0 });
          case "too-fast":
            return sendError(res, 400, TOO_FAST_MESSAGE);
          case "replayed":
            return sendError(res, 400, FORM_USED_MESSAGE);
          case "invalid":
            return sendError(res, 400, "Please check the highlighted answers", result.fields);
          case "cv-refused":
            if (result.retryAfter !== undefined) res.set("Retry-After", String(result.retryAfter));
            return sendError(res, result.status, result.message, { [result.field]: result.message });
        }
      }),
    );
  }
  return router;
}
