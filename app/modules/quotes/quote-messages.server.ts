import type { Kysely } from "kysely";
import type { Database } from "~/.server/db/schema";
import type { EmailBrand } from "~/.server/email/layout";
import type { RenderedEmail } from "~/.server/email/render.server";
import type { OutboxMessage, OutgoingMessage } from "~/.server/outbox/outbox.server";
import { quoteTextMessage, renderQuoteEmail, type QuoteMessageData } from "~/modules/quotes/quote-email.server";
import { firstVisitOffer, getQuote, type QuoteRecipient, type StoredQuote } from "./quotes.server";

/** The quote's own figures, as the notification templates take them. */
export function quoteMessageData(quote: StoredQuote): QuoteMessageData {
  const offer = firstVisitOffer(quote);
  return {
    firstName: quote.first_name,
    link: quote.link,
    services: quote.services,
    total: quote.total,
    stylist: quote.stylist ? { name: quote.stylist.name } : null,
    level: { name: quote.level.name },
    salonName: quote.stylist?.salon.name ?? quote.salon.name,
    regular: quote.regular,
    hasColour: quote.has_colour,
    offer: offer
      ? { code: offer.code, percent: offer.percent, discountedTotal: offer.discounted_total, expiresAt: offer.expires_at }
      : null,
    minutes: quote.minutes,
    booking: { url: quote.booking.url, phone: quote.booking.phone, salonId: quote.booking.salon.id, salonName: quote.booking.salon.name, stylistId: quote.booking.stylist?.id },
  };
}

export const QUOTE_EMAIL_TEMPLATE = "quote";

/**
 * The email (the quote, the first-visit offer when not regular, the link),
 * rendered by the outbox worker when it sends it (renderQuoteEmailFor), and
 * the text message with the link: a line of words, made here.
 */
export function quoteMessages(brand: EmailBrand, quote: StoredQuote, to: QuoteRecipient): OutgoingMessage[] {
  const related = { type: "quote", id: quote.link };
  return [
    { channel: "email", to: to.email, template: QUOTE_EMAIL_TEMPLATE, renderOnSend: true, related },
    { channel: "sms", to: to.mobile, text: quoteTextMessage(brand, quoteMessageData(quote)), template: "quote-link", related },
  ];
}

/** The quote's email, from the stored quote, as the worker sends it (in the brand as it is then); null when the quote has been erased since. */
export function quoteEmailRenderer(db: Kysely<Database>, brand: () => EmailBrand) {
  return async (message: Pick<OutboxMessage, "related_id">): Promise<RenderedEmail | null> => {
    const quote = message.related_id ? await getQuote(db, message.related_id) : undefined;
    return quote ? renderQuoteEmail(brand(), quoteMessageData(quote)) : null;
  };
}
