import { href } from "react-router";
import { CalculatorPage } from "~/components/calculator/parts";
import { StartQuote } from "~/components/calculator/type-choices";
import { TextLink } from "~/components/page";
import { pageContext } from "~/web/page-context.server";
import { startSearch } from "~/modules/pricing/calculator-state";
import { seoMeta } from "~/utils/seo";
import type { Route } from "./+types/prices";
import type { RouteFacts } from "~/web/route-facts";

export const handle: RouteFacts = { publicPages: { "/prices": {} } };

export const meta = seoMeta;

export function loader({ context }: Route.LoaderArgs) {
  return {
    seo: pageContext(context).seo({
      title: "Prices and quotes",
      description:
        "Get an exact estimate for colour, cutting and styling or men's hair at Base Hair Academy, by stylist level or with a stylist you choose.",
      path: "/prices",
    }),
  };
}

/** /prices: are you a regular, then which kind of service (spec section 2). */
export default function Prices() {
  return (
    <CalculatorPage
      eyebrow="Prices"
      title="Get a quote in a minute"
      lead={
        <p>
          Tell us what you'd like and we'll show you the price, by stylist level or with a stylist you choose. Save it and
          we'll send it to you by email and text.
        </p>
      }
    >
      <StartQuote href={(type, regular) => `/prices/selector${startSearch(type, regular)}`} />
      <p className="mt-10">
        Just want the prices?{" "}
        <TextLink to={href("/prices/list")}>See the whole price list</TextLink>
        , with how long each service takes.
      </p>
      <p className="mt-4">
        Prefer to talk it through? <TextLink to={href("/contact")}>Get in touch</TextLink>{" "}
        and we'll help you choose.
      </p>
    </CalculatorPage>
  );
}
