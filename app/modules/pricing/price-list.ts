/**
 * The plain price list (/prices/list): every listed service by category, its
 * price at each level the academy offers, "from" the lowest of them, and its
 * chair time. Worked out with the calculator's own itemPrice and availability,
 * so the list can never disagree with a quote. Pure and client-safe.
 */
import type { Level, Service } from "~/modules/catalogue/entities";
import { Cat1, isAvailable, isListed, itemPrice } from "./pricing";

/** The price list's headings, in the order the list shows them (cat1 of the price list). */
export const priceListCategories: readonly { cat1: number; label: string }[] = [
  { cat1: Cat1.finish, label: "Cutting and styling" },
  { cat1: Cat1.colour, label: "Colour" },
  { cat1: Cat1.colourAddOn, label: "Colour extras" },
  { cat1: Cat1.finishAddOn, label: "Finishing touches" },
  { cat1: Cat1.treatment, label: "Treatments" },
  { cat1: Cat1.mens, label: "Men's hair" },
];

export function priceList(services: readonly Service[], levels: readonly Level[]) {
  const ordered = [...levels].sort((a, b) => a.id - b.id);
  const categories = priceListCategories
    .map(({ cat1, label }) => ({
      cat1,
      label,
      rows: services
        .filter((s) => s.cat1 === cat1 && isListed(s))
        .map((s) => {
          // One per level of the list, in its order: the price, or null when that level doesn't do it.
          const prices = ordered.map((level) => (isAvailable(s, level.id) ? itemPrice(s, level) : null));
          const offered = prices.filter((p): p is number => p !== null);
          // `from`: the lowest price among the levels that may do it; null when none of them may.
          return { id: s.id, service: s.service, minutes: s.minutes, from: offered.length > 0 ? Math.min(...offered) : null, prices };
        })
        .filter((row) => row.from !== null),
    }))
    .filter((c) => c.rows.length > 0);
  return { levels: ordered.map(({ id, name }) => ({ id, name })), categories };
}
