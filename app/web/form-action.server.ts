/**
 * The route action of every public form page (each submission kind's
 * pagePath, app/modules/submissions/kinds.ts): the one way these forms change
 * data. The public pages are documents (decision 0052), so a form is a plain
 * post, from its own page or a landing page's section. It answers with
 * Conform's submission result: the thanks, or the error summary and the
 * errors beside their fields with every answer kept.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { createFormToken } from "~/.server/form-token.server";
import { isMultipart } from "~/.server/http/multipart.server";
import { isStorageFull } from "~/.server/db/database.server";
import { CONTROL_CHARACTERS_SUMMARY, controlCharacterFields } from "~/modules/fields/form-fields";
import { readUpload } from "~/modules/submissions/judge-file.server";
import { submissionKinds, type SubmissionKind, type UploadRule } from "~/modules/submissions/kinds";
import type { SubmissionName } from "~/modules/submissions/names";
import { FORM_TOKEN_MESSAGE, FORM_USED_MESSAGE, submit, TOO_FAST_MESSAGE } from "~/modules/submissions/store.server";
import type { SeoInput } from "~/modules/seo/seo.server";
import { clientAddressContext, servicesContext } from "./context";
import { echoableFormData, toConformErrors } from "./form-echo";
import { markPagePrivate } from "./page-cache";
import { pageContext } from "./page-context.server";
import { limitPublicWrite, RATE_LIMITED_MESSAGE } from "./rate-limit.server";

/** What a public form page's loader and action are given (their route's args, in short). */
export interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

const SENT: SubmissionResult<string[]> = { status: "success" };

/** The words when the server itself fails: the answers stay, and there is a phone number. */
export function sendFailedMessage(phone: string) {
  return `Sorry, that didn't send. Please try again, or call us on ${phone}.`;
}

/**
 * A form that carries a file is sent as multipart/form-data (a CV with the
 * join-us form): read through the capped reader, the file judged by its
 * content. A file past its cap stops the reading, and the answer closes the
 * connection so the rest is never read.
 */
async function readForm(request: Request, upload: UploadRule | undefined) {
  if (!upload || !isMultipart(request.headers.get("content-type"))) return { formData: await request.formData() };
  const read = await readUpload(request, upload);
  // The answers read, so none has to be typed again.
  const formData = new FormData();
  for (const [field, value] of read.fields) formData.append(field, value);
  if (read.ok) return { formData, file: read.file };
  return { formData, refused: { status: read.status, fileError: read.fileError ? { [upload.field]: [read.fileError] } : undefined } };
}

/** The words when the disk the site stores on is full (507): nothing was saved, and there is a phone number. */
export function storageFullMessage(phone: string) {
  return `Sorry, we couldn't save that: our storage is full just now. Your answers are still here: please try again later, or call us on ${phone}.`;
}

/** The words when a post cannot be read at all (cut off, or too big with no file to blame). */
const UNREADABLE_MESSAGE = "Sorry, we couldn't read that form. Please send it again.";

export async function formAction(name: SubmissionName, { request, context }: Args) {
  const services = context.get(servicesContext);
  const { upload, schema }: SubmissionKind = submissionKinds[name];
  const { formData, refused, file } = await readForm(request, upload);
  // Conform's reading of the answers: the reply carries them back (the form's own fields, cut short if huge), with any errors beside their fields.
  const submission = parseWithZod(echoableFormData(formData, schema), { schema, disableAutoCoercion: true });
  const client = context.get(clientAddressContext);
  const refuse = (message: string, status = 400, headers?: HeadersInit) => data(submission.reply({ formErrors: [message] }), { status, headers });
  const verdict = await limitPublicWrite(services, `form:${name}`, client);
  if (!verdict.allowed) return refuse(RATE_LIMITED_MESSAGE, 429, { "Retry-After": String(verdict.retryAfter) });

  // A refused file counts against the limit like any post: nobody may send file after file.
  if (refused) {
    // The other answers' errors too, so one round trip shows them all.
    const fieldErrors = { ...(submission.status === "error" ? submission.error : {}), ...refused.fileError };
    const reply = refused.fileError ? submission.reply({ fieldErrors: fieldErrors as Record<string, string[]> }) : submission.reply({ formErrors: [UNREADABLE_MESSAGE] });
    // Past a cap the rest of the post is still on its way: closing the connection is how it stays unread.
    return data(reply, { status: refused.status, headers: refused.status === 413 ? { Connection: "close" } : {} });
  }

  // Every field read against the control-character rule, those no schema names too: a NUL never reaches the database.
  const dirty = controlCharacterFields(formData);
  if (Object.keys(dirty).length > 0) {
    return data(submission.reply({ formErrors: [CONTROL_CHARACTERS_SUMMARY], fieldErrors: toConformErrors(dirty) }), { status: 400 });
  }

  const answers = Object.fromEntries([...formData].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  try {
    const result = await submit(services, name, answers, { requireToken: true, file, client });
    switch (result.kind) {
      case "stored":
      case "ignored":
        // Nothing to send back but the news that it went (a honeypot hit hears the same): the thanks replaces the form.
        return data(SENT);
      case "too-fast":
        return refuse(TOO_FAST_MESSAGE);
      case "no-token":
        return refuse(FORM_TOKEN_MESSAGE);
      case "replayed":
        return refuse(FORM_USED_MESSAGE);
      case "invalid":
        return data(submission.reply({ fieldErrors: toConformErrors(result.fields) }), { status: 400 });
      case "cv-refused": {
        // The other answers' errors too (none, or the application would not have got this far), and the words beside the file.
        const headers: Record<string, string> = result.retryAfter === undefined ? {} : { "Retry-After": String(result.retryAfter) };
        return data(submission.reply({ fieldErrors: { [result.field]: [result.message] } }), { status: result.status, headers });
      }
    }
  } catch (error) {
    if (isStorageFull(error)) {
      services.logger.error({ err: error, form: name }, "a public form could not be stored: the disk is full");
      return refuse(storageFullMessage(services.settings.phone), 507);
    }
    services.logger.error({ err: error, form: name }, "a public form could not be stored");
    return refuse(sendFailedMessage(services.settings.phone), 500);
  }
}

/**
 * A form page's loader data: what its form needs (the signed time it was shown,
 * the retention policy in force, which its privacy note says, and the words the
 * salon set in the studio, its thanks), and what search engines and sharing
 * sites are told.
 */
export function formPageData(context: Args["context"], seo: SeoInput) {
  const services = context.get(servicesContext);
  markPagePrivate(context);
  return {
    token: createFormToken(services.config.sessionSecret),
    retention: { applicants: services.config.applicantRetention },
    words: services.content.copy.text.words ?? {},
    seo: pageContext(context).seo(seo),
  };
}
