import { href, redirect } from "react-router";
import { CalculatorPage, CallUs } from "~/components/calculator/parts";
import { usePricesData } from "~/components/calculator/use-calculator";
import { requireCalculatorType } from "~/web/calculator-guard";
import { servicesContext } from "~/web/context";
import { readSavedQuote } from "~/web/saved-quote-cookie.server";
import { getQuote, quoteDeliveries } from "~/modules/quotes/quotes.server";
import { deliveryWords, quotePromise } from "~/modules/quotes/quote-words";
import type { Route } from "./+types/prices.finish.$status";
import { ButtonLink } from "~/components/page";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.submitted ? loaderData.title : "No quote saved yet"} | Base Hair Academy` }];
}

/**
 * /prices/finish/{status}: only 'submitted' exists; anything else goes back to
 * the form. The quote just saved (its link, the visitor's first name) comes
 * from the cookie the finish page's action set, never from the address; what
 * was sent about it comes from what the outbox stored for it (a text held back
 * by the message limits is said to be held back, not sent).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  // Without a calculator type in the address, back to /prices (it throws the redirect).
  requireCalculatorType(request);
  if (params.status !== "submitted") throw redirect(`${href("/prices/finish")}${new URL(request.url).search}`);
  const { config, db } = context.get(servicesContext);
  const submitted = await readSavedQuote(config, request);
  const quote = submitted ? await getQuote(db, submitted.link) : undefined;
  if (!submitted || !quote) {
    // Opened by hand, in another browser, or long after: no quote was saved from here, so none is said to be.
    return {
      submitted: null,
      title: "No quote has been saved yet",
      lines: [
        "We can't find a quote saved from this browser in the last few minutes, so nothing has been saved or sent from this page.",
        "To save your quote, go back and send the form. If you saved one earlier, its link is in the email and text we sent you.",
      ],
      promise: null,
      back: `/prices/finish${new URL(request.url).search}`,
    };
  }
  const words = deliveryWords(await quoteDeliveries(db, quote.link));
  return { submitted, ...words, promise: quotePromise(quote.regular), back: null };
}

export function headers() {
  // The page names the visitor and links to their quote: for them only.
  return { "Cache-Control": "private, no-store" };
}

export default function FinishSubmitted({ loaderData }: Route.ComponentProps) {
  const { settings } = usePricesData();
  const { submitted, title, lines, promise, back } = loaderData;
  return (
    <CalculatorPage
      eyebrow={submitted ? "Quote saved" : "Your quote"}
      title={submitted ? (submitted.firstName ? `Thank you, ${submitted.firstName}! ${title}` : `Thank you! ${title}`) : title}
      lead={
        <div data-testid="delivery">
          {lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
          {promise ? <p className="mt-3">{promise}</p> : null}
        </div>
      }
    >
      <div className="flex flex-wrap gap-3">
        {back ? (
          <ButtonLink to={back}>Back to your quote</ButtonLink>
        ) : null}
        {submitted?.link ? (
          <ButtonLink to={href("/quote/:link", { link: submitted.link })}>View your quote</ButtonLink>
        ) : null}
        <ButtonLink to={href("/prices")} outline>Start a new quote</ButtonLink>
      </div>
      <p className="mt-8">
        <CallUs phone={settings.phone} />
      </p>
    </CalculatorPage>
  );
}
