import { Link, redirect } from "react-router";
import { CalculatorPage, CallUs } from "~/components/calculator/parts";
import { usePricesData } from "~/components/calculator/use-calculator";
import { requireCalculatorType } from "~/web/calculator-guard";
import { servicesContext } from "~/web/context";
import { readSavedQuote } from "~/web/saved-quote-cookie.server";
import type { Route } from "./+types/prices.finish.status";

export function meta() {
  return [{ title: "Your quote is on its way | Base Hair Academy" }];
}

/**
 * /prices/finish/{status}: only 'submitted' exists; anything else goes back to
 * the form. The quote just saved (its link, the visitor's first name) comes
 * from the cookie the finish page's action set, never from the address.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireCalculatorType(request);
  if (params.status !== "submitted") throw redirect(`/prices/finish${new URL(request.url).search}`);
  return { submitted: (await readSavedQuote(context.get(servicesContext).config, request)) ?? null };
}

export function headers() {
  // The page names the visitor and links to their quote: for them only.
  return { "Cache-Control": "private, no-store" };
}

export default function FinishSubmitted({ loaderData }: Route.ComponentProps) {
  const { settings } = usePricesData();
  const { submitted } = loaderData;
  return (
    <CalculatorPage
      eyebrow="Quote saved"
      title={submitted?.firstName ? `Thank you, ${submitted.firstName}! Your quote is on its way` : "Thank you! Your quote is on its way"}
      lead={
        <p>
          We've emailed you the full quote and sent a text with a link to it, so you'll have it to hand when you book. The
          prices hold for your first visit.
        </p>
      }
    >
      <div className="flex flex-wrap gap-3">
        {submitted?.link ? (
          <Link to={`/quote/${submitted.link}`} className="button button-outline">
            View your quote
          </Link>
        ) : null}
        <a href={settings.bookingUrl} rel="noopener" className="button button-primary">
          Book Now
        </a>
        <Link to="/prices" className="button button-outline">
          Start a new quote
        </Link>
      </div>
      <p className="mt-8">
        <CallUs phone={settings.phone} />
      </p>
    </CalculatorPage>
  );
}
