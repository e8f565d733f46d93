/**
 * The calculator's state, kept in the address bar so that a reload keeps it,
 * the back button walks back through the choices, and every step is a link or
 * a form that posts (the pages are documents, decision 0052). Pure.
 */
import type { Level, Salon, Service, Stylist } from "~/modules/catalogue/entities";
import {
  allSelected,
  availability,
  calculatorTypes,
  categoryOfColour,
  findColourCategory,
  COLOUR_DEPENDENT_SLOTS,
  isListed,
  isSlot,
  levelOfferedAt,
  onlyColourIn,
  priceServices,
  skipsAddOn,
  slotOptions,
  slotRules,
  slotsFor,
  addOnMatches,
  type CalculatorType,
  type Choice,
  type PricedItem,
  type Selections,
  type Slot,
} from "./pricing";

/** How the quote is made: the spec's 'Level' and 'Stylist', plus a budget (totals-by-price). */
export type Selector = "Level" | "Stylist" | "Price";

/**
 * The spec's default salon (section 9), used only when the catalogue does not
 * say which salon is this site's own: the calculator starts at the site's own
 * salon (docs/decisions/0017-calculator-tidy.md).
 */
export const DEFAULT_SALON_ID = 2;

/** A stylist as the calculator shows them: their portrait and their paragraphs as one bio. */
export type CalculatorStylist = Pick<
  Stylist,
  "id" | "first_name" | "last_name" | "slug" | "level" | "salon" | "taking_new_clients"
> & { image: string; bio: string[] };

export type CalculatorSalon = Pick<Salon, "id" | "name">;

export interface CalculatorCatalogue {
  services: Service[];
  levels: Level[];
  stylists: CalculatorStylist[];
  salons: CalculatorSalon[];
  /** This site's own salon (the academy), where the calculator starts; the spec's salon 2 when unknown. */
  homeSalonId?: number | undefined;
}

/** The salon the calculator starts at: this site's own, or the spec's default. */
export function startingSalonId(catalogue: Pick<CalculatorCatalogue, "homeSalonId">): number {
  return catalogue.homeSalonId ?? DEFAULT_SALON_ID;
}

/** URL parameter for each slot. */
export const slotParams: Readonly<Record<Slot, string>> = {
  colour: "colour",
  colourAddOn: "addon",
  plex: "plex",
  finish: "finish",
  finishAddOn: "fadd",
  treatment: "treat",
  mensCut: "cut",
  mensColour: "mcol",
};

const typeParam: Record<CalculatorType, string> = { Colour: "colour", CuttingStyling: "cutting", Men: "men" };
const selectorParam: Record<Selector, string> = { Level: "level", Stylist: "stylist", Price: "budget" };

function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d{1,6}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
}

function choice(value: string | null): Choice {
  if (value === "none") return "none";
  return positiveInt(value);
}

/** What the address bar says, before it is checked against the catalogue. */
export type RawState = ReturnType<typeof parseState>;

export function parseState(params: URLSearchParams) {
  const type = calculatorTypes.find((t) => typeParam[t] === params.get("type"));
  const selector = (Object.keys(selectorParam) as Selector[]).find((s) => selectorParam[s] === params.get("by"));
  const regularParam = params.get("regular");
  const selections: Selections = {};
  for (const [slot, name] of Object.entries(slotParams) as [Slot, string][]) {
    const value = choice(params.get(name));
    if (value !== undefined) selections[slot] = value;
  }
  const budget = Number(params.get("budget"));
  return {
    type,
    selector,
    regular: regularParam === "yes" ? true : regularParam === "no" ? false : undefined,
    salonId: positiveInt(params.get("salon")),
    levelId: positiveInt(params.get("level")),
    stylistSlug: params.get("stylist") ?? undefined,
    category: params.get("cat") ?? undefined,
    selections,
    edit: params.get("edit") ?? undefined,
    budget: Number.isFinite(budget) && budget > 0 ? Math.min(Math.round(budget), 100_000) : undefined,
  };
}

/** Changes to the address: a value sets the parameter, null removes it. */
export type StatePatch = Partial<{
  type: CalculatorType | null;
  selector: Selector | null;
  regular: boolean | null;
  salonId: number | null;
  levelId: number | null;
  stylistSlug: string | null;
  category: string | null;
  edit: string | null;
  budget: number | null;
  show: string | null;
  /** The stylist whose details are open ('About {name}'), by slug: a view of the page, not a choice. */
  about: string | null;
}> & { selections?: Partial<Record<Slot, Choice | null>> };

