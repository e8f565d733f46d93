import { Link, redirect, useLocation } from "react-router";
import { CalculatorPage, CallUs } from "~/components/calculator/parts";
import { usePricesData } from "~/components/calculator/use-calculator";
import { requireCalculatorType } from "~/modules/pricing/calculator-guard";
import type { SubmittedState } from "./prices.finish";
import type { Route } from "./+types/prices.finish.status";

export function meta() {
  return [{ title: "Your quote is on its way | Base Hair Academy" }];
}

/** /prices/finish/{status}: only 'submitted' exists; anything else goes back to the form. */
export function loader({ request, params }: Route.LoaderArgs) {
  requireCalculatorType(request);
  if (params.status !== "submitted") throw redirect(`/prices/finish${new URL(request.url).search}`);
  return null;
}

export default function FinishSubmitted() {
  const { settings } = usePricesData();
  const submitted = useLocation().state as SubmittedState | null;
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
