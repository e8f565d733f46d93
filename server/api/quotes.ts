import { Router } from "express";
import { publicWriteLimits } from "~/.server/rate-limit.server";
import type { AppServices } from "~/.server/services.server";
import { fieldErrors, saveQuoteSchema } from "~/modules/quotes/quote-schema";
import { quoteMessages } from "~/modules/quotes/quote-messages.server";
import { getQuote, QuoteRefused, saveQuote, toQuoteDetails } from "~/modules/quotes/quotes.server";
import { handle, param, sendError } from "./http";

/** Saving a quote and reading it back (api-contract.md, 'Saving a quote'). */
export function quotesRouter(services: AppServices): Router {
  const { db, config, brand, outbox } = services;
  const router = Router();

  router.post(
    "/save-quote-details",
    ...publicWriteLimits(db, "save-quote", config.rateLimits),
    handle(async (req, res) => {
      res.set("Cache-Control", "no-store");
      const parsed = saveQuoteSchema.safeParse(req.body ?? {});
      if (!parsed.success) return sendError(res, 400, "Please check the highlighted details", fieldErrors(parsed.error));
      try {
        const quote = await saveQuote(db, parsed.data, { messages: (q, to) => quoteMessages(brand, q, to) });
        // The email and text are queued with the quote; send them now rather than at the next poll.
        outbox.wake();
        req.log.info({ total: quote.total }, "quote saved");
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
