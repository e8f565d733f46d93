import { Link } from "react-router";
import { CalculatorPage } from "~/components/calculator/parts";
import { loadCalculatorCatalogue } from "~/modules/pricing/calculator-catalogue.server";
import { priceList } from "~/modules/pricing/price-list";
import { formatShortDuration, levelsAtSalon } from "~/modules/pricing/pricing";
import { formatPounds } from "~/utils/money";
import { seoMeta } from "~/utils/seo";
import { servicesContext } from "~/web/context";
import { pageContext } from "~/web/page-context.server";
import type { Route } from "./+types/prices.list";

export const meta = seoMeta;

/**
 * /prices/list: every service with its price at each level the academy offers,
 * "from" the lowest, and how long it takes. The calculator's own catalogue and
 * formula (modules/pricing/price-list.ts), so a quote always says the same.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { seo } = pageContext(context);
  const catalogue = await loadCalculatorCatalogue(context.get(servicesContext).db);
  const home = catalogue.homeSalonId;
  const levels = home === undefined ? catalogue.levels : levelsAtSalon(catalogue.levels, home, catalogue.stylists);
  return {
    list: priceList(catalogue.services, levels),
    salon: catalogue.salons.find((s) => s.id === home)?.name,
    seo: seo({
      title: "Price list",
      description: "Every service with its price at each stylist level and how long it takes, colour products included. Prices from our newest stylists up.",
      path: "/prices/list",
    }),
  };
}

export default function PriceListPage({ loaderData }: Route.ComponentProps) {
  const { list, salon } = loaderData;
  return (
    <CalculatorPage
      eyebrow="Prices"
      title="Price list"
      lead={
        <>
          <p>
            Every service{salon ? ` at ${salon}` : ""}, priced by{" "}
            <Link to="/prices/levels" className="font-semibold text-brass-dark underline">
              stylist level
            </Link>
            . "From" is the price with our newest stylists who do it; colour products are included. Times are how long
            you'll be with us, processing included.
          </p>
          <p className="mt-3">
            <Link to="/prices" className="font-semibold text-brass-dark underline">
              Build a quote
            </Link>{" "}
            to see the total for a whole visit, and how long it takes.
          </p>
        </>
      }
    >
      <div className="space-y-10">
        {list.categories.map((category) => (
          <section key={category.cat1} aria-labelledby={`cat-${category.cat1}`}>
            <h2 id={`cat-${category.cat1}`} className="text-2xl">
              {category.label}
            </h2>
            {/* Wider than a phone: it scrolls sideways, the service's name staying in view. */}
            <div className="mt-3 overflow-x-auto rounded-2xl bg-white ring-1 ring-ink/10" role="region" aria-labelledby={`cat-${category.cat1}`} tabIndex={0}>
              <table className="w-full min-w-[36rem] border-collapse text-left" data-testid="price-list-table">
                <thead>
                  <tr className="border-b border-ink/10 text-sm">
                    <th scope="col" className="sticky left-0 bg-white p-3">
                      Service
                    </th>
                    <th scope="col" className="p-3 text-right">
                      From
                    </th>
                    {list.levels.map((level) => (
                      <th key={level.id} scope="col" className="p-3 text-right">
                        {level.name}
                      </th>
                    ))}
                    <th scope="col" className="p-3 text-right">
                      Time
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {category.rows.map((row) => (
                    <tr key={row.id} className="border-b border-ink/10 last:border-0" data-service-id={row.id}>
                      <th scope="row" className="sticky left-0 bg-white p-3 font-normal">
                        {row.service}
                      </th>
                      <td className="p-3 text-right font-semibold tabular-nums" data-cell="from">
                        {row.from === null ? "" : formatPounds(row.from)}
                      </td>
                      {row.prices.map((price, i) => (
                        <td key={list.levels[i]!.id} className="p-3 text-right tabular-nums" data-level={list.levels[i]!.id}>
                          {price === null ? (
                            <>
                              <span aria-hidden="true">–</span>
                              <span className="sr-only">Not at this level</span>
                            </>
                          ) : (
                            formatPounds(price)
                          )}
                        </td>
                      ))}
                      <td className="p-3 text-right whitespace-nowrap tabular-nums" data-cell="minutes" data-minutes={row.minutes}>
                        {formatShortDuration(row.minutes)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        ))}
      </div>
      <p className="mt-10 flex flex-wrap gap-3">
        <Link to="/prices" className="button button-primary">
          Get a quote
        </Link>
        <Link to="/prices/levels" className="button button-outline">
          Our stylist levels
        </Link>
      </p>
    </CalculatorPage>
  );
}
