import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import {
  CalculatorPage,
  DroppedNotice,
  QuoteLines,
  RegularQuestion,
  RevealButton,
  SkinTestNote,
  useFocusOnChange,
} from "~/components/calculator/parts";
import { StylistPicker } from "~/components/calculator/stylist-picker";
import { usePricesData, useCalculator } from "~/components/calculator/use-calculator";
import { guardedLoader, onlyOnNewPage } from "~/web/calculator-guard";
import { typeLabels, viewOf } from "~/modules/pricing/calculator-state";
import { canGoDown, canGoUp } from "~/modules/pricing/pricing";
import { seededShuffle } from "~/utils/shuffle";

export function meta() {
  return [{ title: "Your estimate by level | Base Hair Academy" }];
}

export const loader = guardedLoader;

export const shouldRevalidate = onlyOnNewPage;

/** /prices/total-by-level: the total at a level, up and down a level, and the stylists at it. */
export default function TotalByLevel() {
  const { catalogue, state, href } = useCalculator();
  const { seed } = usePricesData();
  const [params] = useSearchParams();
  // 'I'm Happy!' is in the address without JavaScript (a link), in the page's state with it.
  const [happyHere, setHappy] = useState(false);
  const happy = happyHere || viewOf(params).happy;
  const showStylists = params.get("show") === "stylists";
  useFocusOnChange(showStylists ? "stylists" : undefined, () => "stylists-heading");
  useFocusOnChange(happy ? "happy" : undefined, () => "regular-heading");
  if (!state) return null;

  const level = state.level;
  if (!level) {
    return (
      <CalculatorPage eyebrow={typeLabels[state.type]} title="Choose a level first">
        <p>
          <Link to={href({ selector: "Level", edit: "level" }, "/prices/calculator")} className="button button-primary">
            Choose a level
          </Link>
        </p>
      </CalculatorPage>
    );
  }
  const salon = state.salon;
  const atLevel = catalogue.stylists.filter((s) => s.level === level.id);
  const here = seededShuffle(atLevel.filter((s) => s.salon === salon?.id), seed);
  const elsewhere = seededShuffle(atLevel.filter((s) => s.salon !== salon?.id), seed + 1);
  const up = level.id + 1;
  const down = level.id - 1;
  const levelExists = (id: number) => catalogue.levels.some((l) => l.id === id);

  return (
    <CalculatorPage eyebrow={typeLabels[state.type]} title={`Your estimate with a ${level.name}`}>
      <div className="rounded-2xl bg-white p-5 ring-1 ring-ink/10 sm:p-8">
        <p className="text-sm font-semibold tracking-[0.15em] text-sage uppercase" data-testid="level-name">
          {level.name}
        </p>
        <QuoteLines items={state.items} total={state.total} />
        <nav aria-label="Change level" className="mt-6 flex flex-wrap gap-3">
          <LevelButton label="Down a level" to={canGoDown(level.id) && levelExists(down) ? href({ levelId: down, show: null }) : undefined} />
          <LevelButton label="Up a level" to={canGoUp(level.id) && levelExists(up) ? href({ levelId: up, show: null }) : undefined} />
        </nav>
      </div>

      {state.dropped.length > 0 || !state.complete ? (
        <div className="mt-6">
          <DroppedNotice title={`Some of your choices aren't offered by a ${level.name}`} dropped={state.dropped}>
            Go up a level, or{" "}
            <Link to={href({ show: null }, "/prices/calculator")} className="font-semibold text-brass-dark underline">
              change your choices
            </Link>
            .
          </DroppedNotice>
        </div>
      ) : null}

      {state.type === "Colour" ? (
        <div className="mt-6">
          <SkinTestNote regular={state.regular} />
        </div>
      ) : null}

      <div className="mt-8 flex flex-wrap gap-3">
        <Link to={href({}, "/prices/calculator")} className="button button-outline">
          Change my services
        </Link>
        {state.complete ? (
          <>
            <Link to={href({ show: "stylists" })} preventScrollReset className="button button-primary">
              Show Stylists
            </Link>
            <RevealButton
              to={`${href({ happy: true })}#regular-heading`}
              expanded={happy}
              onReveal={() => setHappy(true)}
              className="button button-outline"
            >
              I'm Happy!
            </RevealButton>
          </>
        ) : null}
      </div>

      {happy && state.complete ? (
        <div className="mt-8">
          <RegularQuestion
            id="regular-heading"
            current={state.regular}
            href={(regular) => href({ regular, show: null, happy: null, stylistSlug: null }, "/prices/finish")}
          />
        </div>
      ) : null}

      {showStylists && state.complete ? (
        <section aria-labelledby="stylists-heading" className="mt-10">
          <h2 id="stylists-heading" tabIndex={-1} className="text-2xl outline-none">
            Stylists at {level.name} level
          </h2>
          <div className="mt-4">
            <StylistPicker
              catalogue={catalogue}
              salonId={salon?.id}
              groups={[
                {
                  key: "here",
                  heading: salon ? `At ${salon.name}` : undefined,
                  empty: salon ? `Unfortunately there are no staff at your chosen level at ${salon.name}` : undefined,
                  stylists: here,
                },
                ...(elsewhere.length ? [{ key: "elsewhere", heading: "At our other salons", stylists: elsewhere }] : []),
              ]}
              chooseHref={(stylist) => href({ stylistSlug: stylist.slug, show: null, happy: null }, "/prices/total-by-stylist")}
            />
          </div>
        </section>
      ) : null}
    </CalculatorPage>
  );
}

/** 'Down a level' / 'Up a level': a link, or a disabled button at the limits. */
function LevelButton({ label, to }: { label: string; to: string | undefined }) {
  return to ? (
    <Link to={to} preventScrollReset className="button button-outline">
      {label}
    </Link>
  ) : (
    <button type="button" disabled className="button button-outline">
      {label}
    </button>
  );
}
