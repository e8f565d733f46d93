import { Column, Row, Section, Text } from "@react-email/components";
import { formatLongDate } from "~/utils/dates";
import { formatPounds } from "~/utils/money";
import { ButtonLink, colours, EmailLayout, text, type EmailBrand } from "~/.server/email/layout";
import { renderEmail, type RenderedEmail } from "~/.server/email/render.server";
import { withArticle } from "~/utils/articles";
import { formatDuration } from "~/modules/pricing/pricing";
import { greetingFor } from "~/modules/site/words";
import { bookNowHref, NEW_CLIENT_CONSULTATION_TEXT, quotePromise, SKIN_TEST_TEXT, SKIN_TEST_TITLE } from "./quote-words";

/** What the quote messages show: the server's own figures for a saved quote. */
export interface QuoteMessageData {
  firstName: string;
  /** The quote's link token; the page is {PUBLIC_URL}/quote/{link}. */
  link: string;
  services: { service: string; price: number }[];
  total: number;
  stylist: { name: string } | null;
  level: { name: string };
  salonName: string;
  regular: boolean;
  /** Colour (men's colour included) is in the quote: the skin-test note goes with it. */
  hasColour: boolean;
  offer: { code: string; percent: number; discountedTotal: number; expiresAt: string } | null;
  /** The visit's chair time in minutes. */
  minutes: number;
  /** Where the quote is booked: its stylist's salon (or the quote's), never another's. */
  booking: { url: string; phone: string; salonId: number; salonName: string; stylistId?: number };
}

/** The email's "Book now": the booking guide for a new client (at the site's address), the salon's booking for a returning one. */
export function emailBookNowHref(brand: Pick<EmailBrand, "publicUrl">, quote: Pick<QuoteMessageData, "regular" | "hasColour" | "booking">): string {
  return `${brand.publicUrl}${bookNowHref({ regular: quote.regular, hasColour: quote.hasColour, salonId: quote.booking.salonId, stylistId: quote.booking.stylistId })}`;
}

export const quoteUrl = (brand: Pick<EmailBrand, "publicUrl">, link: string) => `${brand.publicUrl}/quote/${link}`;

function QuoteEmail({ brand, quote }: { brand: EmailBrand; quote: QuoteMessageData }) {
  const who = quote.stylist ? `with ${quote.stylist.name}` : `with ${withArticle(quote.level.name)}`;
  return (
    <EmailLayout brand={brand} preview={`Your quote: ${formatPounds(quote.total)} ${who}`}>
      <Text style={text}>{greetingFor(brand.words, quote.firstName)}</Text>
      <Text style={text}>
        {brand.words["email.quote.opening"]} Here it is, {who} at {quote.salonName}.
      </Text>
      <Section style={{ backgroundColor: colours.chalk, borderRadius: "8px", padding: "8px 16px", margin: "0 0 16px" }}>
        {quote.services.map((s, i) => (
          <Row key={i}>
            <Column style={{ ...text, margin: "8px 0" }}>{s.service}</Column>
            <Column style={{ ...text, margin: "8px 0", textAlign: "right" }}>{formatPounds(s.price)}</Column>
          </Row>
        ))}
        <Row>
          <Column style={{ ...text, margin: "8px 0", fontWeight: 700 }}>Total</Column>
          <Column style={{ ...text, margin: "8px 0", fontWeight: 700, textAlign: "right" }}>{formatPounds(quote.total)}</Column>
        </Row>
        <Row>
          <Column style={{ ...text, margin: "8px 0" }}>Time in the chair</Column>
          <Column style={{ ...text, margin: "8px 0", textAlign: "right" }}>{formatDuration(quote.minutes)}</Column>
        </Row>
      </Section>
      <Text style={text}>{quotePromise(quote.regular)}</Text>
      {quote.offer ? (
        <Text style={{ ...text, backgroundColor: colours.blush, borderRadius: "8px", padding: "12px 16px" }}>
          Your first-visit price: {formatPounds(quote.offer.discountedTotal)} instead of {formatPounds(quote.total)}, with the code{" "}
          <strong>{quote.offer.code}</strong> when you book by {formatLongDate(quote.offer.expiresAt)}.
        </Text>
      ) : null}
      {quote.hasColour ? (
        <Text style={text}>
          <strong>{SKIN_TEST_TITLE}.</strong> {SKIN_TEST_TEXT}
          {quote.regular ? null : ` ${NEW_CLIENT_CONSULTATION_TEXT}`}
        </Text>
      ) : null}
      <Text style={text}>
        Ready when you are: book with {quote.booking.salonName} online, or call them on {quote.booking.phone}. When you book
        {quote.stylist ? ` with ${quote.stylist.name.split(" ")[0]}` : ""}, choose each of these: {quote.services.map((s) => s.service).join(", ")}.
      </Text>
      <ButtonLink href={emailBookNowHref(brand, quote)} margin="0 0 8px">Book now</ButtonLink>
      <ButtonLink href={quoteUrl(brand, quote.link)} margin="0 0 16px" outline>
        View your quote
      </ButtonLink>
      <Text style={text}>{brand.words["email.quote.signoff"]}<br />The team at {brand.name}</Text>
    </EmailLayout>
  );
}

export function renderQuoteEmail(brand: EmailBrand, quote: QuoteMessageData): Promise<RenderedEmail> {
  return renderEmail(`Your ${brand.name} quote: ${formatPounds(quote.total)}`, <QuoteEmail brand={brand} quote={quote} />);
}

/** The text message with the quote's link and the number to book on (one SMS segment for an ordinary first name). */
export function quoteTextMessage(
  brand: Pick<EmailBrand, "publicUrl">,
  quote: Pick<QuoteMessageData, "firstName" | "link" | "booking">,
): string {
  return `Hi ${quote.firstName}, your quote for ${quote.booking.salonName}: ${quoteUrl(brand, quote.link)} To book, call ${quote.booking.phone}`;
}
