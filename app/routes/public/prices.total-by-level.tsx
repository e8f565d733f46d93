import { useSearchParams } from "react-router";
import { CalculatorPage, ChooseFirst, LevelNotOffered, DroppedNotice, UnfinishedNotice, ChairTime, QuoteLines, TotalsActions, TotalsSkinTestNote } from "~/components/calculator/parts";
import { StylistPicker } from "~/components/calculator/stylist-picker";
import { useCalculator } from "~/components/calculator/use-calculator";
import { ButtonLink, TextLink } from "~/components/page";
import { guardedLoader } from "~/web/calculator-guard";
import { titleMeta } from "~/utils/seo";
import { typeLabels } from "~/modules/pricing/calculator-state";
import { levelsAtSalon, neighbourLevel, totalMinutes } from "~/modules/pricing/pricing";
import { withArticle } from "~/utils/articles";
import { shuffle } from "~/utils/shuffle";

export const meta = titleMeta("Your estimate by level");

export const loader = guardedLoader;

/** /prices/total-by-level: the total at a level, up and down a level (among the salon's), the stylists at it, and saving. */
export default function TotalByLevel() {
  const { catalogue, state, href } = useCalculator();
  const [params] = useSearchParams();
  const showStylists = params.get("show") === "stylists";

  const level = state.level;
  if (!level) {
    return (
      <ChooseFirst state={state} title="Choose a level first" to={href({ selector: "Level", edit: "level" }, "/prices/calculator")} label="Choose a level">
        <LevelNotOffered state={state} />
      </ChooseFirst>
    );
  }
  const salon = state.salon;
  const atLevel = catalogue.stylists.filter((s) => s.level === level.id);
  const here = shuffle(atLevel.filter((s) => s.salon === salon?.id));
  const elsewhere = shuffle(atLevel.filter((s) => s.salon !== salon?.id));
  // Up and down move among the levels the chosen salon offers.
  const offered = salon ? levelsAtSalon(catalogue.levels, salon.id, catalogue.stylists).map((l) => l.id) : [];
  const up = neighbourLevel(level.id, "up", offered);
  const down = neighbourLevel(level.id, "down", offered);

  return (
    <CalculatorPage eyebrow={typeLabels[state.type]} title={`Your estimate with ${withArticle(level.name)}`}>
      <div className="rounded-2xl bg-white p-5 ring-1 ring-ink/10 sm:p-8">
        <p className="text-sm font-semibold tracking-[0.15em] text-sage uppercase" data-testid="level-name">
          {level.name}
        </p>
        <QuoteLines items={state.items} total={state.total} />
        <ChairTime minutes={totalMinutes(state.services)} />
        <nav aria-label="Change level" className="mt-6 flex flex-wrap gap-3">
          <LevelButton label="Down a level" to={down !== undefined ? href({ levelId: down, show: null }) : undefined} />
          <LevelButton label="Up a level" to={up !== undefined ? href({ levelId: up, show: null }) : undefined} />
        </nav>
      </div>

      {state.dropped.length === 0 && !state.complete ? <UnfinishedNotice to={href({ show: null }, "/prices/calculator")} className="mt-6" /> : null}
      {state.dropped.length > 0 ? (
        <DroppedNotice title={`Some of your choices aren't offered by ${withArticle(level.name)}`} dropped={state.dropped} className="mt-6">
          Go up a level, or{" "}
          <TextLink to={href({ show: null }, "/prices/calculator")}>change your choices</TextLink>
          .
        </DroppedNotice>
      ) : null}

      <TotalsSkinTestNote state={state} />

      <TotalsActions saveTo={state.complete ? href({ show: null, stylistSlug: null }, "/prices/finish") : undefined} changeTo={href({}, "/prices/calculator")}>
        {state.complete ? (
          <ButtonLink to={href({ show: "stylists" })} outline>Show stylists</ButtonLink>
        ) : null}
      </TotalsActions>

      {showStylists && state.complete ? (
        <section aria-labelledby="stylists-heading" className="mt-10">
          <h2 id="stylists-heading" tabIndex={-1} autoFocus className="text-2xl outline-none">
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
              chooseHref={(stylist) => href({ stylistSlug: stylist.slug, show: null }, "/prices/total-by-stylist")}
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
    <ButtonLink to={to} outline>{label}</ButtonLink>
  ) : (
    <button type="button" disabled className="button button-outline">
      {label}
    </button>
  );
}
