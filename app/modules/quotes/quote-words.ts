/**
 * What a quote promises and what the visitor is told about it, written once
 * and used by the calculator's pages, the finish page, the quote page and the
 * quote email. Pure and client-safe.
 */
import { FIRST_VISIT_OFFER } from "~/modules/pricing/pricing";

/** The skin-test note's heading: shown wherever the quote has colour (men's colour included). */
export const SKIN_TEST_TITLE = "Before any colour: a quick skin test";

/**
 * The skin-test rule (spec section 9): a test at least 48 hours before colour
 * for a new client, or for anyone whose last visit was more than 6 months ago.
 * One sentence that is right whichever the visitor is.
 */
export const SKIN_TEST_TEXT =
  "If you're new to us, or your last visit was more than 6 months ago, you'll need a quick skin test at least 48 hours before your colour. It only takes a few minutes: book it when you book your colour, or call us and we'll fit you in.";

/** For new clients only: the colour starts with a consultation (spec: 'Bookings'). */
export const NEW_CLIENT_CONSULTATION_TEXT =
  "As a new client, please book a consultation first rather than the colour itself: we'll do your skin test, talk through what you'd like and book your colour from there.";

/**
 * What the quote promises, in one line: an estimate, and the first-visit offer
 * for new clients only (spec section 9).
 */
export function quotePromise(regular: boolean): string {
  const estimate = "Your quote is an estimate: your stylist confirms the final price at your appointment.";
  if (regular) return estimate;
  // The code and the date are given where the quote is (its page, its email), beside the discounted price.
  const { percent, validDays } = FIRST_VISIT_OFFER;
  return `${estimate} As a new client you also have ${percent}% off your first visit, if you book within ${validDays} days of saving your quote.`;
}

/** How one of the quote's messages stands in the outbox, as the confirmation tells it. */
export type DeliveryState =
  /** Queued or sent: it is on its way. */
  | { sent: true }
  /** Held back by the message limits (docs/decisions/0018 item 7), or not queued at all. */
  | { sent: false; reason: "recipient" | "busy" | "failed" | "missing" };

export interface QuoteDeliveries {
  email: DeliveryState;
  sms: DeliveryState;
}

const why: Record<Exclude<DeliveryState, { sent: true }>["reason"], (what: "email" | "sms") => string> = {
  recipient: (what) =>
    what === "sms"
      ? "we've already sent several texts to that number today, and we limit them so nobody gets flooded"
      : "we've already sent several emails to that address today, and we limit them so nobody gets flooded",
  busy: () => "we're sending a lot of messages just now, and we hold some back to keep things safe",
  failed: () => "it couldn't be sent",
  missing: () => "it couldn't be sent",
};

/** The confirmation's words: exactly what was sent about this quote, and why anything wasn't. */
export function deliveryWords({ email, sms }: QuoteDeliveries): { title: string; lines: string[] } {
  const onItsWay = (line: string) => ({ title: "Your quote is on its way", lines: [line] });
  if (email.sent && sms.sent) return onItsWay("We've emailed you the full quote and sent a text with a link to it, so you'll have it to hand when you book.");
  if (email.sent && !sms.sent) return onItsWay(`We've emailed you the full quote. We haven't sent a text this time, because ${why[sms.reason]("sms")}: the link to your quote is in the email.`);
  if (!email.sent && sms.sent) return onItsWay(`We've sent you a text with a link to your quote. We haven't emailed it this time, because ${why[email.reason]("email")}.`);
  const reason =
    !email.sent && !sms.sent && email.reason === sms.reason
      ? why[email.reason]("email").replace("emails to that address", "messages to those details")
      : "we couldn't send them just now";
  return {
    title: "Your quote is saved",
    lines: [`We haven't sent it by email or text this time, because ${reason}. Keep the link below to see your quote, or call us and we'll help.`],
  };
}

/**
 * Where a quote's "Book now" goes. A new client goes through the booking guide
 * (/bookings), its first two answers given and its links the quote's salon's:
 * a colour starts with a consultation and a skin test 48 hours before. A
 * returning client goes straight to the salon's booking, through the site
 * (bookDirectHref) so the owner's figures count it. `view`: the quote page's
 * view key, on the page's own links only (decision 0051). A quote with a
 * stylist who has a booking link of their own carries their id (`stylist=`):
 * it is booked there (decision 0065).
 */
export function bookNowHref(quote: { regular: boolean; hasColour: boolean; salonId: number; stylistId?: number }, view?: string): string {
  if (quote.regular) return bookDirectHref(quote, view);
  return `/bookings?client=new&service=${quote.hasColour ? "colour" : "cut-style"}&salon=${quote.salonId}${stylistParam(quote.stylistId)}`;
}

const stylistParam = (stylistId: number | undefined) => (stylistId === undefined ? "" : `&stylist=${stylistId}`);

/**
 * Straight to a salon's (or the quote's stylist's) booking from a quote:
 * /go/book (routes/public/go.book.ts) sends the visitor on, and counts the click once
 * per view of the quote's page when the link carries that page's view key
 * (`view`). The email's link carries none: it is no view of a page, and is not counted.
 */
export const bookDirectHref = (quote: { salonId: number; stylistId?: number }, view?: string) =>
  `/go/book?from=quote&salon=${quote.salonId}${stylistParam(quote.stylistId)}${view ? `&view=${view}` : ""}`;
