import { Link, useSearchParams } from "react-router";
import { canChoose, parseState, patchSearch, viewOf, type CalculatorCatalogue, type CalculatorStylist } from "~/modules/pricing/calculator-state";
import { StylistSummary } from "./parts";
import { ButtonLink } from "~/components/page";

export interface StylistGroup {
  key: string;
  heading?: string;
  /** Shown when the group has nobody in it. */
  empty?: string;
  stylists: CalculatorStylist[];
}

/** 'Please note: {first} is at our {site} site', when the stylist works elsewhere than the chosen salon. */
export function salonNote(stylist: CalculatorStylist, salonId: number | undefined, catalogue: CalculatorCatalogue): string | undefined {
  if (salonId === undefined || stylist.salon === salonId) return undefined;
  const site = catalogue.salons.find((s) => s.id === stylist.salon)?.name ?? "other";
  return `Please note: ${stylist.first_name} is at our ${site} site`;
}

/**
 * Stylist cards, each with 'Choose {first name}' (a plain link that makes the
 * choice) and 'About {first name}' beside it, which shows the bio with the
 * same 'Choose' and a way back to the cards. A stylist not taking new clients
 * can be chosen only by a returning client (regular), from the card or the
 * details.
 * 'About' is a link to the same page with that stylist's details open above
 * the cards (?about={slug}), which the speculation rules have fetched on hover
 * or touch; choosing and going back are plain links.
 */
export function StylistPicker({
  groups,
  catalogue,
  salonId,
  chooseHref,
  extra,
}: {
  groups: StylistGroup[];
  catalogue: CalculatorCatalogue;
  salonId?: number | undefined;
  chooseHref: (stylist: CalculatorStylist) => string;
  /** A line on each card, such as the stylist's total. */
  extra?: (stylist: CalculatorStylist) => string | undefined;
}) {
  const [params] = useSearchParams();
  const about = viewOf(params).about;
  const regular = parseState(params).regular;
  const shown = about ? groups.flatMap((g) => g.stylists).find((s) => s.slug === about) : undefined;
  const shownNote = shown && salonNote(shown, salonId, catalogue);
  const aboutHref = (stylist: CalculatorStylist | null) =>
    stylist ? `${patchSearch(params, { about: stylist.slug })}#stylist-details` : `${patchSearch(params, { about: null })}#stylist-${shown?.slug ?? ""}`;
  const levelName = (s: CalculatorStylist) => catalogue.levels.find((l) => l.id === s.level)?.name ?? "";
  const salonName = (s: CalculatorStylist) => catalogue.salons.find((x) => x.id === s.salon)?.name ?? "";

  return (
    <>
      {shown ? (
        // 'About {first name}': the picture, bio and where they work, then choose them or go back to the cards.
        <section id="stylist-details" aria-labelledby="stylist-details-title" className="mb-8 rounded-2xl bg-chalk p-6 ring-1 ring-ink/10 sm:p-8">
          <p id="stylist-details-title" className="text-sm font-semibold tracking-[0.2em] text-brass-dark uppercase">
            About {shown.first_name}
          </p>
          <div className="mt-4">
            <StylistSummary image={shown.image} name={`${shown.first_name} ${shown.last_name}`} levelName={levelName(shown)} salonName={salonName(shown)} nameAs="h2" />
          </div>
          <div className="prose-salon mt-4">
            {shown.bio.map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </div>
          {shownNote ? <p className="mt-4 font-semibold">{shownNote}</p> : null}
          <div className="mt-6 flex flex-wrap gap-3">
            {canChoose(shown, regular) ? (
              <ButtonLink to={chooseHref(shown)}>Choose {shown.first_name}</ButtonLink>
            ) : (
              <p className="w-full">{shown.first_name} isn't taking new clients at the moment. Ask at reception to join the waiting list.</p>
            )}
            <ButtonLink to={aboutHref(null)} outline>Back to the stylists</ButtonLink>
          </div>
        </section>
      ) : null}
      {groups.map((group) => (
        <div key={group.key} className="mt-6 first:mt-0">
          {group.heading ? <h3 className="text-xl">{group.heading}</h3> : null}
          {group.stylists.length === 0 && group.empty ? <p className="mt-2">{group.empty}</p> : null}
          <ul className="mt-3 grid gap-4 sm:grid-cols-2">
            {group.stylists.map((stylist) => {
              const note = salonNote(stylist, salonId, catalogue);
              const line = extra?.(stylist);
              const CardHeading = group.heading ? "h4" : "h3";
              return (
                <li
                  key={stylist.id}
                  id={`stylist-${stylist.slug}`}
                  className="flex flex-wrap gap-x-4 gap-y-3 rounded-2xl bg-white p-4 ring-1 ring-ink/10"
                  data-testid="stylist-card"
                >
                  <img src={stylist.image} alt="" width={80} height={100} loading="lazy" className="h-24 w-20 shrink-0 rounded-xl object-cover" />
                  <div className="flex min-w-0 flex-1 flex-col">
                    {/* Under the group's own heading, a level below it; a group without one has its names at its level. */}
                    <CardHeading className="font-display text-xl font-semibold">
                      {stylist.first_name} {stylist.last_name}
                    </CardHeading>
                    <p className="text-sm font-semibold tracking-wide text-sage uppercase">{levelName(stylist)}</p>
                    <p className="text-sm">{salonName(stylist)}</p>
                    {line ? <p className="mt-1 font-semibold">{line}</p> : null}
                    {note ? <p className="mt-1 text-sm">{note}</p> : null}
                    {!stylist.taking_new_clients ? <p className="mt-1 text-sm">Not taking new clients at the moment</p> : null}
                  </div>
                  {/* Under the picture and the name, across the card: room for both buttons on the narrowest phone. */}
                  <div className="flex w-full flex-wrap gap-2">
                      {canChoose(stylist, regular) ? (
                        <Link to={chooseHref(stylist)} className="button button-primary px-4 text-sm whitespace-nowrap">
                          Choose {stylist.first_name}
                        </Link>
                      ) : null}
                      <Link to={aboutHref(stylist)} className="button button-outline px-4 text-sm whitespace-nowrap">
                        About {stylist.first_name}
                      </Link>
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      ))}

    </>
  );
}
