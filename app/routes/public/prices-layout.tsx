import { Outlet } from "react-router";
import type { PricesLayoutData } from "~/components/calculator/use-calculator";
import { servicesContext } from "~/web/context";
import { loadCalculatorCatalogue } from "~/modules/pricing/calculator-catalogue.server";
import type { Route } from "./+types/prices-layout";

/** The catalogue every page of the price calculator draws from. */
export async function loader({ context }: Route.LoaderArgs): Promise<PricesLayoutData> {
  const { db, settings, content } = context.get(servicesContext);
  return {
    catalogue: await loadCalculatorCatalogue(db),
    settings: { phone: settings.phone },
    words: content.copy.text.words ?? {},
  };
}

export default function PricesLayout() {
  return <Outlet />;
}
