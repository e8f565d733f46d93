import { useRouteLoaderData, useSearchParams } from "react-router";
import type { CodeWords } from "~/modules/site/words";
import { parseState, patchSearch, resolveState, type CalculatorCatalogue, type StatePatch } from "~/modules/pricing/calculator-state";

export interface PricesLayoutData {
  catalogue: CalculatorCatalogue;
  settings: { phone: string };
  /** The salon's own words from the studio (the steps' introductions), where set. */
  words: CodeWords;
}

/** What the prices layout loaded for the page: the catalogue, the phone number and the salon's words. */
export function usePricesData(): PricesLayoutData {
  const data = useRouteLoaderData<PricesLayoutData>("prices-layout");
  if (!data) throw new Error("The prices pages need the prices layout's data");
  return data;
}

/** The calculator's state from the address bar, checked against the catalogue (its pages' loaders send a visit without a calculator type to /prices). */
export function useCalculator() {
  const { catalogue } = usePricesData();
  const [params] = useSearchParams();
  const raw = parseState(params);
  if (!raw.type) throw new Error("A calculator page was drawn without a calculator type: its loader sends such a visit to /prices");
  const state = resolveState({ ...raw, type: raw.type }, catalogue);
  /** A link to `pathname` (or this page) with the state changed by `patch`; an open stylist's details close. */
  const href = (patch: StatePatch = {}, pathname = "") => `${pathname}${patchSearch(params, { about: null, ...patch })}` || "?";
  return { catalogue, raw, state, href };
}

export type Calculator = ReturnType<typeof useCalculator>;
