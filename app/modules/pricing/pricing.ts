/**
 * The price calculator's rules, in one pure module used by the browser (the
 * live total) and by the server (the stored quote). Nothing here may import
 * server code: the calculator page ships it to the browser.
 *
 * Spec sections 4, 5 and 9; the price list's categories are in section 3.
 */

import type { Level, Service, Stylist } from "~/modules/catalogue/entities";
import { withArticle } from "~/utils/articles";
import { formatPrice } from "~/utils/money";

export type CalculatorType = "Colour" | "CuttingStyling" | "Men";
export const calculatorTypes: readonly CalculatorType[] = ["Colour", "CuttingStyling", "Men"];

export const NEW_STARTER_LEVEL_ID = 1;

export const NEW_STARTER_MENS_CUT_MESSAGE =
  "Unfortunately New Starters are not qualified to carry out this service. Please select a different level or stylist";

/** cat1 values of the price list. */
export const Cat1 = { finish: 1, colour: 2, colourAddOn: 3, finishAddOn: 4, treatment: 5, mens: 6 } as const;

/** Colour services' cat2 values. */
export const ColourCat2 = {
  classic: 0,
  fullHead: 1,
  foils: 2,
  balayage: 3,
  bleach: 4,
  vivids: 5,
  correction: 6,
} as const;

// ---------------------------------------------------------------------------
// Prices

/**
 * One service's price at a level, in whole pounds: `price * (100 + adapter) / 100`,
 * plus `product_price` for colour, colour add-on and men's colour. Treatments
 * (bond-building and intensive) are flat: no uplift, no product charge.
 *
 * The result is rounded to whole pounds (half up), because the salon charges
 * whole pounds; the total is the sum of these, so every figure shown adds up
 * (docs/decisions/0007-calculator-and-quotes.md). Sums are done in pence to stay
 * clear of floating-point error.
 */
export function itemPrice(service: Pick<Service, "cat1" | "cat2" | "price" | "product_price">, level: Pick<Level, "adapter">): number {
  if (service.cat1 === Cat1.treatment) return Math.round(service.price);
  const pence = Math.round(service.price * (100 + level.adapter)) + (hasProductCharge(service) ? Math.round(service.product_price * 100) : 0);
  return Math.round(pence / 100);
}

// ---------------------------------------------------------------------------
// A service's price as each level charges it

/** A price a level charges for a service, as a manager sets it. */
export interface LevelPrice {
  level: Pick<Level, "id" | "name" | "adapter">;
  price: number;
}

type Priced = Pick<Service, "cat1" | "cat2" | "product_price">;

/** Whether a service costs the same at every level (treatments: no uplift). */
export const isFlatPrice = (service: Pick<Service, "cat1">) => service.cat1 === Cat1.treatment;

/** What each level charges for a service with this base price: the price list's figures. */
export function levelPricesFor(service: Priced, base: number, levels: readonly LevelPrice["level"][]): LevelPrice[] {
  return levels.map((level) => ({ level, price: itemPrice({ ...service, price: base }, level) }));
}

/** The base prices to try, nicest first: whole pounds, then 50p, 10p and 1p steps, each within [low, high). */
function* candidates(low: number, high: number): Generator<number> {
  for (const step of [100, 50, 10, 1]) {
    for (let pence = Math.max(0, Math.ceil((low * 100) / step) * step); pence < high * 100; pence += step) yield pence / 100;
  }
}

/**
 * The base price (the first level's, before the product charge) that makes
 * a level charge each of these prices, or why no base price can: a service
 * has one base price and each level adds its own share of it, so the prices
 * move together. The inverse of `itemPrice`, which checks every answer.
 */
