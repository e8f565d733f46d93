import { Link } from "react-router";
import { calculatorTypes, type CalculatorType } from "~/modules/pricing/pricing";
import { typeLabels } from "~/modules/pricing/calculator-state";

const descriptions: Record<CalculatorType, string> = {
  Colour: "Roots, full head colour, foils, balayage and more, with your cut or finish.",
  CuttingStyling: "Cuts, restyles, blow-dries and hair up, with a treatment if you'd like one.",
  Men: "Men's cuts and skin fades, with a colour blend if you fancy it.",
};

/** The three service types. Without `href` they show, but cannot be chosen yet. */
export function TypeChoices({ href }: { href: ((type: CalculatorType) => string) | undefined }) {
  return (
    <ul className="mt-4 grid gap-4 sm:grid-cols-3">
      {calculatorTypes.map((type) => {
        const body = (
          <>
            <span className="font-display text-xl font-semibold">{typeLabels[type]}</span>
            <span>{descriptions[type]}</span>
          </>
        );
        return (
          <li key={type} className="flex">
            {href ? (
              <Link to={href(type)} className="option flex-1">
                {body}
              </Link>
            ) : (
              <div className="option option-unavailable flex-1" aria-disabled="true">
                {body}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
