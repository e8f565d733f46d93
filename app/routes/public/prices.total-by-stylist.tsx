import { CalculatorPage, ChooseFirst, DroppedNotice, UnfinishedNotice, Notice, ChairTime, QuoteLines, StylistSummary, TotalsActions, TotalsSkinTestNote } from "~/components/calculator/parts";
import { salonNote } from "~/components/calculator/stylist-picker";
import { useCalculator } from "~/components/calculator/use-calculator";
import { ButtonLink, TextLink } from "~/components/page";
import { guardedLoader } from "~/web/calculator-guard";
import { titleMeta } from "~/utils/seo";
import { canChoose, typeLabels } from "~/modules/pricing/calculator-state";
import { totalMinutes } from "~/modules/pricing/pricing";

export const meta = titleMeta("Your estimate with your stylist");

export const loader = guardedLoader;

/** /prices/total-by-stylist: the total with the chosen stylist, 'Next', and saving the quote. */
export default function TotalByStylist() {
  const { catalogue, state, href } = useCalculator();
  const { stylist, level } = state;

  if (!stylist || !level) {
    return <ChooseFirst state={state} title="Choose a stylist first" to={href({ selector: "Stylist", edit: "stylist" }, "/prices/calculator")} label="Choose a stylist" />;
  }

  // 'Next': the next stylist at the same level this visitor may choose, the chosen salon's first.
  const peers = catalogue.stylists
    .filter((s) => s.level === stylist.level && (canChoose(s, state.regular) || s.id === stylist.id))
    .sort((a, b) => Number(b.salon === state.salon?.id) - Number(a.salon === state.salon?.id));
  const next = peers.length > 1 ? peers[(peers.findIndex((s) => s.id === stylist.id) + 1) % peers.length] : undefined;
  const note = salonNote(stylist, state.salon?.id, catalogue);
  const salonName = catalogue.salons.find((s) => s.id === stylist.salon)?.name ?? "";

  return (
    <CalculatorPage eyebrow={typeLabels[state.type]} title={`Your estimate with ${stylist.first_name}`}>
      <div className="rounded-2xl bg-white p-5 ring-1 ring-ink/10 sm:p-8">
        <StylistSummary image={stylist.image} name={`${stylist.first_name} ${stylist.last_name}`} levelName={level.name} salonName={salonName}>
          {note ? <p className="mt-1 font-semibold">{note}</p> : null}
        </StylistSummary>
        <div className="mt-6">
          <QuoteLines items={state.items} total={state.total} />
          <ChairTime minutes={totalMinutes(state.services)} />
        </div>
      </div>

      {state.dropped.length > 0 ? (
        <DroppedNotice title={`${stylist.first_name} can't do everything you chose`} dropped={state.dropped} className="mt-6">
          <TextLink to={href({}, "/prices/calculator")}>Change your choices</TextLink>
        </DroppedNotice>
      ) : !state.complete ? (
        <UnfinishedNotice to={href({}, "/prices/calculator")} className="mt-6" />
      ) : null}

      {!canChoose(stylist, state.regular) ? (
        <Notice tone="warning" title={`${stylist.first_name} isn't taking new clients at the moment`} className="mt-6">
          <p>
            {stylist.first_name}'s column is full of regulars for now. Ask at reception to join the waiting list, or
            choose another stylist at the same level.
          </p>
        </Notice>
      ) : null}

      <TotalsSkinTestNote state={state} />

      <TotalsActions saveTo={canChoose(stylist, state.regular) && state.complete ? href({}, "/prices/finish") : undefined} changeTo={href({}, "/prices/calculator")}>
        {next ? (
          <ButtonLink to={href({ stylistSlug: next.slug })} outline>Next<span className="sr-only"> stylist at this level</span></ButtonLink>
        ) : null}
      </TotalsActions>
    </CalculatorPage>
  );
}
