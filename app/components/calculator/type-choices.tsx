import { useSearchParams } from "react-router";
import { parseState, patchSearch, typeLabels } from "~/modules/pricing/calculator-state";
import { Option, RegularQuestion } from "./parts";
import { calculatorTypes, type CalculatorType } from "~/modules/pricing/pricing";

const descriptions: Record<CalculatorType, string> = {
  Colour: "Roots, full head colour, foils, balayage and more, with your cut or finish.",
  CuttingStyling: "Cuts, restyles, blow-dries and hair up, with a treatment if you'd like one.",
  Men: "Men's cuts and skin fades, with a colour blend if you fancy it.",
};

/**
 * The start of a quote: 'Have you been here before', then the three service
 * types, which can be chosen once it is answered (spec: the regular flag must
 * be set before a type).
 */
export function StartQuote({ href }: { href: (type: CalculatorType, regular: boolean) => string }) {
  const [params] = useSearchParams();
  const { regular } = parseState(params);
  return (
    <>
      <RegularQuestion current={regular} href={(answer) => patchSearch(params, { regular: answer }) || "?"} />
      <section aria-labelledby="service-type-heading" className="mt-10">
        {/* Once the question is answered the next page opens here, focused (a document's autofocus). */}
        <h2 id="service-type-heading" tabIndex={-1} autoFocus={regular !== undefined} className="text-2xl outline-none">
          What would you like a price for?
        </h2>
        {regular === undefined ? <p className="mt-2">Answer the question above first, then choose a service.</p> : null}
        {/* The three service types: until the question is answered they show, but cannot be chosen. */}
        <ul className="mt-4 grid gap-4 sm:grid-cols-3">
          {calculatorTypes.map((type) => (
            <li key={type} className="flex">
              <Option to={regular === undefined ? undefined : href(type, regular)}>
                <span className="font-display text-xl font-semibold">{typeLabels[type]}</span>
                <span>{descriptions[type]}</span>
              </Option>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
