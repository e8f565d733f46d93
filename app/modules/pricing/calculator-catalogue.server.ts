import type { Kysely } from "kysely";
import type { Database } from "~/.server/db/schema";
import { listLevels, listServices, listStylists } from "~/modules/catalogue/catalogue.server";
import { listSalonSites } from "~/modules/catalogue/salons.server";
import type { CalculatorCatalogue } from "./calculator-state";
import { isListed } from "./pricing";

/** The salon whose website is a page of this site ("/"): the academy, where the calculator starts. */
export function homeSalonOf(salons: readonly { id: number; website: string }[]): number | undefined {
  return salons.find((s) => s.website.startsWith("/"))?.id;
}

/** What the price calculator's pages need, loaded once per visit: only services priced above 0. */
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
    stylists: stylists.map((s) => ({
      id: s.id,
      first_name: s.first_name,
      last_name: s.last_name,
      slug: s.slug,
      level: s.level,
      salon: s.salon,
      image: s.remote_image,
      bio: [s.para_1, s.para_2, ...(s.para_3 ? [s.para_3] : [])],
      taking_new_clients: s.taking_new_clients,
    })),
  };
}
