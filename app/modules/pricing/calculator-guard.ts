import { redirect } from "react-router";
import { parseState } from "./calculator-state";

/** The guarded calculator pages: with no calculator type chosen, back to /prices (spec section 4). */
export function requireCalculatorType(request: Request) {
  const raw = parseState(new URL(request.url).searchParams);
  if (!raw.type) throw redirect("/prices");
  return raw;
}
