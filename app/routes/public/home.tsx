import { href } from "react-router";
import { Hero, HeroButtons } from "~/components/hero";
import { ButtonLink, HeadedSection, Paragraphs, SmartLink } from "~/components/page";
import { listPlacedReviews } from "~/modules/catalogue/catalogue.server";
import { isOfferPath } from "~/modules/offers/offer-links";
import { pageContext } from "~/web/page-context.server";
import { seoMeta } from "~/utils/seo";
import type { Route } from "./+types/home";
import { contentPageAt } from "~/web/route-facts";
import { bookingGuideHref } from "~/modules/site/public-settings";

export const handle = contentPageAt({ "/home": { canonical: "/" } });

export const meta = seoMeta;

export async function loader({ context }: Route.LoaderArgs) {
  const { services, settings, copy, seo, offers } = pageContext(context);
  const home = copy.text.home;
  // While the offers are hidden, a way in to them would lead to "Check back soon!": it goes.
  const text = offers.hidden ? { ...home, paths: home.paths.filter((p) => !isOfferPath(p.href, copy.pages)) } : home;
  return {
    settings,
    text,
    reviews: (await listPlacedReviews(services.db)).map(({ position, review, client, stylist, stars }) => ({ position, review, client, stylist, stars })),
    // /home repeats the landing page's welcome: search engines are sent to /, the one page they list.
    seo: seo({ title: text.title, description: text.description, path: "/" }),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { settings, text, reviews } = loaderData;
  return (
    <>
      <Hero id="welcome" kicker={`Welcome to ${settings.name}`} settings={settings} reviews={reviews}>
        <Paragraphs items={text.intro} className="mt-6 text-lg" />
        <HeroButtons booking={bookingGuideHref()}>
          <ButtonLink to={href("/")} outline>See the whole academy</ButtonLink>
        </HeroButtons>
      </Hero>
      <HeadedSection id="next-heading" title="Where would you like to start?" className="mx-auto max-w-6xl px-4 py-16" headingClassName="text-3xl">
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {text.paths.map((p) => (
            <li key={p.href} className="relative rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/5">
              <h3 className="text-xl">
                <SmartLink href={p.href} className="after:absolute after:inset-0 hover:underline">
                  {p.label}
                </SmartLink>
              </h3>
              <p className="mt-2">{p.text}</p>
            </li>
          ))}
        </ul>
      </HeadedSection>
    </>
  );
}