export function baseForLevelPrices(service: Priced, wanted: readonly LevelPrice[]): { base: number } | { problem: string } {
  const first = wanted[0];
  if (!first) return { problem: "Give the price at one level at least" };
  if (isFlatPrice(service)) {
    const other = wanted.find((w) => w.price !== first.price);
    return other ? { problem: `A treatment costs the same at every level: ${first.level.name} ${formatPrice(first.price)}, ${other.level.name} ${formatPrice(other.price)}. Give one price.` } : { base: first.price };
  }
  const product = hasProductCharge(service) ? service.product_price : 0;
  const below = wanted.find((w) => w.price <= product);
  if (below) return { problem: `Each price includes the ${formatPrice(product)} product charge: ${below.level.name}'s ${formatPrice(below.price)} leaves nothing for the work. Give a higher price, or a lower product charge under More.` };
  // Each price, rounded to whole pounds, holds for base prices in [low, high): the answer is in all of them.
  const range = (w: LevelPrice) => [((w.price - 0.5 - product) * 100) / (100 + w.level.adapter), ((w.price + 0.5 - product) * 100) / (100 + w.level.adapter)] as const;
  const low = Math.max(...wanted.map((w) => range(w)[0]));
  const high = Math.min(...wanted.map((w) => range(w)[1]));
  const fits = (base: number) => wanted.every((w) => itemPrice({ ...service, price: base }, w.level) === w.price);
  for (const base of candidates(low, high)) if (fits(base)) return { base };
  // None: say which price the first one makes impossible.
  const alone = baseForLevelPrices(service, [first]);
  const base = "base" in alone ? alone.base : 0;
  const clash = wanted.find((w) => itemPrice({ ...service, price: base }, w.level) !== w.price) ?? wanted[1] ?? first;
  const follows = itemPrice({ ...service, price: base }, clash.level);
  return {
    problem: `These prices cannot all be right: at ${formatPrice(first.price)} for ${first.level.name}, ${clash.level.name} charges ${formatPrice(follows)}, not ${formatPrice(clash.price)}. Each level adds its own share, so the prices move together: change one level's price and the others follow.`,
  };
}

/** Colour, colour add-on and men's colour carry the product charge. */
export function hasProductCharge(service: Pick<Service, "cat1" | "cat2">): boolean {
  return (
    service.cat1 === Cat1.colour ||
    service.cat1 === Cat1.colourAddOn ||
    (service.cat1 === Cat1.mens && service.cat2 === 1)
  );
}

/**
 * Whether a quote has colour in it (a colour, its add-on or a men's colour
 * blend): the skin-test note shows exactly then (spec section 9).
 */
export function quoteHasColour(services: readonly Pick<Service, "cat1" | "cat2">[]): boolean {
  return services.some((s) => hasProductCharge(s));
}

export interface PricedItem {
  id: number;
  service: string;
  price: number;
}

/** The items at a level and their total: the sum of all selected items. */
export function priceServices(services: readonly Service[], level: Pick<Level, "adapter">) {
  const items = services.map((s) => ({ id: s.id, service: s.service, price: itemPrice(s, level) }));
  return { items, total: items.reduce((sum, item) => sum + item.price, 0) };
}

// ---------------------------------------------------------------------------
// Chair time

/** The visit's chair time: the services' minutes added up (each one's processing included). */
export function totalMinutes(services: readonly Pick<Service, "minutes">[]): number {
  return services.reduce((sum, s) => sum + s.minutes, 0);
}

/** "about 2 hours 30 minutes", "about 45 minutes", "about 1 hour": how long a visit takes, in words. */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts: string[] = [];
  if (hours > 0) parts.push(`${hours} ${hours === 1 ? "hour" : "hours"}`);
  if (rest > 0 || hours === 0) parts.push(`${rest} ${rest === 1 ? "minute" : "minutes"}`);
  return `about ${parts.join(" ")}`;
}

