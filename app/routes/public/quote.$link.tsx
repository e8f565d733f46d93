import { data, href, isRouteErrorResponse, Link } from "react-router";
import { ChairTime, Notice, QuoteLines, SkinTestNote, StylistSummary } from "~/components/calculator/parts";
import { servicesContext } from "~/web/context";
import { pageContext } from "~/web/page-context.server";
import { getQuote, toQuoteDetails } from "~/modules/quotes/quotes.server";
import { bookDirectHref, bookNowHref, quotePromise } from "~/modules/quotes/quote-words";
import { formatLongDate } from "~/utils/dates";
import { phoneHref } from "~/modules/site/public-settings";
import { formatPounds } from "~/utils/money";
import { withArticle } from "~/utils/articles";
import type { RouteFacts } from "~/web/route-facts";
import type { Route } from "./+types/quote.$link";
import { BookNow, ButtonLink, HeadedSection } from "~/components/page";

/**
 * No framework JavaScript; rendered once per quote and kept in the server's
 * memory only (a quote never changes once saved; route facts, html-cache.server.ts).
 */
export const handle: RouteFacts = { cacheable: "private" };

export function meta() {
  // A quote belongs to its visitor: keep it out of search engines.
  return [{ title: "Your quote | Base Hair Academy" }, { name: "robots", content: "noindex" }];
}

/** The same module function as GET /api/get-quote-details/{link}: no email or mobile ever leaves it. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, visits } = context.get(servicesContext);
  const quote = await getQuote(db, params.link);
  if (!quote) throw data("No quote has that link", { status: 404 });
  const details = toQuoteDetails(quote);
  const view = visits.quoteViewKey(params.link);
  const { offers, copy } = pageContext(context);
  return {
    details,
    stylistSalon: quote.stylist?.salon.name,
    hasColour: quote.has_colour,
    createdOn: formatLongDate(quote.created_at),
    offerEnds: details.offer ? formatLongDate(details.offer.expires_at) : undefined,
    // The salon of the stylist (or of the quote by level): its booking, its phone.
    booking: quote.booking,
    // The page's Book links carry its view key: a click counts once per view of this page (decision 0051).
    bookNow: bookNowHref({ regular: quote.regular, hasColour: quote.has_colour, salonId: quote.booking.salon.id, stylistId: quote.booking.stylist?.id }, view),
    bookDirect: bookDirectHref({ salonId: quote.booking.salon.id, stylistId: quote.booking.stylist?.id }, view),
    // How this discount and the site's offers go together (content/offers.yaml), while any offer is showing.
    withOffers: details.offer && !offers.hidden ? copy.offers.withQuote.quotePage : undefined,
  };
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export default function Quote({ loaderData }: Route.ComponentProps) {
  const { details, stylistSalon, hasColour, createdOn, offerEnds, booking, bookNow, bookDirect, withOffers } = loaderData;
  const { quote, offer } = details;
  return (
    <div className="mx-auto max-w-3xl px-4 pt-10 pb-20 sm:pt-14">
      <p className="text-sm font-semibold tracking-[0.2em] text-brass-dark uppercase">Your quote</p>
      <h1 className="mt-2 text-3xl sm:text-5xl">Hi {details.name}, here's your quote</h1>
      <p className="mt-3 text-lg">Made on {createdOn}.</p>

      <div className="mt-8 rounded-2xl bg-white p-5 ring-1 ring-ink/10 sm:p-8">
        {quote.stylist ? (
          <StylistSummary
            image={quote.stylist.image}
            name={quote.stylist.name}
            levelName={quote.level.name}
            salonName={stylistSalon ?? details.salon.name}
          />
        ) : (
          <div>
            <p className="text-sm">Stylist level</p>
            <p className="font-display text-2xl font-semibold">{quote.level.name}</p>
            <p className="text-sm">{details.salon.name}</p>
          </div>
        )}
        <div className="mt-6">
          <QuoteLines items={quote.services} total={quote.total} />
        </div>
        <ChairTime minutes={quote.minutes} testId="quote-time" />
      </div>

      {offer ? (
        <HeadedSection id="offer-heading" title={<>Your first-visit offer: {offer.percent}% off</>} className="mt-8 rounded-2xl bg-ink p-6 text-chalk sm:p-8">
          <p className="mt-3 text-lg">
            Book by <strong>{offerEnds}</strong> and pay <strong data-testid="offer-total">{formatPounds(offer.discounted_total)}</strong>{" "}
            instead of {formatPounds(quote.total)}. Quote the code <strong className="tracking-wider">{offer.code}</strong> when you
            book.
          </p>
          <p className="mt-2 text-sm">New clients only. Not with any other offer.</p>
          {withOffers ? (
            <p className="mt-2 text-sm">
              {withOffers}{" "}
              <Link to={href("/offers")} className="underline">
                See the offers
              </Link>
            </p>
          ) : null}
        </HeadedSection>
      ) : null}

      {hasColour ? <SkinTestNote regular={quote.regular} className="mt-8" /> : null}

      <section aria-labelledby="book-heading" className="mt-8 rounded-2xl bg-white p-5 ring-1 ring-ink/10 sm:p-8" data-testid="quote-booking">
        <h2 id="book-heading" className="text-2xl">
          Book with {booking.salon.name}
        </h2>
        <div className="mt-4 grid gap-6 sm:grid-cols-2">
          {/* Beside the button: no booking platform takes several services in its link, so the visitor picks each one. */}
          <div data-testid="quote-choose">
            <p>
              {booking.stylist
                ? `Book now opens ${booking.stylist.first_name}'s own booking page. Choose each of these there:`
                : "When you book, choose:"}
            </p>
            <ul className="mt-2 list-disc pl-6">
              {quote.services.map((s, i) => (
                <li key={i}>{s.service}</li>
              ))}
            </ul>
            {/* The stylist by first name: the full name is in the summary above. */}
            {booking.stylist ? null : (
              <p className="mt-2">{quote.stylist ? `with ${quote.stylist.name.split(" ")[0]}` : `with ${withArticle(quote.level.name)}`}</p>
            )}
          </div>
          <div className="flex flex-col items-start gap-3">
            {quote.regular ? (
              <BookNow href={bookNow} />
            ) : (
              <>
                <ButtonLink to={bookNow}>Book now</ButtonLink>
                <p className="text-sm">
                  New to us? We'll ask two quick questions first.{" "}
                  <a href={bookDirect} rel="noopener" className="font-semibold text-brass-dark underline">
                    Been before? Book straight in
                  </a>
                </p>
              </>
            )}
            <p>
              Or call {booking.salon.name} on{" "}
              <a href={phoneHref(booking.phone)} className="font-semibold text-brass-dark underline" data-testid="booking-phone">
                {booking.phone}
              </a>
              .
            </p>
          </div>
        </div>
      </section>
      <div className="mt-8 flex flex-wrap gap-3">
        <ButtonLink to={href("/prices")} outline>Start a new quote</ButtonLink>
      </div>
      <p className="mt-6">
        <span data-testid="quote-promise">{quotePromise(quote.regular)}</span>
      </p>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center">
      <h1 className="text-4xl">{notFound ? "We couldn't find that quote" : "Sorry, something went wrong"}</h1>
      <Notice className="mt-4">
        <p>
          {notFound
            ? "Please check the link in your email or text message. If it still doesn't work, you can make a new quote in a minute."
            : "Please try again in a moment."}
        </p>
      </Notice>
      <p className="mt-8">
        <ButtonLink to={href("/prices")}>Get a new quote</ButtonLink>
      </p>
    </section>
  );
}
