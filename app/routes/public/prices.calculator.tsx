import type { ReactNode } from "react";
import { href as routeHref, Link } from "react-router";
import { CalculatorPage, DroppedNotice, LevelNotOffered, Notice, Option, SkinTestNote } from "~/components/calculator/parts";
import { StylistPicker } from "~/components/calculator/stylist-picker";
import { useCalculator, usePricesData, type Calculator } from "~/components/calculator/use-calculator";
import { TextLink } from "~/components/page";
import { STEP_INTROS, type IntroducedStep } from "~/modules/pricing/step-intros";
import { stepIntroFor, type CodeWords } from "~/modules/site/words";
import { guardedLoader } from "~/web/calculator-guard";
import { isAnswered, startingSalonId, stepLabels, typeLabels, type CalculatorState, type Step } from "~/modules/pricing/calculator-state";
import {
  availability,
  coloursInCategory,
  colourCategories,
  isAvailable,
  isSlot,
  itemPrice,
  levelsAtSalon,
  lightensHair,
  NEW_STARTER_LEVEL_ID,
  onlyColourIn,
  quoteHasColour,
  slotOptions,
  slotRules,
  type ColourCategoryKey,
  type Slot,
} from "~/modules/pricing/pricing";
import type { Service } from "~/modules/catalogue/entities";
import { formatPounds } from "~/utils/money";

export function meta() {
  return [
    { title: "Price calculator | Base Hair Academy" },
    {
      name: "description",
      content:
        "Build your appointment step by step and see the price as you go: choose your stylist or their level, your colour, cut and finishing touches, then save your quote.",
    },
  ];
}

export const loader = guardedLoader;


const totalsPath = { Level: "/prices/total-by-level", Stylist: "/prices/total-by-stylist", Price: "/prices/total-by-price" } as const;

const optionalLabels: Partial<Record<Slot, string>> = {
  colourAddOn: "No add-on, thanks",
  plex: "No bond-building, thanks",
  finishAddOn: "No finishing touch, thanks",
  treatment: "No treatment, thanks",
  mensColour: "No colour, thanks",
};

const colourDescriptions: Record<ColourCategoryKey, { text: string; link?: { to: ColourCategoryKey; before: string; label: string; after: string } }> = {
  roots: { text: "Colour on the regrowth only, matched to the rest of your hair." },
  "roots-refresh": { text: "Roots, with colour pulled through the lengths to brighten faded ends." },
  "full-head": { text: "One colour from root to tip, from a subtle gloss to a complete change." },
  foils: {
    text: "Highlights or lowlights woven in foils, from a few face-framing pieces to a full head.",
  },
  balayage: {
    text: "Hand-painted lightness that grows out softly.",
    link: { to: "foils", before: "Prefer an even, all-over lift? Try ", label: "foils", after: "." },
  },
  bleach: { text: "Lightening from root to tip, for platinum or a base for vivids, finished with a toner." },
  vivids: {
    text: "Bright pinks, blues, purples and coppers.",
    link: { to: "bleach", before: "Dark hair? You may need a ", label: "full head bleach", after: " first." },
  },
  correction: { text: "Fixing colour that hasn't gone to plan, priced per hour. We'll plan it with you at a consultation." },
};

