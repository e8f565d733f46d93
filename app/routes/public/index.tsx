import type { ReactNode } from "react";
import { href, Link } from "react-router";
import { BlogCard, toBlogCard } from "~/components/blog-card";
import { JsonLd } from "~/components/json-ld";
import { OfferCard, toOfferCards } from "~/components/offer-card";
import { ButtonLink, ButtonLinks, Paragraphs, Section, TextLink } from "~/components/page";
import { Hero, HeroButtons } from "~/components/hero";
import { TeamFaces, toTeamCard } from "~/components/team-card";
import { Picture } from "~/components/picture";
import { ACADEMY_SALON_ID, listPlacedReviews, listTeam } from "~/modules/catalogue/catalogue.server";
import { imagePaths } from "~/modules/catalogue/image-paths";
import { listBlogPosts } from "~/modules/site/blog.server";
import { describePhoto } from "~/modules/photos/photos.server";
import { fillRuntimeTokens } from "~/modules/site/fill-tokens";
import { pageContext } from "~/web/page-context.server";
import { phoneHref, bookingGuideHref } from "~/modules/site/public-settings";
import { listSalonSites } from "~/modules/catalogue/salons.server";
import { hairSalonData } from "~/modules/seo/structured-data";
import { seoMeta } from "~/utils/seo";
import type { Route } from "./+types/index";
import { contentPageAt } from "~/web/route-facts";

export const handle = contentPageAt({ "/": {}, "/info": { canonical: "/" } });

export const meta = seoMeta;

/** How many of the team the landing page shows, in display order; the team page has them all. */
const FACES = 4;

/** The offers the landing page shows, those of them running today: the four levels. */
const LEVEL_OFFERS = ["new-starter", "apprentice-stylist", "junior-stylist", "graduate"];

export async function loader({ context }: Route.LoaderArgs) {
  const { services, settings, copy, seo, picture, photo, offers: inForce, photos } = pageContext(context);
  const { db, config } = services;
  const [team, posts, reviews, salons] = await Promise.all([
    listTeam(db),
    listBlogPosts(db),
    listPlacedReviews(db),
    listSalonSites(db),
  ]);
  const text = copy.text.landing;
  // The photo a manager put on the opening band, if any: the band is plain without one.
  const hero = photos.shown("hero");
  return {
    settings,
    text: { ...text, offers: { ...text.offers, body: text.offers.body.map((p) => fillRuntimeTokens(p)) } },
    academy: picture(imagePaths.salonImage(ACADEMY_SALON_ID)),
    hero: hero ? describePhoto(hero) : undefined,
    team: team.slice(0, FACES).map((member) => toTeamCard(member, picture)),
    posts: posts.slice(0, 3).map((post) => toBlogCard(post, photo)),
    reviews: reviews.map(({ position, review, client, stylist, stars }) => ({ position, review, client, stylist, stars })),
    offers: toOfferCards(inForce.running.filter((o) => LEVEL_OFFERS.includes(o.slug)), services.content.levels, inForce.globalEnd, photo),
    salonData: hairSalonData(settings, config.publicUrl, salons),
    seo: seo({ title: text.title, description: text.description, path: "/" }),
  };
}

/**
 * One of the landing page's closing invitations (join us, models, contact):
 * a few lines and a button to the page with the form. The section keeps the
 * anchor the spec links to (/#joinus…).
 */
function Invitation({
  id,
  text,
  to,
  tone = "light",
  children,
}: {
  id: string;
  text: { heading: string; body: string[]; button: string };
  to: string;
  tone?: "light" | "dark";
  children?: ReactNode;
}) {
  const dark = tone === "dark";
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className={`flex flex-col rounded-2xl p-6 sm:p-8 ${dark ? "bg-ink text-chalk" : "bg-white shadow-sm ring-1 ring-ink/5"}`}
    >
      <h2 id={`${id}-heading`} className="text-2xl sm:text-3xl">
        {text.heading}
      </h2>
      <div className="mt-4 flex-1">
        <Paragraphs items={text.body} />
        {children}
      </div>
      <p className="mt-6">
        <Link to={to} className={dark ? "button bg-blush text-ink hover:bg-chalk" : "button button-primary"}>
          {text.button}
        </Link>
      </p>
    </section>
  );
}

