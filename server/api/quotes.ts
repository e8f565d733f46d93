import { Router } from "express";
import type { AppServices } from "~/web/services";
import { fieldErrors } from "~/modules/fields/form-fields";
import { marketingConsentSchema } from "~/modules/marketing/consent-words";
import { saveQuoteSchema } from "~/modules/quotes/quote-schema";
import { getQuote, QuoteRefused, toQuoteDetails } from "~/modules/quotes/quotes.server";
import { saveQuote } from "~/web/finish-action.server";
import { handle, param, publicWriteLimit, sendError } from "./http";

/**
 * Saving a quote and reading it back (docs/api-contract.md, 'Saving a quote'):
 * a thin adapter over the quotes module, saved as the finish page's action saves it.
 */
export function quotesRouter(services: AppServices): Router {
  const { db } = services;
  const router = Router();

  router.post(
    "/save-quote-details",
    publicWriteLimit(services, "save-quote"),
    handle(async (req, res) => {
      res.set("Cache-Control", "no-store");
      const parsed = saveQuoteSchema.safeParse(req.body ?? {});
      const choices = marketingConsentSchema.safeParse(req.body ?? {});
      if (!parsed.success || !choices.success) {
        const fields = { ...(parsed.success ? {} : fieldErrors(parsed.error, "body")), ...(choices.success ? {} : fieldErrors(choices.error)) };
        return sendError(res, 400, "Please check the highlighted details", fields);
      }
      try {
        const quote = await saveQuote(services, parsed.data, choices.data, req.log);
        res.status(201).json({ link: quote.link });
      } catch (error) {
        if (error instanceof QuoteRefused) {
          return sendError(res, 400, error.message, error.field ? { [error.field]: error.message } : undefined);
        }
        throw error;
      }
    }),
  );

  router.get(
    "/get-quote-details/:link",
    handle(async (req, res) => {
      // A quote is for its owner: not for shared caches or search engines.
      res.set("Cache-Control", "private, no-store");
      res.set("X-Robots-Tag", "noindex");
      const quote = await getQuote(db, param(req, "link"));
      if (!quote) return sendError(res, 404, "We couldn't find a quote with that link");
      res.json(toQuoteDetails(quote));
    }),
  );
  return router;
}