/** The parameters a change sets as they are given, in the address's order. */
const plainParams = { salonId: "salon", levelId: "level", stylistSlug: "stylist", category: "cat", edit: "edit", budget: "budget", show: "show", about: "about" } as const;

/** The search string after a change, keeping every other parameter as it was. */
export function patchSearch(params: URLSearchParams, patch: StatePatch): string {
  const next = new URLSearchParams(params);
  const set = (name: string, value: string | number | null | undefined) => {
    if (value === undefined) return;
    if (value === null) next.delete(name);
    else next.set(name, String(value));
  };
  set("type", patch.type === undefined ? undefined : patch.type && typeParam[patch.type]);
  set("by", patch.selector === undefined ? undefined : patch.selector && selectorParam[patch.selector]);
  set("regular", patch.regular === undefined ? undefined : patch.regular === null ? null : patch.regular ? "yes" : "no");
  for (const [key, name] of Object.entries(plainParams) as [keyof typeof plainParams, string][]) set(name, patch[key]);
  for (const [slot, value] of Object.entries(patch.selections ?? {}) as [Slot, Choice | null][]) {
    set(slotParams[slot], value === undefined ? null : value);
  }
  const search = next.toString();
  return search ? `?${search}` : "";
}

/** A fresh calculator for a type: the selections are reset (spec: choosing a type resets them). */
export function startSearch(type: CalculatorType, regular: boolean | undefined, extra: StatePatch = {}): string {
  return patchSearch(new URLSearchParams(), { type, regular: regular ?? null, ...extra });
}

export type Step = "stylist" | "level" | Slot;

/** The state checked against the catalogue: what the pages show and price. */
export type CalculatorState = ReturnType<typeof resolveState>;

/** Whether a step has its answer: the stylist, the level, or the slot's choice. */
export const isAnswered = (state: { stylist: CalculatorStylist | undefined; level: Level | undefined; selections: Selections }, step: Step) =>
  step === "stylist" ? state.stylist !== undefined : step === "level" ? state.level !== undefined : state.selections[step] !== undefined;

function chosenService(catalogue: CalculatorCatalogue, slot: Slot, value: Choice): Service | undefined {
  if (typeof value !== "number") return undefined;
  const service = catalogue.services.find((s) => s.id === value);
  return service && isSlot(slot, service) && isListed(service) ? service : undefined;
}

/**
 * Checks the address bar's state against the catalogue: a stylist sets the
 * level, choices the level may not do or that no longer fit are dropped, and
 * the steps, the current step and the total follow.
 */
