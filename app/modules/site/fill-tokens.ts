import { SALON_TIME_ZONE } from "~/utils/dates";
import type { Settings } from "./content-schema";
import { formatAddress } from "./public-settings";

/**
 * Content text may say {{phone}}, {{booking}} and so on; the value comes from
 * settings.yaml, so a salon changes its number or a link in one place.
 */
export type TokenValues = Record<string, string>;

const TOKEN = /\{\{\s*([a-zA-Z]+)\s*\}\}/g;

/** The values every piece of content may use. */
export function settingsTokens(settings: Omit<Settings, "mail">): TokenValues {
  const { name, shortName, town, phone, email, endDate } = settings;
  const { booking, skinTest, giftCards, shop, referral } = settings.links;
  return { name, shortName, town, phone, email, address: formatAddress(settings), endDate, booking, skinTest, giftCards, shop, referral };
}

/** Replaces each {{token}}; throws naming the first unknown one, so a typo is caught at start. */
export function fillTokens(text: string, values: TokenValues): string {
  return text.replace(TOKEN, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`unknown placeholder ${whole} (known: ${Object.keys(values).join(", ")})`);
    return value;
  });
}

/** Fills the tokens in every string of a parsed content file. */
export function fillTokensDeep<T>(value: T, values: TokenValues): T {
  if (typeof value === "string") return fillTokens(value, values) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => fillTokensDeep(v, values)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillTokensDeep(v, values)])) as T;
  }
  return value;
}

/** Tokens filled when a page is shown rather than at start: {{month}} is this month's name. */
export function fillRuntimeTokens(text: string, now: Date = new Date()): string {
  const month = now.toLocaleString("en-GB", { month: "long", timeZone: SALON_TIME_ZONE });
  return fillTokens(text, { month });
}

/**
 * Keeps the runtime tokens as they are while the rest are filled at start:
 * {{month}} is filled when a page is shown, {{endDate}} with the offers' end
 * date in force (staff can move it while the site runs; see copyWithEndDate).
 */
export const deferredTokens: TokenValues = { month: "{{month}}", endDate: "{{endDate}}" };
