import { href } from "react-router";
import { CalculatorPage } from "~/components/calculator/parts";
import { ButtonLinks, ColumnHeads, TextLink } from "~/components/page";
import { loadCalculatorCatalogue } from "~/modules/pricing/calculator-catalogue.server";
import { priceList } from "~/modules/pricing/price-list";
import { breadcrumbData } from "~/modules/seo/structured-data";
import { formatShortDuration, levelsAtSalon } from "~/modules/pricing/pricing";
import { formatPounds } from "~/utils/money";
import { seoMeta } from "~/utils/seo";
import { servicesContext } from "~/web/context";
import { pageContext } from "~/web/page-context.server";
import type { Route } from "./+types/prices.list";
import { contentPageAt } from "~/web/route-facts";

export const handle = contentPageAt({ "/prices/list": {} });

export const meta = seoMeta;

/** A price or time: a right-aligned column of the table; on a phone, its column's name above it. */
const cell =
  "p-3 text-right tabular-nums max-sm:flex max-sm:flex-col max-sm:p-0 max-sm:text-left max-sm:before:text-sm max-sm:before:font-normal max-sm:before:text-ink/75 max-sm:before:content-[attr(data-label)]";

/**
 * /prices/list: every service with its price at each level the academy offers,
 * "from" the lowest, and how long it takes. The calculator's own catalogue and
 * formula (modules/pricing/price-list.ts), so a quote always says the same.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { seo, services } = pageContext(context);
  const catalogue = await loadCalculatorCatalogue(context.get(servicesContext).db);
  const home = catalogue.homeSalonId;
  const levels = home === undefined ? catalogue.levels : levelsAtSalon(catalogue.levels, home, catalogue.stylists);
  return {
    list: priceList(catalogue.services, levels),
    salon: catalogue.salons.find((s) => s.id === home)?.name,
    crumbs: breadcrumbData([{ name: "Prices", path: "/prices" }, { name: "Price list", path: "/prices/list" }], services.config.publicUrl),
    seo: seo({
      title: "Price list",
      description: "Every service with its price at each stylist level and how long it takes, colour products included. Prices from our newest stylists up.",
      path: "/prices/list",
    }),
  };
}

export default function PriceListPage({ loaderData }: Route.ComponentProps) {
  const { list, salon, crumbs } = loaderData;
  return (
    <CalculatorPage
      eyebrow="Prices"
      title="Price list"
      structuredData={crumbs}
      lead={
        <>
          <p>
            Every service{salon ? ` at ${salon}` : ""}, priced by{" "}
            <TextLink to={href("/prices/levels")}>stylist level</TextLink>
            . "From" is the price with our newest stylists who do it; colour products are included. Times are how long
            you'll be with us, processing included.
          </p>
          <p className="mt-3">
            <TextLink to={href("/prices")}>Build a quote</TextLink>{" "}
            to see the total for a whole visit, and how long it takes.
          </p>
          {/* The list is long on a phone: a jump to each category, in its first screen. */}
          <nav aria-label="Price list categories" className="mt-4">
            <ul className="flex flex-wrap gap-2">
              {list.categories.map((category) => (
                <li key={category.cat1}>
                  <a href={`#cat-${category.cat1}`} className="inline-flex min-h-11 items-center rounded-full bg-white px-4 text-base font-semibold text-ink ring-1 ring-ink/15 hover:ring-brass-dark">
                    {category.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </>
      }
    >
      <div className="space-y-10">
        {list.categories.map((category) => (
          <section key={category.cat1} aria-labelledby={`cat-${category.cat1}`}>
            <h2 id={`cat-${category.cat1}`} className="scroll-mt-24 text-2xl">
              {category.label}
            </h2>
            {/* A table from sm up (wider than that, it scrolls sideways with the service's name in view); on a
                phone each service is a block of its own, every price labelled with its level (data-label). */}
            <div className="mt-3 overflow-x-auto rounded-2xl bg-white ring-1 ring-ink/10" role="region" aria-labelledby={`cat-${category.cat1}`} tabIndex={0}>
              <table className="w-full border-collapse text-left max-sm:block sm:min-w-[36rem]" data-testid="price-list-table">
                <ColumnHeads
                  className="max-sm:sr-only"
                  rowClassName="border-b border-ink/10 text-sm"
                  columns={[["Service", "bg-white p-3 sm:sticky sm:left-0"], ...["From", ...list.levels.map((l) => l.name), "Time"].map((label): [string, string] => [label, "p-3 text-right"])]}
                />
                <tbody className="max-sm:block">
                  {category.rows.map((row) => (
                    <tr
                      key={row.id}
                      className="border-b border-ink/10 last:border-0 max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-4 max-sm:gap-y-2 max-sm:p-4"
                      data-service-id={row.id}
                    >
                      <th scope="row" className="bg-white p-3 font-normal max-sm:col-span-2 max-sm:p-0 max-sm:pb-1 max-sm:font-semibold sm:sticky sm:left-0">
                        {row.service}
                      </th>
                      <td className={`${cell} font-semibold`} data-cell="from" data-label="From">
                        {row.from === null ? "" : formatPounds(row.from)}
                      </td>
                      {row.prices.map((price, i) => (
                        <td
                          key={list.levels[i]!.id}
                          className={price === null ? `${cell} max-sm:hidden` : cell}
                          data-level={list.levels[i]!.id}
                          data-label={list.levels[i]!.name}
                        >
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
                      <td className={`${cell} whitespace-nowrap`} data-cell="minutes" data-minutes={row.minutes} data-label="Time">
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
      <ButtonLinks as="p" className="mt-10 flex flex-wrap gap-3" links={[{ to: href("/prices"), label: "Get a quote" }, { to: href("/prices/levels"), label: "Our stylist levels" }]} />
    </CalculatorPage>
  );
}
