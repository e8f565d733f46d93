import type { Kysely } from "kysely";
import type { Database } from "~/.server/db/schema";
import { listLevels, listServices, listStylists } from "~/modules/catalogue/catalogue.server";
import { listSalonSites } from "~/modules/catalogue/salons.server";
import type { Stylist } from "~/modules/catalogue/entities";
import type { CalculatorCatalogue, CalculatorStylist } from "./calculator-state";
import { isListed } from "./pricing";

/** The salon whose website is a page of this site ("/"): the academy, where the calculator starts. */
export function homeSalonOf(salons: readonly { id: number; website: string }[]): number | undefined {
  return salons.find((s) => s.website.startsWith("/"))?.id;
}

/** A stylist as the calculator shows them: their portrait, and their bio's paragraphs. */
export function calculatorStylist({ remote_image, para_1, para_2, para_3, ...stylist }: Stylist): CalculatorStylist {
  return { ...stylist, image: remote_image, bio: [para_1, para_2, ...(para_3 ? [para_3] : [])] };
}

/** What the price calculator's pages need (the prices layout's loader, on every one of them): only services priced above 0. */
export async function loadCalculatorCatalogue(db: Kysely<Database>): Promise<CalculatorCatalogue> {
  const [services, levels, stylists, salons] = await Promise.all([
    listServices(db),
    listLevels(db),
    listStylists(db),
    listSalonSites(db),
  ]);
  return {
    services: services.filter(isListed),
    levels,
    salons: salons.map(({ id, name }) => ({ id, name })),
    homeSalonId: homeSalonOf(salons),
    stylists: stylists.map(calculatorStylist),
  };
}