export function resolveState(raw: RawState & { type: CalculatorType }, catalogue: CalculatorCatalogue) {
  const stylist = raw.stylistSlug ? catalogue.stylists.find((s) => s.slug === raw.stylistSlug) : undefined;
  const levelId = stylist ? stylist.level : raw.selector === "Price" ? undefined : raw.levelId;
  const salonId = raw.salonId ?? (stylist ? stylist.salon : startingSalonId(catalogue));
  const salon = catalogue.salons.find((s) => s.id === salonId) ?? catalogue.salons.find((s) => s.id === startingSalonId(catalogue));
  // A level is offered at a salon when one of its stylists there works at it; a chosen stylist sets their own.
  const levelInAddress = catalogue.levels.find((l) => l.id === levelId);
  const offered = !levelInAddress || stylist !== undefined || (salon !== undefined && levelOfferedAt(levelInAddress.id, salon.id, catalogue.stylists));
  const level = offered ? levelInAddress : undefined;
  const unavailableLevel = offered ? undefined : levelInAddress;

  // A colour category with only one colour to offer has no choice to ask: that colour is chosen.
  const rawSelections: Selections = { ...raw.selections };
  const rawCategory = findColourCategory(raw.category);
  if (raw.type === "Colour" && rawSelections.colour === undefined && rawCategory && rawCategory.pick === undefined) {
    const only = onlyColourIn(rawCategory, catalogue.services, level?.id);
    if (only) rawSelections.colour = only.id;
  }

  const selections: Selections = {};
  const dropped: { service: Service; reason: string }[] = [];
  let colour: Service | undefined;
  const colourDropped = () => dropped.some((d) => isSlot("colour", d.service));
  for (const slot of slotsFor[raw.type]) {
    const value = rawSelections[slot];
    if (value === undefined) continue;
    // The colour's add-on and bond-building go with it: none without a colour.
    const dependent = (COLOUR_DEPENDENT_SLOTS as readonly Slot[]).includes(slot);
    if (dependent && !colour) {
      const service = chosenService(catalogue, slot, value);
      if (service && colourDropped()) dropped.push({ service, reason: "It goes with the colour, so it came off with it." });
      continue;
    }
    if (value === "none") {
      if (slotRules[slot].optional) selections[slot] = "none";
      continue;
    }
    const service = chosenService(catalogue, slot, value);
    if (!service) continue;
    if (slot === "colourAddOn" && (!colour || !addOnMatches(service, colour))) continue;
    if (level) {
      const verdict = availability(service, level.id);
      if (!verdict.available) {
        dropped.push({ service, reason: verdict.reason });
        continue;
      }
    }
    selections[slot] = service.id;
    if (slot === "colour") colour = service;
  }

  const category = colour ? categoryOfColour(colour, catalogue.services) : findColourCategory(raw.category);
  const skipAddOn = colour ? skipsAddOn(colour.cat2) : (category?.skipAddOn ?? false);
  if (skipAddOn) delete selections.colourAddOn;
  // A colour whose add-ons are all unlisted has nothing to ask.
  if (colour && !skipAddOn && slotOptions("colourAddOn", catalogue.services, { colour }).length === 0) {
    selections.colourAddOn = "none";
  }

  const first: Step[] = raw.selector === "Stylist" ? ["stylist"] : raw.selector === "Level" ? ["level"] : [];
  const steps: Step[] = [...first, ...slotsFor[raw.type].filter((slot) => !(slot === "colourAddOn" && skipAddOn))];
  const answered = (step: Step) => isAnswered({ stylist, level, selections }, step);
  const editing = steps.find((s) => s === raw.edit);
  const current = editing ?? steps.find((s) => !answered(s));

  const services = slotsFor[raw.type].flatMap((slot) => {
    const service = chosenService(catalogue, slot, selections[slot]);
    return service ? [service] : [];
  });
  const priced = level ? priceServices(services, level) : { items: [] as PricedItem[], total: 0 };
  const complete =
    steps.every(answered) &&
    (raw.selector !== "Stylist" || stylist !== undefined) &&
    allSelected(raw.type, selections, skipAddOn);

  return {
    type: raw.type,
    selector: raw.selector,
    regular: raw.regular,
    salon,
    stylist,
    level,
    category,
    selections,
    /** Chosen services that the level may not do, and what went with them: dropped, with the reason. */
    dropped,
    /** The level in the address when nobody at the chosen salon works at it: not chosen, and said so. */
    unavailableLevel,
    skipAddOn,
    steps,
    current,
    complete,
    /** The chosen services in the calculator's order. */
    services,
    /** Priced at the level, when there is one. */
    items: priced.items,
    total: priced.total,
  };
}

/** The view parameter (not a choice): which stylist's details are open. */
export function viewOf(params: URLSearchParams): { about: string | undefined } {
  return { about: params.get("about") ?? undefined };
}

/**
 * The quote the address describes, for the server to check and price itself: what a finished calculator saves as a
 * quote (POST /api/save-quote-details' body, less the visitor's details).
 */
export function quoteChoicesOf(state: CalculatorState) {
  return {
    salon_id: state.salon?.id,
    regular: state.regular,
    // A budget quote is saved with its stylist.
    selector: state.selector === "Level" ? ("Level" as const) : ("Stylist" as const),
    // A level the salon does not offer is still sent, for the server to refuse with its reason.
    level_id: state.level?.id ?? state.unavailableLevel?.id,
    stylist_id: state.stylist?.id ?? null,
    service_ids: state.services.map((s) => s.id),
  };
}

export const typeLabels: Readonly<Record<CalculatorType, string>> = {
  Colour: "Colour, Cutting & Styling",
  CuttingStyling: "Cutting & Styling only",
  Men: "Men's Hairdressing",
};

export const stepLabels: Readonly<Record<Step, string>> = {
  stylist: "Your stylist",
  level: "Stylist level",
  colour: "Colour service",
  colourAddOn: "Colour add-on",
  plex: "Bond-building formula",
  finish: "Cut or finish",
  finishAddOn: "Finishing touch",
  treatment: "Intensive treatment",
  mensCut: "Men's cut",
  mensColour: "Men's colour",
};

/**
 * Whether a visitor may choose this stylist: anyone when she takes new
 * clients; only a returning client (regular) when she doesn't, since her
 * column is full of regulars, not closed to them.
 */
export function canChoose(stylist: Pick<CalculatorStylist, "taking_new_clients">, regular: boolean | undefined): boolean {
  return stylist.taking_new_clients || regular === true;
}