/** A price list cell's time: "1 hr 45 min", "30 min". */
export function formatShortDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} hr` : `${hours} hr ${rest} min`;
}

/** Only services priced above 0 are listed. */
export function isListed(service: Pick<Service, "price">): boolean {
  return service.price > 0;
}

// ---------------------------------------------------------------------------
// Levels

/** 'Up a level' moves to id + 1 only when the id is 0 to 8. */
export function canGoUp(levelId: number): boolean {
  return levelId >= 0 && levelId <= 8;
}

/** 'Down a level' moves to id - 1 only when the id is above 1. */
export function canGoDown(levelId: number): boolean {
  return levelId > 1;
}

/** A level is offered at a salon when one of its stylists there works at it. */
export function levelOfferedAt(levelId: number, salonId: number, stylists: readonly Pick<Stylist, "level" | "salon">[]): boolean {
  return stylists.some((s) => s.level === levelId && s.salon === salonId);
}

/** The levels a salon offers, in level order. */
export function levelsAtSalon<L extends Pick<Level, "id">>(
  levels: readonly L[],
  salonId: number,
  stylists: readonly Pick<Stylist, "level" | "salon">[],
): L[] {
  return levels.filter((l) => levelOfferedAt(l.id, salonId, stylists));
}

/**
 * 'Down a level' / 'Up a level' among the levels a salon offers: the nearest
 * one below or above, within the spec's limits (up from ids 0 to 8, down from
 * ids above 1), or undefined when there is none.
 */
export function neighbourLevel(levelId: number, direction: "up" | "down", offeredIds: readonly number[]): number | undefined {
  if (direction === "up" ? !canGoUp(levelId) : !canGoDown(levelId)) return undefined;
  const candidates = offeredIds.filter((id) => (direction === "up" ? id > levelId : id < levelId && id >= 1));
  if (candidates.length === 0) return undefined;
  return direction === "up" ? Math.min(...candidates) : Math.max(...candidates);
}

/** What the server and the pages say when nobody at the salon works at the level. */
export function levelNotOfferedMessage(levelName: string, salonName: string): string {
  return `We don't have ${withArticle(levelName)} at ${salonName}. Please choose one of the levels ${salonName} offers, or another salon.`;
}

/** Colour services New Starters may not do by id (spec section 5), besides the categories below. */
export const NEW_STARTER_BARRED_SERVICE_IDS: readonly number[] = [10, 14];

/** Colour categories faded out at level 1: Balayage, Full Head Bleaching, Vivids and Corrective. */
export const NEW_STARTER_BARRED_COLOUR_CAT2: readonly number[] = [
  ColourCat2.balayage,
  ColourCat2.bleach,
  ColourCat2.vivids,
  ColourCat2.correction,
];

export type Availability = { available: true } | { available: false; reason: string };

/** Whether a stylist at this level may do the service, and if not, what to tell the visitor. */
export function availability(service: Pick<Service, "id" | "cat1" | "cat2">, levelId: number): Availability {
  if (levelId !== NEW_STARTER_LEVEL_ID) return { available: true };
  if (isSlot("mensCut", service)) return { available: false, reason: NEW_STARTER_MENS_CUT_MESSAGE };
  if (
    service.cat1 === Cat1.colour &&
    (NEW_STARTER_BARRED_COLOUR_CAT2.includes(service.cat2) || NEW_STARTER_BARRED_SERVICE_IDS.includes(service.id))
  ) {
    return { available: false, reason: "New Starters don't offer this service yet. Please choose a different level or stylist." };
  }
  return { available: true };
}

export function isAvailable(service: Pick<Service, "id" | "cat1" | "cat2">, levelId: number): boolean {
  return availability(service, levelId).available;
}

// ---------------------------------------------------------------------------
// Colour categories

export type ColourCategoryKey =
  | "roots"
  | "roots-refresh"
  | "full-head"
  | "foils"
  | "balayage"
  | "bleach"
  | "vivids"
  | "correction";

export interface ColourCategory {
  key: ColourCategoryKey;
  label: string;
  cat2: number;
  /** Roots and Roots & Refresh pick the first or second classic colour price directly. */
  pick?: 0 | 1;
  /** The colour add-on step is skipped for this category. */
  skipAddOn: boolean;
}

