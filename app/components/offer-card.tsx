import { Link } from "react-router";
import { ScenePicture } from "./picture";

export interface OfferCardData {
  slug: string;
  title: string;
  headline: string;
  summary: string;
  runs?: string;
}

export function OfferCard({ offer, headingLevel = 3 }: { offer: OfferCardData; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-ink/5">
      <div className="relative">
        <ScenePicture
          src={`/images/offers/${offer.slug}.svg`}
          alt=""
          widths={[480, 800]}
          sizes="(min-width: 64rem) 22rem, (min-width: 48rem) 45vw, 90vw"
          className="aspect-[16/9] w-full object-cover"
        />
        <p className="absolute bottom-3 left-3 rounded-full bg-ink px-4 py-1 font-display text-xl text-chalk">{offer.headline}</p>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <Heading className="text-xl">
          <Link to={`/offers/${offer.slug}`} className="after:absolute after:inset-0 hover:underline">
            {offer.title}
          </Link>
        </Heading>
        {offer.runs ? <p className="mt-1 text-sm font-semibold text-sage">Runs {offer.runs}</p> : null}
        <p className="mt-3">{offer.summary}</p>
      </div>
    </article>
  );
}

export function toOfferCard({ slug, title, headline, summary, runs }: OfferCardData): OfferCardData {
  return runs ? { slug, title, headline, summary, runs } : { slug, title, headline, summary };
}
