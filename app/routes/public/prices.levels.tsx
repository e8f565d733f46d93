import { href } from "react-router";
import { CalculatorPage } from "~/components/calculator/parts";
import { ButtonLinks } from "~/components/page";
import { homeSalonOf } from "~/modules/pricing/calculator-catalogue.server";
import { breadcrumbData } from "~/modules/seo/structured-data";
import { levelGuide } from "~/modules/catalogue/level-guide";
import { pageContext } from "~/web/page-context.server";
import { seoMeta } from "~/utils/seo";
import type { Route } from "./+types/prices.levels";
import { contentPageAt } from "~/web/route-facts";

export const handle = contentPageAt({ "/prices/levels": {} });

export const meta = seoMeta;

/** /prices/levels: what each stylist level means, in the salon's own words (content/levels.yaml). */
export function loader({ context }: Route.LoaderArgs) {
  const { services, seo } = pageContext(context);
  const { levels, salons, stylists } = services.content;
  return {
    levels: levelGuide(levels, salons, stylists, homeSalonOf(salons)),
    crumbs: breadcrumbData([{ name: "Prices", path: "/prices" }, { name: "Our stylist levels", path: "/prices/levels" }], services.config.publicUrl),
    seo: seo({
      title: "Our stylist levels",
      description: "What each stylist level means at our salons, from New Starters to our most experienced stylists, and how the level sets the price.",
      path: "/prices/levels",
    }),
  };
}

export default function Levels({ loaderData }: Route.ComponentProps) {
  const { levels, crumbs } = loaderData;
  return (
    <CalculatorPage
      eyebrow="Prices"
      title="Our stylist levels"
      structuredData={crumbs}
      lead={
        <p>
          Every one of our stylists works at a level, and the level sets the price: the more experience behind the chair,
          the higher it is. Whoever you choose, you'll get the same care, and our newer stylists always have a trainer close
          by.
        </p>
      }
    >
      <ol className="space-y-4">
        {levels.map((level) => (
          <li key={level.id} className="rounded-2xl bg-white p-5 ring-1 ring-ink/10 sm:p-6">
            <h2 className="text-2xl">{level.name}</h2>
            <p className="mt-2">{level.description}</p>
            <p className="mt-2 text-sm font-semibold text-sage">
              {level.salons.length > 0 ? `At ${level.salons.join(" and ")}` : "Nobody is working at this level just now."}
            </p>
          </li>
        ))}
      </ol>
      <ButtonLinks as="p" className="mt-10 flex flex-wrap gap-3" links={[{ to: href("/prices"), label: "Get a quote" }, { to: href("/team"), label: "Meet the team" }]} />
    </CalculatorPage>
  );
}
