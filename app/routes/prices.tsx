import { Link, useSearchParams } from "react-router";
import { CalculatorPage, RegularQuestion, useFocusOnChange } from "~/components/calculator/parts";
import { TypeChoices } from "~/components/calculator/type-choices";
import { patchSearch, startSearch } from "~/modules/pricing/calculator-state";

export function meta() {
  return [
    { title: "Prices and quotes | Base Hair Academy" },
    {
      name: "description",
      content: "Get an exact estimate for colour, cutting and styling or men's hair at Base Hair Academy, by stylist level or with a stylist you choose.",
    },
  ];
}

/** /prices: are you a regular, then which kind of service (spec section 2). */
export default function Prices() {
  const [params] = useSearchParams();
  const regular = params.get("regular") === "yes" ? true : params.get("regular") === "no" ? false : undefined;
  useFocusOnChange(regular === undefined ? undefined : "answered", () => "service-type-heading");
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
      <RegularQuestion id="regular-heading" current={regular} href={(answer) => patchSearch(params, { regular: answer }) || "?"} />
      <section aria-labelledby="service-type-heading" className="mt-10">
        <h2 id="service-type-heading" tabIndex={-1} className="text-2xl outline-none">
          What would you like a price for?
        </h2>
        {regular === undefined ? (
          <p className="mt-2">Answer the question above first, then choose a service.</p>
        ) : null}
        <TypeChoices href={regular === undefined ? undefined : (type) => `/prices/selector${startSearch(type, regular)}`} />
      </section>
      <p className="mt-10">
        Prefer to talk it through? <Link to="/contact" className="font-semibold text-brass-dark underline">Get in touch</Link>{" "}
        and we'll help you choose.
      </p>
    </CalculatorPage>
  );
}
