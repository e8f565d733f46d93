/**
 * Saving a visitor's quote and sending it to them: the one function behind
 * the finish page's action and POST /api/save-quote-details.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/.server/db/schema";
import type { EmailBrand } from "~/.server/email/layout";
import { quoteMessages } from "./quote-messages.server";
import type { SaveQuoteInput } from "./quote-schema";
import { saveQuote, type StoredQuote } from "./quotes.server";

export interface SendQuoteDeps {
  db: Kysely<Database>;
  /** Who the email is from and what it shows. */
  brand: EmailBrand;
  /** The outbox worker: woken so the messages go now rather than at its next poll. */
  outbox: { wake(): void };
}

/**
 * Prices the quote from the server's own catalogue, stores it and queues its
 * email and text message in the same transaction, then wakes the outbox.
 * Throws QuoteRefused for a quote the calculator would not make.
 */
export async function sendQuote({ db, brand, outbox }: SendQuoteDeps, input: SaveQuoteInput): Promise<StoredQuote> {
  const quote = await saveQuote(db, input, { messages: (q, to) => quoteMessages(brand, q, to) });
  outbox.wake();
  return quote;
}
