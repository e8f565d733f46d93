import { useRouteLoaderData, useSearchParams } from "react-router";
import type { CodeWords } from "~/modules/site/words";
import { parseState, patchSearch, resolveState, type CalculatorCatalogue, type StatePatch } from "~/modules/pricing/calculator-state";

export interface PricesLayoutData {
  catalogue: CalculatorCatalogue;
  /** Orders the stylist lists: the same on the server and in the browser. */
  seed: number;
  settings: { phone: string; bookingUrl: string };
  /** The salon's own words from the studio (the steps' introductions), where set. */
  words: CodeWords;
}

/** The catalogue the prices layout loaded once for the whole visit. */
export function usePricesData(): PricesLayoutData {
  const data = useRouteLoaderData<PricesLayoutData>("prices-layout");
  if (!data) throw new Error("The prices pages need the prices layout's data");
  return data;
}

/** The calculator's state from the address bar, checked against the catalogue. */
export function useCalculator() {
  const { catalogue } = usePricesData();
  const [params] = useSearchParams();
  const raw = parseState(params);
  // Undefined until a calculator type is chosen.
  const state = raw.type ? resolveState({ ...raw, type: raw.type }, catalogue) : undefined;
  /** A link to `pathname` (or this page) with the state changed by `patch`; an open stylist's details close. */
  const href = (patch: StatePatch = {}, pathname = "") => `${pathname}${patchSearch(params, { about: null, ...patch })}` || "?";
  return { catalogue, raw, state, href };
}

export type Calculator = ReturnType<typeof useCalculator>;
