import { href, Link } from "react-router";
import type { PictureData } from "~/modules/images/picture-data";
import { describeRun, offerRun } from "~/modules/offers/offer-calendar";
import { audienceLabel } from "~/modules/offers/offer-terms";
import type { Offer } from "~/modules/site/site-copy.server";
import { Picture } from "./picture";

export type OfferCardData = Pick<Offer, "slug" | "title" | "headline" | "summary"> & {
  /** When it runs: "1 March to 30 April 2027", "Until 31 January 2027". */
  run: string;
  /** Who it is for ("New clients"); none for an offer open to everyone. */
  audience?: string;
  picture?: PictureData;
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
          <Link to={href("/offers/:slug", { slug: offer.slug })} className="after:absolute after:inset-0 hover:underline">
            {offer.title}
          </Link>
        </Heading>
        <p className="mt-1 text-sm font-semibold text-sage">{offer.run}</p>
        <p className={`mt-3 ${compact ? "hidden sm:block" : ""}`}>{offer.summary}</p>
      </div>
    </article>
  );
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