export const colourCategories: readonly ColourCategory[] = [
  { key: "roots", label: "Roots", cat2: ColourCat2.classic, pick: 0, skipAddOn: true },
  { key: "roots-refresh", label: "Roots & Refresh", cat2: ColourCat2.classic, pick: 1, skipAddOn: true },
  { key: "full-head", label: "Full Head Colour", cat2: ColourCat2.fullHead, skipAddOn: false },
  { key: "foils", label: "Foils", cat2: ColourCat2.foils, skipAddOn: false },
  { key: "balayage", label: "Balayage", cat2: ColourCat2.balayage, skipAddOn: true },
  { key: "bleach", label: "Full Head Bleach", cat2: ColourCat2.bleach, skipAddOn: false },
  { key: "vivids", label: "Vivids", cat2: ColourCat2.vivids, skipAddOn: true },
  { key: "correction", label: "Colour Correction", cat2: ColourCat2.correction, skipAddOn: true },
];

export function findColourCategory(key: string | null | undefined): ColourCategory | undefined {
  return colourCategories.find((c) => c.key === key);
}

/** The choices that belong to the colour and go when it goes: its add-on and the bond-building mixed into it. */
export const COLOUR_DEPENDENT_SLOTS = ["colourAddOn", "plex"] as const satisfies readonly Slot[];

/**
 * The one colour a category offers at a level, when it offers exactly one:
 * the category's sub-step is then skipped and that colour chosen.
 */
export function onlyColourIn(category: ColourCategory, services: readonly Service[], levelId: number | undefined): Service | undefined {
  const offered = coloursInCategory(category, services).filter((s) => levelId === undefined || isAvailable(s, levelId));
  return offered.length === 1 ? offered[0] : undefined;
}

/** Colours that lift the hair lighter (foils, balayage, bleach, vivids, which are lightened first, and correction): bond-building protects it while it lightens. */
const LIGHTENING_COLOUR_CAT2: readonly number[] = [ColourCat2.foils, ColourCat2.balayage, ColourCat2.bleach, ColourCat2.vivids, ColourCat2.correction];

/** Whether the chosen colour lightens the hair (the bond-building step's words depend on it). */
export function lightensHair(colour: Pick<Service, "cat1" | "cat2"> | undefined): boolean {
  return colour !== undefined && colour.cat1 === Cat1.colour && LIGHTENING_COLOUR_CAT2.includes(colour.cat2);
}

/** Whether a colour of this cat2 skips the add-on step (Roots, Roots & Refresh, Balayage, Vivids, Corrective). */
export function skipsAddOn(colourCat2: number): boolean {
  return colourCat2 === ColourCat2.classic || colourCategories.some((c) => c.cat2 === colourCat2 && c.skipAddOn);
}

/** The category a chosen colour service belongs to (Roots or Roots & Refresh by its place in the list). */
export function categoryOfColour(colour: Service, services: readonly Service[]): ColourCategory | undefined {
  if (colour.cat2 === ColourCat2.classic) {
    const index = classicColours(services).findIndex((s) => s.id === colour.id);
    return colourCategories.find((c) => c.pick === index);
  }
  return colourCategories.find((c) => c.cat2 === colour.cat2);
}

/** The listed classic colours, in price-list order: Roots first, Roots & Refresh second. */
export function classicColours(services: readonly Service[]): Service[] {
  return services.filter((s) => s.cat1 === Cat1.colour && s.cat2 === ColourCat2.classic && isListed(s));
}

/** The colour services a category offers (for Roots and Roots & Refresh, the one it picks). */
export function coloursInCategory(category: ColourCategory, services: readonly Service[]): Service[] {
  if (category.pick !== undefined) {
    const picked = classicColours(services)[category.pick];
    return picked ? [picked] : [];
  }
  return services.filter((s) => s.cat1 === Cat1.colour && s.cat2 === category.cat2 && isListed(s));
}

/** Colour add-ons go with one kind of colour: cat2 1 with foils, 2 with bleach, 3 with full head colour. */
const ADD_ON_FOR_COLOUR: Readonly<Record<number, number>> = {
  [ColourCat2.foils]: 1,
  [ColourCat2.bleach]: 2,
  [ColourCat2.fullHead]: 3,
};

