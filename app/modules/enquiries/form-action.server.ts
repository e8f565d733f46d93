/**
 * The page-side twin of the JSON API: a form posted without JavaScript lands in
 * its route's action, goes through the same checks and module, and the page
 * renders the outcome (thanks, or the errors with the answers kept).
 */
import { data, type RouterContextProvider } from "react-router";
import { createFormToken } from "~/.server/form-token.server";
import { hit } from "~/.server/rate-limit.server";
import { clientAddressContext, servicesContext } from "~/context";
import { pageContext } from "~/modules/content/page-context.server";
import type { SeoInput } from "~/modules/content/seo.server";
import type { FormActionResult, PublicFormName } from "./schemas";
import { submitPublicForm, TOO_FAST_MESSAGE } from "./submit.server";

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

export async function formAction(name: PublicFormName, { request, context }: Args) {
  const services = context.get(servicesContext);
  const client = context.get(clientAddressContext);
  const { perMinute, perHour } = services.config.rateLimits;
  for (const [window, windowMs, max] of [["minute", 60_000, perMinute], ["hour", 3_600_000, perHour]] as const) {
    const result = await hit(services.db, { name: `form:${name}:${window}`, windowMs, max }, client);
    if (!result.allowed) {
      return data<FormActionResult>(
        { error: "You've sent a lot of forms in a short time. Please wait a few minutes and try again." },
        { status: 429, headers: { "Retry-After": String(result.retryAfter) } },
      );
    }
  }
  const form = await request.formData();
  const values = Object.fromEntries([...form.entries()].filter((e): e is [string, string] => typeof e[1] === "string"));
  const result = await submitPublicForm(services, name, values);
  switch (result.kind) {
    case "stored":
    case "ignored":
      return data<FormActionResult>({ ok: true });
    case "too-fast":
      return data<FormActionResult>({ error: TOO_FAST_MESSAGE, values }, { status: 400 });
    case "invalid":
      return data<FormActionResult>({ error: "Please check the highlighted answers", fields: result.fields, values }, { status: 400 });
  }
}

/** What a form needs from its page's loader: the signed time it was shown, and the phone number for failures. */
export function formLoaderData(context: Args["context"]) {
  const services = context.get(servicesContext);
  return { token: createFormToken(services.config.sessionSecret), phone: services.settings.phone };
}

/** A form page's loader data: the form's, plus what search engines and sharing sites are told. */
export function formPageData(context: Args["context"], seo: SeoInput) {
  return { ...formLoaderData(context), seo: pageContext(context).seo(seo) };
}
