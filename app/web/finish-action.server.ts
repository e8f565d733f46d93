/**
 * The finish page's route action (/prices/finish?…): saves the quote the
 * address describes for the visitor who filled in the form, through the same
 * quotes module as POST /api/save-quote-details, with or without JavaScript.
 * The calculator's state comes from the address, as on every calculator page;
 * the server checks it against its own catalogue and prices it itself. On
 * success the visitor lands on /prices/finish/submitted, which learns the
 * quote's link and first name from a short-lived signed cookie, never from
 * the address.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, redirect } from "react-router";
import { checkFormToken, claimFormToken, createFormToken, releaseFormToken } from "~/.server/form-token.server";
import { CONTROL_CHARACTERS_SUMMARY, controlCharacterFields } from "~/modules/fields/form-fields";
import { TOKEN_FIELD } from "~/modules/submissions/names";
import { FORM_TOKEN_MESSAGE, FORM_USED_MESSAGE } from "~/modules/submissions/store.server";
import { loadCalculatorCatalogue } from "~/modules/pricing/calculator-catalogue.server";
import { quoteChoicesOf, resolveState } from "~/modules/pricing/calculator-state";
import { levelNotOfferedMessage } from "~/modules/pricing/pricing";
import { recordMarketingConsent } from "~/modules/marketing/consents.server";
import type { MarketingChoices } from "~/modules/marketing/consent-words";
import { quoteFinishSchema, saveQuoteSchema, type SaveQuoteInput } from "~/modules/quotes/quote-schema";
import { firstName } from "~/utils/text";
import { QuoteRefused } from "~/modules/quotes/quotes.server";
import { sendQuote } from "~/modules/quotes/send-quote.server";
import { requireCalculatorType } from "./calculator-guard";
import { clientAddressContext, servicesContext } from "./context";
import type { Args } from "./form-action.server";
import { echoableFormData, toConformErrors } from "./form-echo";
import { markPagePrivate } from "./page-cache";
import { limitPublicWrite, RATE_LIMITED_MESSAGE } from "./rate-limit.server";
import { rememberSavedQuote } from "./saved-quote-cookie.server";
import type { AppServices } from "./services";

/** The words when the quote could not be saved on our side: the answers stay, and there is a phone number. */
export function quoteFailedMessage(phone: string) {
  return `Sorry, we couldn't save your quote just now. Please try again in a moment, or call us on ${phone}.`;
}

export const UNFINISHED_QUOTE_MESSAGE =
  "Your quote isn't quite finished: choose your services and tell us whether you've been before, then save it.";

/** A quote saved and sent, with the marketing choices beside it (this action's and POST /api/save-quote-details'): a consent that cannot be stored is logged, never a failed save to retry. */
export async function saveQuote(services: AppServices, input: SaveQuoteInput, choices: MarketingChoices, logger = services.logger) {
  const quote = await sendQuote(services, input);
  logger.info({ total: quote.total }, "quote saved");
  services.visits.funnel("quotes_saved");
  const { name, email, mobile } = input;
  await recordMarketingConsent(services.db, { source: "quote", name, email, mobile, choices }).catch((error: unknown) =>
    logger.error({ err: error }, "a marketing consent could not be stored"),
  );
  return quote;
}

/** The finish page's data: the signed token its form sends back. */
export function finishLoader({ context }: Pick<Args, "context">) {
  markPagePrivate(context);
  return { token: createFormToken(context.get(servicesContext).config.sessionSecret) };
}

export async function finishAction({ request, context }: Args) {
  const raw = requireCalculatorType(request);
  const services = context.get(servicesContext);
  const formData = await request.formData();
  // The reply carries the answers back: the form's own fields, each cut short if huge.
  const submission = parseWithZod(echoableFormData(formData, quoteFinishSchema), { schema: quoteFinishSchema, disableAutoCoercion: true });
  const refuse = (message: string, status: number, headers?: HeadersInit) =>
    data<SubmissionResult<string[]>>(submission.reply({ formErrors: [message] }), { status, headers });

  const verdict = await limitPublicWrite(services, "save-quote", context.get(clientAddressContext));
  if (!verdict.allowed) return refuse(RATE_LIMITED_MESSAGE, 429, { "Retry-After": String(verdict.retryAfter) });
  const dirty = controlCharacterFields(formData);
  if (Object.keys(dirty).length > 0) {
    return data(submission.reply({ formErrors: [CONTROL_CHARACTERS_SUMMARY], fieldErrors: toConformErrors(dirty) }), { status: 400 });
  }
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  // The pace is not judged here (the calculator comes first); the token must be ours and from today.
  const token = checkFormToken(formData.get(TOKEN_FIELD), services.config.sessionSecrets, 0);
  if (token !== "ok") return refuse(FORM_TOKEN_MESSAGE, 400);
  // Good for one saved quote: the same post again (a reload, a second tap, a script) saves nothing more.
  const taken = formData.get(TOKEN_FIELD) as string;

  try {
    const state = resolveState(raw, await loadCalculatorCatalogue(services.db));
    const answers = Object.fromEntries(["name", "mobile", "email", "referral"].map((field) => [field, formData.get(field)]));
    // One schema for the API's body and this page's: the visitor's answers and the address's choices.
    const input = saveQuoteSchema.safeParse({ ...answers, ...quoteChoicesOf(state) });
    // A level nobody at the salon works at: the same refusal, and words, as the API's.
    if (state.unavailableLevel && state.salon) return refuse(levelNotOfferedMessage(state.unavailableLevel.name, state.salon.name), 400);
    if (!state.complete || !input.success) return refuse(UNFINISHED_QUOTE_MESSAGE, 400);

    if (!(await claimFormToken(services.db, taken))) return refuse(FORM_USED_MESSAGE, 400);
    const { marketing_email, marketing_sms } = submission.value;
    const quote = await saveQuote(services, input.data, { marketing_email, marketing_sms }).catch(async (error: unknown) => {
      // Not saved: the same post may come again.
      await releaseFormToken(services.db, taken).catch(() => undefined);
      throw error;
    });
    const cookie = await rememberSavedQuote(services.config, { link: quote.link, firstName: firstName(input.data.name) });
    return redirect(`${href("/prices/finish/:status", { status: "submitted" })}${new URL(request.url).search}`, { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    if (error instanceof QuoteRefused) return refuse(error.message, 400);
    services.logger.error({ err: error }, "a quote could not be saved");
    return refuse(quoteFailedMessage(services.settings.phone), 500);
  }
}