export default function Main({ loaderData }: Route.ComponentProps) {
  const { settings, text, academy, hero, team, posts, reviews, offers, salonData } = loaderData;
  return (
    <>
      <JsonLd data={salonData} />
      <Hero id="home" kicker={`Training salon · ${settings.town}`} settings={settings} reviews={reviews} picture={hero}>
        <HeroButtons booking={bookingGuideHref()}>
          <ButtonLink to={href("/prices")} outline>Get a quote</ButtonLink>
        </HeroButtons>
      </Hero>

      <Section id="about" title={text.about.heading}>
        <div className="grid items-center gap-10 md:grid-cols-[3fr_2fr]">
          <div>
            <Paragraphs items={text.about.body} className="max-w-3xl text-lg" />
            <p className="mt-6">
              <TextLink to={href("/about")}>More about the academy</TextLink>
            </p>
          </div>
          <Picture
            picture={academy}
            alt={`Inside ${settings.name}`}
            widths={[480, 800]}
            sizes="(min-width: 72rem) 26rem, 38vw"
            className="hidden aspect-[4/3] w-full rounded-2xl md:block"
          />
        </div>
      </Section>

      <Section id="team" title={text.team.heading} tone="soft">
        <Paragraphs items={text.team.body} className="mb-8 max-w-2xl text-lg" />
        <TeamFaces team={team} />
        <p className="mt-8">
          <ButtonLink to={href("/team")}>Meet the whole team</ButtonLink>
        </p>
      </Section>

      {/* Copy that sends the visitor on, then its buttons (the first the main one). */}
      <Section id="price" title={text.price.heading}>
        <div className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
          <Paragraphs items={text.price.body} className="max-w-2xl text-lg" />
          <ButtonLinks as="p" className="flex shrink-0 flex-wrap gap-3" links={[{ to: href("/prices"), label: "Start your quote" }, { to: href("/prices/list"), label: "See the price list" }]} />
        </div>
      </Section>

      {posts.length > 0 ? (
        <Section id="blog" title={text.blog.heading} tone="soft">
          <Paragraphs items={text.blog.body} className="mb-8 max-w-2xl text-lg" />
          <ul className="grid gap-4 md:grid-cols-3 md:gap-6">
            {posts.map((post) => (
              <li key={post.slug}>
                <BlogCard post={post} compact />
              </li>
            ))}
          </ul>
          <p className="mt-8">
            <ButtonLink to={href("/blog")} outline>All blog posts</ButtonLink>
          </p>
        </Section>
      ) : null}

      {offers.length === 0 ? null : (
        <Section id="offers" title={text.offers.heading}>
          <Paragraphs items={text.offers.body} className="mb-8 max-w-2xl text-lg" />
          <ul className="grid gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-4">
            {offers.map((offer) => (
              <li key={offer.slug}>
                <OfferCard offer={offer} compact />
              </li>
            ))}
          </ul>
          <p className="mt-8">
            <ButtonLink to={href("/offers")} outline>See every offer</ButtonLink>
          </p>
        </Section>
      )}

      <div className="bg-blush/50">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 py-16 sm:py-20 lg:grid-cols-3">
          <Invitation id="joinus" text={text.joinus} to={href("/joinus")} tone="dark" />
          <Invitation id="models" text={text.models} to={href("/models")} />
          <Invitation id="contact" text={text.contact} to={href("/contact")}>
            <p className="mt-4">
              Call us on{" "}
              <a href={phoneHref(settings.phone)} className="font-semibold text-brass-dark underline">
                {settings.phone}
              </a>
            </p>
          </Invitation>
        </div>
      </div>
    </>
  );
}
