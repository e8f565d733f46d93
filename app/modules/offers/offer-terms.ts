/**
 * Who an offer is for and what it covers (issue 33, decision 0070): its
 * audience (new clients, returning clients or everyone), the services it
 * applies to (service ids, or parts of the price list by their code; none:
 * every service) and the lines of its small print, made from those and the
 * offer's own words instead of fixed "new clients only" and skin-test lines.
 * Pure and client-safe.
 */
import type { Service } from "~/modules/catalogue/entities";
import { priceListCategories } from "~/modules/pricing/price-list";
import { hasProductCharge } from "~/modules/pricing/pricing";

export const OFFER_AUDIENCES = ["new", "returning", "everyone"] as const;
export type OfferAudience = (typeof OFFER_AUDIENCES)[number];

/** What an offer's page and card say about who it is for; nothing for an offer open to everyone. */
export const audienceLabel: Record<OfferAudience, string | undefined> = {
  new: "New clients",
  returning: "Returning clients",
  everyone: undefined,
};

/** The audience's line of the small print. */
const audienceTerm: Record<OfferAudience, string | undefined> = {
  new: "New clients only.",
  returning: "For clients who have been to us before.",
  everyone: undefined,
};

/** The line every offer that includes colour carries (spec section 9). */
export const SKIN_TEST_TERM = "A skin test is needed at least 48 hours before any colour service.";

/** "Men's hair" → "mens-hair": the code a part of the price list goes by in an offer's services. */
const codeOf = (label: string) =>
  label
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** The parts of the price list an offer may name instead of single services. */
export const offerCategories: readonly { code: string; cat1: number; label: string }[] = priceListCategories.map((c) => ({ ...c, code: codeOf(c.label) }));
export const offerCategoryCodes = offerCategories.map((c) => c.code);

/** One of an offer's services: a service id, or a part of the price list by its code. */
export type OfferService = number | string;

/**
 * A category as given (its code or its name, in any case: "colour",
 * "Men's hair") as its code; undefined when it names no part of the price list.
 */
export function categoryCode(given: string): string | undefined {
  const code = codeOf(given);
  return offerCategories.some((c) => c.code === code) ? code : undefined;
}

/** The services an offer covers, from the price list: every one when it names none. */
export function servicesCovered<S extends Pick<Service, "id" | "cat1">>(named: readonly OfferService[], services: readonly S[]): S[] {
  if (named.length === 0) return [...services];
  const cats = new Set(named.filter((n): n is string => typeof n === "string").map((code) => offerCategories.find((c) => c.code === code)?.cat1));
  const ids = new Set(named.filter((n): n is number => typeof n === "number"));
  return services.filter((s) => ids.has(s.id) || cats.has(s.cat1));
}

/** Whether the offer covers any colour (a colour, a colour extra or a men's colour): then its small print has the skin-test line. */
export function offerIncludesColour(named: readonly OfferService[], services: readonly Pick<Service, "id" | "cat1" | "cat2">[]): boolean {
  return servicesCovered(named, services).some((s) => hasProductCharge(s));
}

/** What an offer names that the price list does not have (an id no service has). */
export function unknownOfferServices(named: readonly OfferService[], services: readonly Pick<Service, "id">[]): OfferService[] {
  const ids = new Set(services.map((s) => s.id));
  return named.filter((n) => (typeof n === "number" ? !ids.has(n) : !offerCategoryCodes.includes(n)));
}

/**
 * The offer's small print, line by line: who it is for, the terms every offer
 * carries, its own small print as written, and the skin-test line when it
 * covers colour. (The page adds the day it ends.)
 */
export function offerSmallPrint(
  offer: { audience: OfferAudience; services: readonly OfferService[]; terms: readonly string[] },
  everyOffer: readonly string[],
  services: readonly Pick<Service, "id" | "cat1" | "cat2">[],
): string[] {
  const lines = [audienceTerm[offer.audience], ...everyOffer, ...offer.terms, offerIncludesColour(offer.services, services) ? SKIN_TEST_TERM : undefined];
  // Each line once, where it first comes.
  return [...new Set(lines)].filter((l): l is string => Boolean(l));
}

/** The services an offer covers, in words for the studio and the page: "Colour, Up-do"; "" for every service. */
export function describeOfferServices(named: readonly OfferService[], services: readonly Pick<Service, "id" | "service">[]): string {
  return named
    .map((n) => (typeof n === "number" ? services.find((s) => s.id === n)?.service : offerCategories.find((c) => c.code === n)?.label))
    .filter((w): w is string => Boolean(w))
    .join(", ");
}
