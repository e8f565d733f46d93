import type { EmailBrand } from "~/.server/email/layout";
import { quoteTextMessage, renderQuoteEmail, type QuoteMessageData } from "~/modules/quotes/quote-email.server";
import type { OutgoingMessage } from "~/.server/outbox/outbox.server";
import { firstVisitOffer, type QuoteRecipient, type StoredQuote } from "./quotes.server";

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
    booking: { url: quote.booking.url, phone: quote.booking.phone, salonId: quote.booking.salon.id, salonName: quote.booking.salon.name },
  };
}

/** The email (the quote, the first-visit offer when not regular, the link) and the text message with the link. */
export async function quoteMessages(brand: EmailBrand, quote: StoredQuote, to: QuoteRecipient): Promise<OutgoingMessage[]> {
  const data = quoteMessageData(quote);
  const email = await renderQuoteEmail(brand, data);
  const related = { type: "quote", id: quote.link };
  return [
    { channel: "email", to: to.email, subject: email.subject, text: email.text, html: email.html, template: "quote", related },
    { channel: "sms", to: to.mobile, text: quoteTextMessage(brand, data), template: "quote-link", related },
  ];
}
