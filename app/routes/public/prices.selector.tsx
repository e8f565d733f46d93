import { href as routeHref } from "react-router";
import { CalculatorPage, Option } from "~/components/calculator/parts";
import { useCalculator } from "~/components/calculator/use-calculator";
import { TextLink } from "~/components/page";
import { guardedLoader } from "~/web/calculator-guard";
import { titleMeta } from "~/utils/seo";
import { typeLabels, type Selector } from "~/modules/pricing/calculator-state";

export const meta = titleMeta("How should we make your quote?");

export const loader = guardedLoader;

const options: { selector: Selector; title: string; text: string }[] = [
  {
    selector: "Stylist",
    title: "Quote for a specific stylist",
    text: "Pick someone from our three salons and see their prices.",
  },
  {
    selector: "Level",
    title: "Quote based on a stylist level",
    text: "Choose a salon and a level of experience, then meet the stylists at it.",
  },
  {
    selector: "Price",
    title: "Quote within my budget",
    text: "Choose your services, tell us what you'd like to spend, and see who fits.",
  },
];

/** /prices/selector: 'How do you want us to create your quote?' */
export default function PricesSelector() {
  const { state, href } = useCalculator();
  return (
    <CalculatorPage eyebrow={typeLabels[state.type]} title="How do you want us to create your quote?">
      <ul className="grid gap-4 sm:grid-cols-3">
        {options.map((option) => (
          <li key={option.selector} className="flex">
            <Option to={href({ selector: option.selector, stylistSlug: null, levelId: null, edit: null }, "/prices/calculator")}>
              <span className="font-display text-xl font-semibold">{option.title}</span>
              <span>{option.text}</span>
            </Option>
          </li>
        ))}
      </ul>
      <p className="mt-8">
        <TextLink to={routeHref("/prices")}>Back to the service types</TextLink>
      </p>
    </CalculatorPage>
  );
}
