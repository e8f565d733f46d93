import { href, Link } from "react-router";
import type { PictureData } from "~/modules/images/picture-data";
import { describeRun, offerRun } from "~/modules/offers/offer-calendar";
import { groupByLevel } from "~/modules/offers/level-offers";
import { audienceLabel } from "~/modules/offers/offer-terms";
import { formatPounds } from "~/utils/money";
import type { Offer } from "~/modules/site/site-copy.server";
import { Picture } from "./picture";

export type OfferCardData = Pick<Offer, "slug" | "title" | "headline" | "summary"> & {
  /** When it runs: "1 March to 30 April 2027", "Until 31 January 2027". */
  run: string;
  /** Who it is for ("New clients"); none for an offer open to everyone. */
  audience?: string;
  picture?: PictureData;
  /**
   * The same deal at several levels (modules/offers/level-offers.ts): each
   * level's name, its offer's page and its first example price. The card then
   * links to no page of its own; `slug` is the first level's.
   */
  levels?: { slug: string; name: string; price?: { price: number; was?: number } }[];
  /** What the levels' prices are for: the label of their first example price. */
  priceLabel?: string;
};

/** An offer's picture: /images/offers/{slug}, its photograph or sample picture. */
export const offerImage = (slug: string) => `/images/offers/${slug}.svg`;

/**
 * A running offer's card: picture with the headline on it, title (the link),
 * when it runs and a summary. `compact` (the landing page) makes it a short row on a
 * phone: a small picture, the headline as a label, no summary.
 */
export function OfferCard({ offer, headingLevel = 3, compact = false }: { offer: OfferCardData; headingLevel?: 2 | 3; compact?: boolean }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={`relative flex h-full overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-ink/5 ${compact ? "sm:flex-col" : "flex-col"}`}>
      {offer.picture ? (
        <div className={compact ? "relative m-3 w-24 shrink-0 self-start sm:m-0 sm:w-auto" : "relative"}>
          <Picture
            picture={offer.picture}
            alt=""
            widths={compact ? [160, 480, 800] : [480, 800]}
            sizes={compact ? "(min-width: 64rem) 22rem, (min-width: 40rem) 45vw, 6rem" : "(min-width: 64rem) 22rem, (min-width: 48rem) 45vw, 90vw"}
            className={compact ? "aspect-square w-full rounded-xl sm:aspect-[16/9] sm:rounded-none" : "aspect-[16/9] w-full"}
          />
          <p className={`absolute bottom-3 left-3 rounded-full bg-ink px-4 py-1 font-display text-xl text-chalk ${compact ? "hidden sm:block" : ""}`}>
            {offer.headline}
          </p>
        </div>
      ) : null}
      <div className={`flex min-w-0 flex-1 flex-col ${compact ? `py-3 pr-4 sm:p-5 ${offer.picture ? "" : "pl-4"}` : "p-5"}`}>
        {compact || !offer.picture ? (
          // Without a photo (or on a phone's short row) the headline leads the words: no empty block.
          <p className={`font-display text-lg font-semibold text-brass-dark ${offer.picture ? "sm:hidden" : ""}`}>{offer.headline}</p>
        ) : null}
        {offer.audience ? <p className="text-sm font-semibold tracking-wide text-brass-dark uppercase">{offer.audience}</p> : null}
        <Heading className={compact ? "text-lg sm:text-xl" : "text-xl"}>
          {offer.levels ? (
            offer.title
          ) : (
            <Link to={href("/offers/:slug", { slug: offer.slug })} className="after:absolute after:inset-0 hover:underline">
              {offer.title}
            </Link>
          )}
        </Heading>
        <p className="mt-1 text-sm font-semibold text-sage">{offer.run}</p>
        <p className={`mt-3 ${compact ? "hidden sm:block" : ""}`}>{offer.summary}</p>
        {offer.levels ? <LevelList offer={offer} levels={offer.levels} /> : null}
      </div>
    </article>
  );
}

/**
 * A card's levels, a link to each level's offer page with its price: the
 * link's name says the offer too, so each is unique on a page of cards.
 */
function LevelList({ offer, levels }: { offer: OfferCardData; levels: NonNullable<OfferCardData["levels"]> }) {
  const id = `levels-${offer.slug}`;
  return (
    <div className="mt-4">
      <p id={id} className="text-sm font-semibold">
        {offer.priceLabel ? `By level: ${offer.priceLabel}` : "By level"}
      </p>
      <ul aria-labelledby={id} className="mt-1 divide-y divide-ink/10 border-y border-ink/10">
        {levels.map((level) => (
          <li key={level.slug} className="flex flex-wrap items-baseline justify-between gap-x-3">
            <Link to={href("/offers/:slug", { slug: level.slug })} className="inline-block min-h-11 py-2.5 font-semibold text-brass-dark underline hover:no-underline">
              {level.name}
              <span className="sr-only">: {offer.title}</span>
            </Link>
            {level.price ? (
              <span className="py-2.5 font-semibold">
                <OfferPrice {...level.price} />
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** An offer's price, after what it was (struck through, and "now" for a screen reader) when it says. */
export function OfferPrice({ price, was }: { price: number; was?: number | undefined }) {
  return (
    <>
      {was !== undefined ? (
        <>
          <del className="mr-2 font-normal">{formatPounds(was)}</del>
          <span className="sr-only">now </span>
        </>
      ) : null}
      {formatPounds(price)}
    </>
  );
}

/**
 * The running offers' cards: one card for offers that are the same deal at
 * different levels (decision 0070), listing the levels; a card each for the rest.
 */
export function toOfferCards(
  offers: readonly Offer[],
  levels: readonly { id: number; name: string }[],
  globalEnd: string,
  photo: (src: string) => PictureData | undefined,
): OfferCardData[] {
  return groupByLevel(offers, levels).map((group) => {
    const [first] = group as [Offer, ...Offer[]];
    if (group.length === 1) return toOfferCard(first, globalEnd, photo);
    const pictured = group.find((o) => photo(offerImage(o.slug)));
    const { picture: _none, ...card } = toOfferCard(first, globalEnd, photo);
    const picture = pictured ? photo(offerImage(pictured.slug)) : undefined;
    // Said once only when every level's price is for the same thing (a label may name its level).
    const label = group.every((o) => o.prices[0]?.label === first.prices[0]?.label) ? first.prices[0]?.label : undefined;
    return {
      ...card,
      ...(picture ? { picture } : {}),
      ...(label ? { priceLabel: label } : {}),
      levels: group.map((o) => {
        const price = o.prices[0];
        return { slug: o.slug, name: levels.find((l) => l.id === o.level)!.name, ...(price ? { price: { price: price.price, ...(price.was !== undefined ? { was: price.was } : {}) } } : {}) };
      }),
    };
  });
}

/** A running offer's card; `globalEnd` is the end date of offers without their own; `photo` gives its photo, if it has one. */
export function toOfferCard(
  offer: Pick<Offer, "slug" | "title" | "headline" | "summary" | "startDate" | "endDate" | "audience">,
  globalEnd: string,
  photo: (src: string) => PictureData | undefined,
): OfferCardData {
  const { slug, title, headline, summary } = offer;
  const described = photo(offerImage(slug));
  const run = describeRun(offerRun(offer, globalEnd), "running");
  const audience = audienceLabel[offer.audience];
  return { slug, title, headline, summary, run, ...(audience ? { audience } : {}), ...(described ? { picture: described } : {}) };
}