/** /prices/calculator: the progressive panels (spec: 'Calculator step sequence'). */
export default function PricesCalculator() {
  const calculator = useCalculator();
  const { state, href, raw } = calculator;

  // Every step up to the current one, and answered steps after it (while one is being changed).
  const currentIndex = state.current ? state.steps.indexOf(state.current) : state.steps.length;
  const shown = state.steps.filter((step, i) => i <= currentIndex || isAnswered(state, step));

  return (
    <CalculatorPage
      eyebrow={typeLabels[state.type]}
      title="Build your quote"
      lead={
        <p>
          Make a choice in each step and we'll work out your price as you go.{" "}
          <TextLink to={routeHref("/prices")}>Start again</TextLink>
        </p>
      }
    >
      {state.type === "Colour" || quoteHasColour(state.services) ? <SkinTestNote regular={raw.regular} className="mb-8" /> : null}
      {state.dropped.length > 0 ? (
        <DroppedNotice title="We've taken something off your quote" dropped={state.dropped} className="mb-8">
          Your stylist or level can't do these yet. Choose again below.
        </DroppedNotice>
      ) : null}

      <ol className="space-y-4">
        {shown.map((step) => (
          <StepPanel key={step} step={step} number={state.steps.indexOf(step) + 1} calculator={calculator} state={state} />
        ))}
      </ol>

      {state.current === undefined && state.complete ? (
        <section aria-labelledby="step-done-heading" className="mt-6 rounded-2xl bg-ink p-6 text-chalk sm:p-8">
          <h2 id="step-done-heading" tabIndex={-1} autoFocus className="text-2xl outline-none">
            {state.level ? `Your estimate: ${formatPounds(state.total)}` : "Your services are chosen"}
          </h2>
          <p className="mt-2">
            {state.selector === "Price"
              ? "Now tell us your budget and we'll show you the stylists who fit it."
              : "See the full breakdown, then save your quote to have it sent to you."}
          </p>
          <p className="mt-5">
            <Link to={href({ edit: null }, totalsPath[state.selector ?? "Level"])} className="button bg-blush text-ink hover:bg-chalk">
              {state.selector === "Price" ? "Find stylists in my budget" : "See my quote"}
            </Link>
          </p>
        </section>
      ) : null}

      {state.level && state.current !== undefined && state.items.length > 0 ? (
        <p className="mt-6 text-lg" aria-live="polite">
          Running total: <strong>{formatPounds(state.total)}</strong>
        </p>
      ) : null}

      {!state.selector ? (
        <p className="mt-8">
          <TextLink to={href({}, "/prices/selector")}>Choose how to make your quote</TextLink>
        </p>
      ) : null}
    </CalculatorPage>
  );
}

/** A step's introduction, in the words of the flow it is part of: the salon's from the studio where set, the code's otherwise. */
function stepIntro(step: Step, state: CalculatorState, words: CodeWords): string | undefined {
  if (step === "finish" && state.type === "CuttingStyling") return "Choose your cut, blow-dry or finish.";
  // Roots or an all-over colour doesn't lighten: the words say what bond-building does for that colour.
  if (step === "plex" && !lightensHair(state.services.find((s) => isSlot("colour", s)))) {
    return "A bond-building formula mixed into your colour strengthens the hair from inside, so it stays stronger and shinier after colouring.";
  }
  return step in STEP_INTROS ? stepIntroFor(words, step as IntroducedStep, STEP_INTROS) : undefined;
}

function StepPanel({ step, number, calculator, state }: { step: Step; number: number; calculator: Calculator; state: CalculatorState }) {
  const open = state.current === step;
  const intro = stepIntro(step, state, usePricesData().words);
  const headingId = `step-${step}-heading`;
  const answered = isAnswered(state, step);
  return (
    <li>
      <section
        aria-labelledby={headingId}
        data-step={step}
        data-open={open ? "true" : undefined}
        // The open step slides in when a choice loads the next page (a view transition, app.css).
        className={`rounded-2xl p-5 sm:p-6 ${open ? "calculator-step bg-white shadow-sm ring-2 ring-brass-dark" : "bg-white/60 ring-1 ring-ink/10"}`}
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          {/* After a choice the page opens at the step it leads to, focused (a document's autofocus); not at the first. */}
          <h2 id={headingId} tabIndex={-1} autoFocus={open && number > 1} className="text-xl outline-none sm:text-2xl">
            <span className="mr-2 font-sans text-sm font-semibold tracking-[0.15em] text-brass-dark uppercase">Step {number}</span>
            {stepLabels[step]}
          </h2>
          {!open && answered ? (
            <Link
              to={calculator.href({ edit: step })}
              className="inline-flex min-h-11 items-center font-semibold text-brass-dark underline"
              aria-label={`Change ${stepLabels[step].toLowerCase()}`}
            >
              Change
            </Link>
          ) : null}
        </div>
        {open ? (
          <div className="mt-3">
            {intro ? <p>{intro}</p> : null}
            <div className="mt-4">
              <StepBody step={step} calculator={calculator} state={state} />
            </div>
          </div>
        ) : answered ? (
          <p className="mt-1 text-lg" data-testid={`summary-${step}`}>
            {answerSummary(step, calculator, state)}
          </p>
        ) : null}
      </section>
    </li>
  );
}

function answerSummary(step: Step, { catalogue }: Calculator, state: CalculatorState): ReactNode {
  if (step === "stylist" && state.stylist) {
    return `${state.stylist.first_name} ${state.stylist.last_name}, ${state.level?.name ?? ""}`;
  }
  if (step === "level" && state.level) return `${state.level.name}, ${state.salon?.name ?? ""}`;
  const choice = state.selections[step as Slot];
  if (choice === "none") return optionalLabels[step as Slot] ?? "No, thanks";
  const service = catalogue.services.find((s) => s.id === choice);
  if (!service) return null;
  return (
    <>
      {service.service}
      {state.level ? <span className="ml-2 font-semibold">{formatPounds(itemPrice(service, state.level))}</span> : null}
    </>
  );
}

