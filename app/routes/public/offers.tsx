import { NoOffers } from "~/components/offer-details";
import { OfferCard, toOfferCards } from "~/components/offer-card";
import { ListPage } from "~/components/page";
import { pageContext } from "~/web/page-context.server";
import { seoMeta } from "~/utils/seo";
import type { Route } from "./+types/offers";
import { contentPageAt } from "~/web/route-facts";

export const handle = contentPageAt({ "/offers": {} });

export const meta = seoMeta;

/** The offers running today (one card for a deal at several levels); while staff hide them, or none runs, "Check back soon!". */
export function loader({ context }: Route.LoaderArgs) {
  const { services, copy, seo, photo, offers } = pageContext(context);
  const text = copy.text.offers;
  return {
    text,
    hidden: offers.hidden,
    withQuote: offers.hidden ? "" : copy.offers.withQuote.offerPage,
    // Offers that differ only by level share a card that lists the levels (decision 0070).
    offers: toOfferCards(offers.running, services.content.levels, offers.globalEnd, photo),
    seo: seo({ title: text.title, description: text.description, path: "/offers", image: "/images/offers/general.svg" }),
  };
}

export default function Offers({ loaderData }: Route.ComponentProps) {
  const { text, hidden, offers, withQuote } = loaderData;
  if (hidden) return <NoOffers text={text.none} />;
  return (
    <ListPage kicker="Offers" text={text}>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {offers.map((offer) => (
          <li key={offer.slug}>
            <OfferCard offer={offer} headingLevel={2} />
          </li>
        ))}
      </ul>
      <p className="mt-10 max-w-3xl rounded-2xl bg-blush/50 p-5">{withQuote}</p>
    </ListPage>
  );
}
