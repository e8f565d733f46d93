/**
 * Saving a visitor's quote and sending it to them: the one function behind
 * the finish page's action and POST /api/save-quote-details. A straight line:
 * price, build the messages, store the quote and queue them in one
 * transaction, wake the outbox. The email is rendered by the outbox worker
 * when it sends it, from the stored quote (quote-messages.server.ts), not in
 * the visitor's request.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/.server/db/schema";
import type { EmailBrand } from "~/.server/email/layout";
import type { MessageCaps } from "~/.server/outbox/outbox.server";
import { quoteMessages } from "./quote-messages.server";
import type { SaveQuoteInput } from "./quote-schema";
import { priceQuote, storeQuote, type StoredQuote } from "./quotes.server";

export interface SendQuoteDeps {
  db: Kysely<Database>;
  /** Who the text message is from. */
  brand: EmailBrand;
  /** The outbox worker: woken so the messages go now rather than at its next poll. */
  outbox: { wake(): void };
  /** The outbox's caps (the configuration's VISITOR_MESSAGES_PER_HOUR). */
  config: MessageCaps;
}

/** Throws QuoteRefused for a quote the calculator would not make. */
export async function sendQuote({ db, brand, outbox, config }: SendQuoteDeps, input: SaveQuoteInput): Promise<StoredQuote> {
  const priced = await priceQuote(db, input);
  const messages = quoteMessages(brand, priced.quote, priced.to);
  await storeQuote(db, priced, messages, config);
  outbox.wake();
  return priced.quote;
}
