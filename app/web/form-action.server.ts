/**
 * The route action of every public form page (each submission kind's
 * pagePath, app/modules/submissions/kinds.ts): the one way these forms change data, whether the
 * browser posts with JavaScript (a fetcher, from the page or from the landing
 * page's sections) or without it (a plain form post). It answers with Conform's
 * submission result, so the same outcome renders either way: the thanks, or
 * the errors beside their fields with every answer kept.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { createFormToken } from "~/.server/form-token.server";
import { submissionKinds } from "~/modules/submissions/kinds";
import type { SubmissionName } from "~/modules/submissions/names";
import { FORM_TOKEN_MESSAGE, submit, TOO_FAST_MESSAGE } from "~/modules/submissions/store.server";
import type { SeoInput } from "~/modules/seo/seo.server";
import { clientAddressContext, servicesContext } from "./context";
import { echoableFormData, fieldsOf } from "./form-echo";
import { markPagePrivate } from "./page-cache";
import { pageContext } from "./page-context.server";
import { limitPublicWrite, RATE_LIMITED_MESSAGE } from "./rate-limit.server";

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

const SENT: SubmissionResult<string[]> = { status: "success" };

/** The words when the server itself fails: the answers stay, and there is a phone number. */
export function sendFailedMessage(phone: string) {
  return `Sorry, that didn't send. Please try again, or call us on ${phone}.`;
}

export async function formAction(name: SubmissionName, { request, context }: Args) {
  const services = context.get(servicesContext);
  const formData = await request.formData();
  // Conform's reading of the answers: the reply carries them back (the form's own fields, cut short if huge), with any errors beside their fields.
  const schema = submissionKinds[name].schema;
  const submission = parseWithZod(echoableFormData(formData, fieldsOf(schema)), { schema, disableAutoCoercion: true });

  const verdict = await limitPublicWrite(services, `form:${name}`, context.get(clientAddressContext));
  if (!verdict.allowed) {
    return data(submission.reply({ formErrors: [RATE_LIMITED_MESSAGE] }), {
      status: 429,
      headers: { "Retry-After": String(verdict.retryAfter) },
    });
  }

  const answers = Object.fromEntries([...formData].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  try {
    const result = await submit(services, name, answers, { requireToken: true });
    switch (result.kind) {
      case "stored":
      case "ignored":
        // Nothing to send back but the news that it went (a honeypot hit hears the same): the thanks replaces the form.
        return data(SENT);
      case "too-fast":
        return data(submission.reply({ formErrors: [TOO_FAST_MESSAGE] }), { status: 400 });
      case "no-token":
        return data(submission.reply({ formErrors: [FORM_TOKEN_MESSAGE] }), { status: 400 });
      case "invalid":
        return data(submission.reply({ fieldErrors: toConformErrors(result.fields) }), { status: 400 });
    }
  } catch (error) {
    services.logger.error({ err: error, form: name }, "a public form could not be stored");
    return data(submission.reply({ formErrors: [sendFailedMessage(services.settings.phone)] }), { status: 500 });
  }
}

/** The module's field → message as Conform's field → messages. */
function toConformErrors(fields: Record<string, string>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, [message]]));
}

/**
 * What a form needs from its page's loader: the signed time it was shown, the
 * phone number for failures, the retention policy in force (its privacy note says it),
 * and the words the salon set in the studio (its thanks).
 */
export function formLoaderData(context: Args["context"]) {
  const services = context.get(servicesContext);
  markPagePrivate(context);
  return {
    token: createFormToken(services.config.sessionSecret),
    phone: services.settings.phone,
    retention: { applicants: services.config.applicantRetention },
    words: services.content.copy.text.words ?? {},
  };
}

/** A form page's loader data: the form's, plus what search engines and sharing sites are told. */
export function formPageData(context: Args["context"], seo: SeoInput) {
  return { ...formLoaderData(context), seo: pageContext(context).seo(seo) };
}