/** The add-on cat2 that goes with a colour's cat2, or undefined when none does. */
export function addOnCat2For(colourCat2: number): number | undefined {
  return ADD_ON_FOR_COLOUR[colourCat2];
}

export function addOnMatches(addOn: Pick<Service, "cat1" | "cat2">, colour: Pick<Service, "cat2">): boolean {
  return addOn.cat1 === Cat1.colourAddOn && !skipsAddOn(colour.cat2) && addOnCat2For(colour.cat2) === addOn.cat2;
}

// ---------------------------------------------------------------------------
// Slots: the choices each calculator type asks for

export type Slot = "colour" | "colourAddOn" | "plex" | "finish" | "finishAddOn" | "treatment" | "mensCut" | "mensColour";

interface SlotRule {
  cat1: number;
  cat2?: number;
  /** Optional slots offer 'No, thanks' ("none"); required ones need a service. */
  optional: boolean;
}

export const slotRules: Readonly<Record<Slot, SlotRule>> = {
  colour: { cat1: Cat1.colour, optional: false },
  colourAddOn: { cat1: Cat1.colourAddOn, optional: true },
  plex: { cat1: Cat1.treatment, cat2: 1, optional: true },
  finish: { cat1: Cat1.finish, cat2: 0, optional: false },
  finishAddOn: { cat1: Cat1.finishAddOn, optional: true },
  treatment: { cat1: Cat1.treatment, cat2: 2, optional: true },
  mensCut: { cat1: Cat1.mens, cat2: 0, optional: false },
  mensColour: { cat1: Cat1.mens, cat2: 1, optional: true },
};

/** The calculator's steps after the stylist or level, in order (spec: 'Calculator step sequence'). */
export const slotsFor: Readonly<Record<CalculatorType, readonly Slot[]>> = {
  Colour: ["colour", "colourAddOn", "plex", "finish", "finishAddOn"],
  CuttingStyling: ["finish", "finishAddOn", "treatment"],
  Men: ["mensCut", "mensColour"],
};

export function isSlot(slot: Slot, service: Pick<Service, "cat1" | "cat2">): boolean {
  const rule = slotRules[slot];
  return service.cat1 === rule.cat1 && (rule.cat2 === undefined || service.cat2 === rule.cat2);
}

/** The slot a service fills, if any. */
export function slotOf(service: Pick<Service, "cat1" | "cat2">): Slot | undefined {
  return (Object.keys(slotRules) as Slot[]).find((slot) => isSlot(slot, service));
}

/** A slot's answer: a service id, "none" for 'No, thanks', or undefined while unanswered. */
export type Choice = number | "none" | undefined;
export type Selections = Partial<Record<Slot, Choice>>;

/**
 * Whether every choice of the type is made (spec section 4):
 * Colour: colour, add-on, plex, finish and finish add-on, or colour, the skip flag, finish and finish add-on.
 * CuttingStyling: treatment, finish and finish add-on. Men: men's colour and cut.
 */
export function allSelected(type: CalculatorType, s: Selections, skipAddOn: boolean): boolean {
  const chosen = (slot: Slot) => s[slot] !== undefined;
  switch (type) {
    case "Colour":
      return (
        (chosen("colour") && chosen("colourAddOn") && chosen("plex") && chosen("finish") && chosen("finishAddOn")) ||
        (chosen("colour") && skipAddOn && chosen("finish") && chosen("finishAddOn"))
      );
    case "CuttingStyling":
      return chosen("treatment") && chosen("finish") && chosen("finishAddOn");
    case "Men":
      return chosen("mensColour") && chosen("mensCut");
  }
}

/** The options a slot lists at a level: listed services of the slot (a colour's add-ons only). */
export function slotOptions(
  slot: Slot,
  services: readonly Service[],
  context: { colour?: Service | undefined } = {},
): Service[] {
  return services.filter((s) => {
    if (!isSlot(slot, s) || !isListed(s)) return false;
    if (slot === "colourAddOn") return context.colour !== undefined && addOnMatches(s, context.colour);
    return true;
  });
}

