import { Form, useSearchParams } from "react-router";
import { CalculatorPage, ChairTime, ChooseFirst, Notice, TotalsSkinTestNote } from "~/components/calculator/parts";
import { StylistPicker } from "~/components/calculator/stylist-picker";
import { useCalculator } from "~/components/calculator/use-calculator";
import { PlainField } from "~/components/forms/field-kit";
import { TextLink } from "~/components/page";
import { guardedLoader } from "~/web/calculator-guard";
import { titleMeta } from "~/utils/seo";
import { canChoose, typeLabels } from "~/modules/pricing/calculator-state";
import { isAvailable, priceServices, totalMinutes } from "~/modules/pricing/pricing";
import { formatPounds } from "~/utils/money";

export const meta = titleMeta("Stylists in your budget");

export const loader = guardedLoader;

/** /prices/total-by-price: the stylists whose total for the chosen services fits the visitor's budget. */
export default function TotalByPrice() {
  const { catalogue, state, raw, href } = useCalculator();
  const [params] = useSearchParams();

  if (!state.complete) {
    return <ChooseFirst state={state} title="Choose your services first" to={href({ selector: "Price" }, "/prices/calculator")} label="Back to the calculator" />;
  }

  // Each stylist's total at their own level, for those who can do every chosen service.
  const priced = catalogue.stylists
    .filter((s) => canChoose(s, state.regular) && state.services.every((service) => isAvailable(service, s.level)))
    .map((stylist) => {
      const level = catalogue.levels.find((l) => l.id === stylist.level);
      return { stylist, total: level ? priceServices(state.services, level).total : Infinity };
    })
    .sort((a, b) => a.total - b.total);
  const budget = raw.budget;
  const fits = budget === undefined ? [] : priced.filter((p) => p.total <= budget);
  const totals = new Map(priced.map((p) => [p.stylist.id, p.total]));
  const cheapest = priced[0];
  const hidden = [...params.entries()].filter(([name]) => name !== "budget");

  return (
    <CalculatorPage eyebrow={typeLabels[state.type]} title="Stylists in your budget">
      <div className="rounded-2xl bg-white p-5 ring-1 ring-ink/10 sm:p-8">
        <h2 className="text-xl">Your services</h2>
        <ul className="mt-2 list-disc pl-5">
          {state.services.map((s) => (
            <li key={s.id}>{s.service}</li>
          ))}
        </ul>
        {cheapest ? (
          <p className="mt-3">
            Together these cost from <strong>{formatPounds(cheapest.total)}</strong>, depending on the stylist.
          </p>
        ) : null}
        <ChairTime minutes={totalMinutes(state.services)} className="mt-2" />
        <Form method="get" className="mt-6 flex flex-wrap items-end gap-3">
          {hidden.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <PlainField
            id="budget"
            label="What would you like to spend, in pounds?"
            type="number"
            name="budget"
            inputMode="numeric"
            min={1}
            max={100000}
            step={1}
            required
            defaultValue={budget ?? ""}
            inputClassName="w-40"
          />
          <button type="submit" className="button button-primary">
            Show stylists
          </button>
        </Form>
      </div>

      <TotalsSkinTestNote state={state} />

      {budget !== undefined ? (
        <section aria-labelledby="budget-results-heading" className="mt-10">
          <h2 id="budget-results-heading" tabIndex={-1} autoFocus className="text-2xl outline-none">
            {fits.length === 1 ? "1 stylist fits" : `${fits.length} stylists fit`} a budget of {formatPounds(budget)}
          </h2>
          {fits.length === 0 ? (
            <Notice className="mt-4">
              <p>
                Nobody fits that budget for these services just yet.
                {cheapest
                  ? ` The lowest price is ${formatPounds(cheapest.total)} with ${cheapest.stylist.first_name}.`
                  : ""}{" "}
                Try a higher budget, or{" "}
                <TextLink to={href({ budget: null }, "/prices/calculator")}>change your services</TextLink>
                .
              </p>
            </Notice>
          ) : (
            <div className="mt-4">
              <StylistPicker
                catalogue={catalogue}
                groups={[{ key: "fits", stylists: fits.map((f) => f.stylist) }]}
                extra={(stylist) => `Total ${formatPounds(totals.get(stylist.id) ?? 0)}`}
                chooseHref={(stylist) => href({ stylistSlug: stylist.slug, salonId: stylist.salon }, "/prices/total-by-stylist")}
              />
            </div>
          )}
        </section>
      ) : null}
    </CalculatorPage>
  );
}