function StepBody({ step, calculator, state }: { step: Step; calculator: Calculator; state: CalculatorState }) {
  if (step === "stylist") return <StylistStep calculator={calculator} state={state} />;
  if (step === "level") return <LevelStep calculator={calculator} state={state} />;
  if (step === "colour") return <ColourStep calculator={calculator} state={state} />;
  return <SlotStep slot={step} calculator={calculator} state={state} />;
}

function StylistStep({ calculator, state }: { calculator: Calculator; state: CalculatorState }) {
  const { catalogue, href } = calculator;
  // This site's own salon first, then the others.
  const home = startingSalonId(catalogue);
  const order = [home, ...catalogue.salons.map((s) => s.id).filter((id) => id !== home)];
  const groups = order.map((salonId) => ({
    key: String(salonId),
    heading: catalogue.salons.find((s) => s.id === salonId)?.name,
    stylists: catalogue.stylists.filter((s) => s.salon === salonId),
  }));
  return (
    <StylistPicker
      groups={groups}
      catalogue={catalogue}
      chooseHref={(stylist) => href({ stylistSlug: stylist.slug, salonId: stylist.salon, levelId: null, edit: null })}
      extra={(stylist) => (stylist.id === state.stylist?.id ? "Your chosen stylist" : undefined)}
    />
  );
}

function LevelStep({ calculator, state }: { calculator: Calculator; state: CalculatorState }) {
  const { catalogue, href } = calculator;
  const salon = state.salon;
  // Only the levels someone at the chosen salon works at.
  const levels = salon ? levelsAtSalon(catalogue.levels, salon.id, catalogue.stylists) : catalogue.levels;
  const home = startingSalonId(catalogue);
  const homeFirst = [...catalogue.salons].sort((a, b) => Number(b.id === home) - Number(a.id === home));
  return (
    <>
      <h3 className="text-lg">Which salon would you like to visit?</h3>
      <ul className="mt-2 flex flex-wrap gap-2">
        {homeFirst.map((s) => (
          <li key={s.id}>
            <Link
              to={href({ salonId: s.id })}
              aria-current={salon?.id === s.id ? "true" : undefined}
              className="button choice-button"
            >
              {s.name}
            </Link>
          </li>
        ))}
      </ul>
      <h3 className="mt-6 text-lg">{salon ? `Choose a level at ${salon.name}` : "Choose a level"}</h3>
      <LevelNotOffered state={state} className="mt-2" />
      <ul className="mt-2 grid gap-3 sm:grid-cols-3">
        {levels.map((level) => (
          <li key={level.id} className="flex">
            <Option to={href({ levelId: level.id, edit: null })} current={state.level?.id === level.id}>
              <span className="font-semibold">{level.name}</span>
            </Option>
          </li>
        ))}
      </ul>
      <p className="mt-4">
        <TextLink to={routeHref("/prices/levels")}>What do the levels mean?</TextLink>
      </p>
    </>
  );
}

function priceLabel(service: Service, { catalogue }: Calculator, state: CalculatorState): string {
  if (state.level) return formatPounds(itemPrice(service, state.level));
  const prices = catalogue.levels.filter((l) => isAvailable(service, l.id)).map((l) => itemPrice(service, l));
  return prices.length ? `from ${formatPounds(Math.min(...prices))}` : "";
}

function ServiceOptions({
  services,
  chosen,
  choose,
  calculator,
  state,
}: {
  services: Service[];
  chosen: number | "none" | undefined;
  choose: (service: Service) => string;
  calculator: Calculator;
  state: CalculatorState;
}) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {services.map((service) => {
        const available = !state.level || availability(service, state.level.id).available;
        return (
          <li key={service.id} className="flex">
            <Option to={available ? choose(service) : undefined} current={chosen === service.id}>
              <span className="flex items-baseline justify-between gap-3">
                <span className="font-semibold">{service.service}</span>
                <span className="whitespace-nowrap tabular-nums">{priceLabel(service, calculator, state)}</span>
              </span>
              {available ? null : <span className="text-sm">Not offered by New Starters</span>}
            </Option>
          </li>
        );
      })}
    </ul>
  );
}