// ---------------------------------------------------------------------------
// Checking a quote as the server receives it: a list of service ids

export type QuoteCheck =
  | { ok: true; type: CalculatorType; services: Service[]; items: PricedItem[]; total: number; minutes: number }
  | { ok: false; error: string };

/**
 * Prices a list of service ids at a level, refusing any combination the
 * calculator would not produce: unknown or unlisted services, a service the
 * level may not do, two services for one choice, an add-on that does not go
 * with the colour, a choice from another type, or a required choice missing.
 */
export function checkQuote(
  serviceIds: readonly number[],
  catalogue: readonly Service[],
  level: Level,
): QuoteCheck {
  if (serviceIds.length === 0) return { ok: false, error: "Please choose at least one service" };
  if (new Set(serviceIds).size !== serviceIds.length) return { ok: false, error: "A service was chosen twice" };
  const services: Service[] = [];
  for (const id of serviceIds) {
    const service = catalogue.find((s) => s.id === id);
    if (!service || !isListed(service)) return { ok: false, error: `We don't have a service with id ${id}` };
    services.push(service);
  }
  for (const service of services) {
    const verdict = availability(service, level.id);
    if (!verdict.available) return { ok: false, error: verdict.reason };
  }

  // An add-on or bond-building goes with its colour: without one it is an orphan, not a treatment of its own.
  const orphan = services.find((s) => COLOUR_DEPENDENT_SLOTS.some((slot) => isSlot(slot, s)));
  if (orphan && !services.some((s) => isSlot("colour", s))) {
    return { ok: false, error: `${orphan.service} goes with a colour, and this quote has no colour: please choose a colour or take it off` };
  }

  const type: CalculatorType = services.some((s) => s.cat1 === Cat1.mens)
    ? "Men"
    : services.some((s) => s.cat1 === Cat1.colour)
      ? "Colour"
      : "CuttingStyling";
  const bySlot = new Map<Slot, Service>();
  for (const service of services) {
    const slot = slotOf(service);
    if (!slot || !slotsFor[type].includes(slot)) {
      return { ok: false, error: `${service.service} can't be added to this quote` };
    }
    if (bySlot.has(slot)) return { ok: false, error: `Only one of ${bySlot.get(slot)!.service} and ${service.service} can be chosen` };
    bySlot.set(slot, service);
  }
  const colour = bySlot.get("colour");
  const addOn = bySlot.get("colourAddOn");
  if (addOn && (!colour || !addOnMatches(addOn, colour))) {
    return { ok: false, error: `${addOn.service} doesn't go with ${colour?.service ?? "this colour"}` };
  }
  const selections: Selections = {};
  for (const slot of slotsFor[type]) {
    const chosen = bySlot.get(slot);
    if (chosen) selections[slot] = chosen.id;
    else if (slotRules[slot].optional) selections[slot] = "none";
  }
  if (!allSelected(type, selections, colour ? skipsAddOn(colour.cat2) : false)) {
    return { ok: false, error: "This quote is missing a service: please go back to the calculator and finish your choices" };
  }
  // The price list's order, the calculator's order.
  const ordered = slotsFor[type].flatMap((slot) => (bySlot.has(slot) ? [bySlot.get(slot)!] : []));
  const { items, total } = priceServices(ordered, level);
  return { ok: true, type, services: ordered, items, total, minutes: totalMinutes(ordered) };
}

// ---------------------------------------------------------------------------
// The first-visit offer on a saved quote (spec section 9)

export const FIRST_VISIT_OFFER = { code: "QG20", percent: 20, validDays: 4 } as const;

/** total * 0.8, in whole pounds. */
export function discountedTotal(total: number, percent: number = FIRST_VISIT_OFFER.percent): number {
  return Math.round((total * (100 - percent)) / 100);
}
