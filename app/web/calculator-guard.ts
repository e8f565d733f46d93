import { href, redirect } from "react-router";
import { parseState, type RawState } from "~/modules/pricing/calculator-state";
import type { CalculatorType } from "~/modules/pricing/pricing";

/** The guarded calculator pages: with no calculator type chosen, back to /prices (spec section 4). */
export function requireCalculatorType(request: Request): RawState & { type: CalculatorType } {
  const raw = parseState(new URL(request.url).searchParams);
  if (!raw.type) throw redirect(href("/prices"));
  return { ...raw, type: raw.type };
}

/** The loader of every guarded calculator page: the guard, nothing to load (the layout has the catalogue). */
export function guardedLoader({ request }: { request: Request }): null {
  requireCalculatorType(request);
  return null;
}
