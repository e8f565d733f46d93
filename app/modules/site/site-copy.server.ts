/**
 * The public pages' words, read from content/ and checked at start together
 * with the rest of the content (see load-content.server.ts), once, by the
 * composition root; pages read it from the loaded content. Tokens such as
 * {{phone}} are filled from the settings then; {{month}} waits for the page,
 * and {{endDate}} for the end date in force (copyWithEndDate).
 */
import { z } from "zod";
import { noticesSchema, offersSchema, pageFrontMatterSchema, siteCopySchema, type Settings } from "./content-schema";
import { deferredTokens, fillTokens, fillTokensDeep, settingsTokens } from "./fill-tokens";
import { factTokens, type Fact } from "./facts";
import { ContentError } from "~/modules/fields/content-fields";
import { parseFile, type ContentFiles } from "./content-files.server";
import { yaml } from "./yaml-data";
import { markdownToSafeHtml, splitFrontMatter } from "./markdown.server";
import type { Level, Service } from "~/modules/catalogue/entities";
import { claimTokens, priceClaimsSchema, teamPricesByLevel, workOutClaims, type ClaimedPrice } from "~/modules/offers/price-claims";
import { FIRST_VISIT_OFFER } from "~/modules/pricing/pricing";

export type PageName = (typeof pageNames)[number];
/** The Markdown pages under content/pages/, one per route. */
export const pageNames = ["about", "refer-a-friend", "policies", "corona", "reopening", "new-prices", "your-gift", "ghd", "jellybeans"] as const;

export function isPageName(name: string): name is PageName {
  return (pageNames as readonly string[]).includes(name);
}

export interface ContentPage extends z.infer<typeof pageFrontMatterSchema> {
  html: string;
}
type OffersFile = z.infer<typeof offersSchema>;
/** An offer as the pages get it: its example prices worked out from the price list. */
export type Offer = Omit<OffersFile["offers"][number], "prices"> & { prices: ({ label: string } & ClaimedPrice)[] };
export type Offers = Omit<OffersFile, "offers" | "priceClaims"> & {
  offers: Offer[];
  /** Every price claim, worked out: name → price (and the price before the offer). */
  claims: Record<string, ClaimedPrice>;
};
export type Notice = z.infer<typeof noticesSchema>[number];

export type SiteCopy = ReturnType<typeof loadSiteCopy>;

function loadPage(dir: ContentFiles, name: PageName, tokens: Record<string, string>): ContentPage {
  const source = dir.get(`pages/${name}.md`);
  const where = `content/pages/${name}.md`;
  if (source === undefined) throw new ContentError(`${where}: missing (every public page needs its file)`);
  try {
    const { frontMatter, body } = splitFrontMatter(source);
    const meta = pageFrontMatterSchema.safeParse(fillTokensDeep(yaml(frontMatter), tokens));
    if (!meta.success) throw new Error(meta.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
    return { ...meta.data, html: markdownToSafeHtml(fillTokens(body, tokens)) };
  } catch (error) {
    throw new ContentError(`${where}: ${(error as Error).message}`);
  }
}

/**
 * The prices the words claim, read from offers.yaml's `priceClaims` before the
 * rest of the copy (which uses them as placeholders) and worked out from the
 * price list: the offers' claims (name → price, and the price before the offer),
 * and the team pages' "Average Cut & Colour price" by level id (levels that cannot do it have none).
 */
export function loadPriceList(dir: ContentFiles, catalogue: { services: Service[]; levels: Level[] }) {
  const { priceClaims } = parseFile(dir, "offers.yaml", z.object({ priceClaims: priceClaimsSchema }), yaml);
  const { prices, problems } = workOutClaims(priceClaims, catalogue.services, catalogue.levels);
  if (problems.length > 0) throw new ContentError(`content/offers.yaml: ${problems.join("; ")}`);
  return { claims: prices, teamPrices: teamPricesByLevel(priceClaims, catalogue.services, catalogue.levels) };
}

/** The saved quote's first-visit discount, for the copy that explains how it goes with the offers. */
const quoteTokens = { quoteCode: FIRST_VISIT_OFFER.code, quotePercent: String(FIRST_VISIT_OFFER.percent), quoteDays: String(FIRST_VISIT_OFFER.validDays) };

export function loadSiteCopy(dir: ContentFiles, settings: Omit<Settings, "mail">, claims: Record<string, ClaimedPrice>, facts: Readonly<Record<string, Fact>> = {}) {
  const base = settingsTokens(settings);
  const priceTokens = claimTokens(claims);
  const clash = Object.keys(priceTokens).filter((name) => name in base || name in quoteTokens || name in deferredTokens);
  if (clash.length > 0) throw new ContentError(`content/offers.yaml: priceClaims: ${clash.join(", ")} is already a placeholder; choose another name`);
  const said = factTokens(facts);
  const factClash = Object.keys(said).filter((name) => name in base || name in quoteTokens || name in deferredTokens || name in priceTokens);
  if (factClash.length > 0) throw new ContentError(`content/facts.yaml: ${factClash.join(", ")} is already a placeholder; choose another name`);
  const tokens = { ...base, ...quoteTokens, ...priceTokens, ...said, ...deferredTokens };
  const filled = <T>(file: string, schema: z.ZodType<T>): T => parseFile(dir, file, schema, (source) => fillTokensDeep(yaml(source), tokens));
  const pages = Object.fromEntries(pageNames.map((name) => [name, loadPage(dir, name, tokens)])) as Record<PageName, ContentPage>;
  const { priceClaims: _claims, ...offersFile } = filled("offers.yaml", offersSchema);
  const unknownClaims = offersFile.offers.flatMap((o) => o.prices.filter((p) => !claims[p.claim]).map((p) => `offers.${o.slug}.prices: unknown claim ${p.claim}`));
  if (unknownClaims.length > 0) throw new ContentError(`content/offers.yaml: ${unknownClaims.join("; ")}`);
  const offers: Offers = {
    ...offersFile,
    claims,
    offers: offersFile.offers.map((o) => ({ ...o, prices: o.prices.map((p) => ({ label: p.label, ...claims[p.claim]! })) })),
  };
  return { pages, offers, notices: filled("notices.yaml", noticesSchema), text: filled("site-copy.yaml", siteCopySchema) };
}

const withEndDate = new WeakMap<SiteCopy, Map<string, SiteCopy>>();
/** Distinct end dates kept filled in at once: each staff change of the date adds one. */
const END_DATES_KEPT = 8;

/**
 * The copy with {{endDate}} filled in with the offers' end date in force
 * (settings.yaml's, or a staff member's; a date, so nothing to escape).
 * Filled once per date and kept, so a page pays nothing for it.
 */
export function copyWithEndDate(copy: SiteCopy, endDate: string): SiteCopy {
  let filled = withEndDate.get(copy);
  if (!filled) withEndDate.set(copy, (filled = new Map()));
  const found = filled.get(endDate);
  if (found) return found;
  if (filled.size >= END_DATES_KEPT) filled.clear();
  const copyForDate = fillTokensDeep(copy, { endDate, month: "{{month}}" });
  filled.set(endDate, copyForDate);
  return copyForDate;
}
