import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import type { PricesLayoutData } from "~/components/calculator/use-calculator";
import { servicesContext } from "~/web/context";
import { loadCalculatorCatalogue } from "~/modules/pricing/calculator-catalogue.server";
import type { Route } from "./+types/prices-layout";

/** The price calculator's pages share one load of the catalogue per visit. */
export async function loader({ context }: Route.LoaderArgs): Promise<PricesLayoutData> {
  const { db, settings, content } = context.get(servicesContext);
  return {
    catalogue: await loadCalculatorCatalogue(db),
    seed: Math.floor(Math.random() * 2 ** 31),
    settings: { phone: settings.phone, bookingUrl: settings.links.booking },
    words: content.copy.text.words ?? {},
  };
}

/** Moving between the calculator's steps and pages needs no new catalogue. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname.startsWith("/prices") && nextUrl.pathname.startsWith("/prices")) return false;
  return defaultShouldRevalidate;
}

export default function PricesLayout() {
  return <Outlet />;
}