function ColourStep({ calculator, state }: { calculator: Calculator; state: CalculatorState }) {
  const { catalogue, href } = calculator;
  const category = state.category;
  if (category && category.pick === undefined) {
    return (
      <>
        <p className="mb-4">
          <Link
            to={href({ category: null, selections: { colour: null, colourAddOn: null } })}
            className="inline-flex min-h-11 items-center font-semibold text-brass-dark underline"
          >
            Click to go back to the categories
          </Link>
        </p>
        <h3 className="mb-3 text-lg">{category.label}</h3>
        <ServiceOptions
          services={coloursInCategory(category, catalogue.services)}
          chosen={state.selections.colour}
          choose={(service) => href({ selections: { colour: service.id, colourAddOn: null }, edit: null })}
          calculator={calculator}
          state={state}
        />
      </>
    );
  }
  const newStarter = state.level?.id === NEW_STARTER_LEVEL_ID;
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {colourCategories.map((c) => {
        const services = coloursInCategory(c, catalogue.services);
        const offered = services.filter((s) => !state.level || isAvailable(s, state.level.id));
        if (services.length === 0) return null;
        const description = colourDescriptions[c.key];
        const from = offered.length ? Math.min(...offered.map((s) => (state.level ? itemPrice(s, state.level) : Infinity))) : undefined;
        // Roots and Roots & Refresh, and a category with one colour to offer, choose it at once: no sub-step.
        const only = c.pick !== undefined ? services[0] : onlyColourIn(c, catalogue.services, state.level?.id);
        const target = only
          ? href({ category: c.key, selections: { colour: only.id, colourAddOn: null }, edit: null })
          : href({ category: c.key, selections: { colour: null, colourAddOn: null } });
        return (
          <li key={c.key} className="flex flex-col">
            <Option to={offered.length > 0 ? target : undefined} current={category?.key === c.key}>
              {offered.length > 0 ? (
                <span className="flex items-baseline justify-between gap-3">
                  <span className="font-semibold">{c.label}</span>
                  {from !== undefined && Number.isFinite(from) ? (
                    <span className="whitespace-nowrap tabular-nums">{c.pick !== undefined || offered.length === 1 ? formatPounds(from) : `from ${formatPounds(from)}`}</span>
                  ) : null}
                </span>
              ) : (
                <span className="font-semibold">{c.label}</span>
              )}
              <span className="text-sm">{description.text}</span>
              {offered.length > 0 ? null : <span className="text-sm">{newStarter ? "Not offered by New Starters" : "Not available"}</span>}
            </Option>
            {description.link ? (
              <p className="mt-1 px-2 text-sm">
                {description.link.before}
                <TextLink to={href({ category: description.link.to, selections: { colour: null, colourAddOn: null } })}>{description.link.label}</TextLink>
                {description.link.after}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

function SlotStep({ slot, calculator, state }: { slot: Slot; calculator: Calculator; state: CalculatorState }) {
  const { catalogue, href } = calculator;
  const colour = catalogue.services.find((s) => s.id === state.selections.colour);
  const options = slotOptions(slot, catalogue.services, { colour });
  const level = state.level;
  const verdicts = level ? options.map((s) => availability(s, level.id)) : [];
  const barred = verdicts.length > 0 && verdicts.every((v) => !v.available) ? verdicts[0] : undefined;
  const choose = (value: number | "none") => href({ selections: { [slot]: value }, edit: null });
  return (
    <>
      {slot === "mensColour" && !quoteHasColour(state.services) ? <SkinTestNote regular={calculator.raw.regular} className="mb-4" /> : null}
      {barred && !barred.available ? (
        <Notice tone="warning" className="mb-4">
          <p>{barred.reason}</p>
          <p className="mt-2">
            <TextLink to={href({ edit: state.selector === "Stylist" ? "stylist" : "level" })}>
              {state.selector === "Stylist" ? "Choose a different stylist" : "Choose a different level"}
            </TextLink>
          </p>
        </Notice>
      ) : null}
      <ServiceOptions
        services={options}
        chosen={state.selections[slot]}
        choose={(service) => choose(service.id)}
        calculator={calculator}
        state={state}
      />
      {slotRules[slot].optional ? (
        <p className="mt-3">
          <Link
            to={choose("none")}
            aria-current={state.selections[slot] === "none" ? "true" : undefined}
            className="option"
          >
            <span className="font-semibold">{optionalLabels[slot]}</span>
          </Link>
        </p>
      ) : null}
    </>
  );
}
