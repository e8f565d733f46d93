import { Link } from "react-router";
import { BlogCard } from "~/components/blog-card";
import { ContactForm, JoinUsForm, ModelsForm } from "~/components/forms/public-forms";
import { JsonLd } from "~/components/json-ld";
import { OfferCard, toOfferCard } from "~/components/offer-card";
import { Paragraphs, Section } from "~/components/page";
import { Hero, HeroButtons } from "~/components/hero";
import { OpeningHours } from "~/components/site-footer";
import { TeamGrid, toTeamCard } from "~/components/team-card";
import { listBlogPosts, listReviews, listTeam } from "~/modules/content/catalogue.server";
import { fillRuntimeTokens } from "~/modules/content/fill-tokens";
import { pageContext } from "~/modules/content/page-context.server";
import { formatAddress, phoneHref } from "~/modules/content/public-settings";
import { listSalonSites } from "~/modules/content/salons.server";
import { formLoaderData } from "~/modules/enquiries/form-action.server";
import { hairSalonData } from "~/modules/content/structured-data";
import { seoMeta } from "~/utils/seo";
import type { Route } from "./+types/main";

export const meta = seoMeta;

/** The offers the landing page shows: the four levels. */
const LEVEL_OFFERS = ["new-starter", "apprentice-stylist", "junior-stylist", "graduate"];

export async function loader({ context }: Route.LoaderArgs) {
  const { services, settings, copy, seo } = pageContext(context);
  const { db, config } = services;
  const [team, posts, reviews, salons] = await Promise.all([
    listTeam(db),
    listBlogPosts(db),
    listReviews(db, "all"),
    listSalonSites(db),
  ]);
  const text = copy.text.landing;
  return {
    settings,
    text: { ...text, offers: { ...text.offers, body: text.offers.body.map((p) => fillRuntimeTokens(p)) } },
    team: team.map(toTeamCard),
    posts: posts.slice(0, 3).map(({ slug, title, image, excerpt, date, author }) => ({ slug, title, image, excerpt, date, author })),
    reviews: reviews ?? [],
    offers: settings.hideOffers
      ? []
      : copy.offers.offers.filter((o) => LEVEL_OFFERS.includes(o.slug)).map(toOfferCard),
    salonData: hairSalonData(settings, config.publicUrl, salons),
    seo: seo({ title: text.title, description: text.description, path: "/" }),
    form: formLoaderData(context),
  };
}

/** A landing-page section that sends the visitor to one page: copy, then a button. */
function CallToAction({
  id,
  text,
  to,
  tone,
  button,
}: {
  id: string;
  text: { heading: string; body: string[]; button?: string };
  to: string;
  tone?: "soft" | "dark";
  button?: string;
}) {
  const style = tone === "dark" ? "button bg-blush text-ink hover:bg-chalk" : "button button-primary";
  return (
    <Section id={id} title={text.heading} tone={tone}>
      <Paragraphs items={text.body} className="max-w-2xl text-lg" />
      <p className="mt-6">
        <Link to={to} className={style}>
          {button ?? text.button}
        </Link>
      </p>
    </Section>
  );
}

export default function Main({ loaderData }: Route.ComponentProps) {
  const { settings, text, team, posts, reviews, offers, salonData, form } = loaderData;
  return (
    <>
      <JsonLd data={salonData} />
      <Hero id="home" kicker={`Training salon · ${settings.town}`} settings={settings} reviews={reviews}>
        <HeroButtons booking={settings.links.booking}>
          <Link to="/prices" className="button button-outline">
            Get a quote
          </Link>
        </HeroButtons>
      </Hero>

      <Section id="about" title={text.about.heading}>
        <Paragraphs items={text.about.body} className="max-w-3xl text-lg" />
        <p className="mt-6">
          <Link to="/about" className="font-semibold text-brass-dark underline">
            More about the academy
          </Link>
        </p>
      </Section>

      <Section id="team" title={text.team.heading} tone="soft">
        <Paragraphs items={text.team.body} className="mb-8 max-w-2xl text-lg" />
        <TeamGrid team={team} />
      </Section>

      <CallToAction id="price" text={text.price} to="/prices" button="Start your quote" />

      {posts.length > 0 ? (
        <Section id="blog" title={text.blog.heading} tone="soft">
          <Paragraphs items={text.blog.body} className="mb-8 max-w-2xl text-lg" />
          <ul className="grid gap-6 md:grid-cols-3">
            {posts.map((post) => (
              <li key={post.slug}>
                <BlogCard post={post} />
              </li>
            ))}
          </ul>
          <p className="mt-8">
            <Link to="/blog" className="button button-outline">
              All blog posts
            </Link>
          </p>
        </Section>
      ) : null}

      {settings.hideOffers ? null : (
        <Section id="offers" title={text.offers.heading}>
          <Paragraphs items={text.offers.body} className="mb-8 max-w-2xl text-lg" />
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {offers.map((offer) => (
              <li key={offer.slug}>
                <OfferCard offer={offer} />
              </li>
            ))}
          </ul>
          <p className="mt-8">
            <Link to="/offers" className="button button-outline">
              See every offer
            </Link>
          </p>
        </Section>
      )}

      <Section id="joinus" title={text.joinus.heading} tone="dark">
        <div className="grid gap-10 lg:grid-cols-[2fr_3fr]">
          <div>
            <Paragraphs items={text.joinus.body} className="text-lg" />
            <p className="mt-6">
              <Link to="/joinus" className="button bg-blush text-ink hover:bg-chalk">
                {text.joinus.button}
              </Link>
            </p>
          </div>
          <div className="rounded-2xl bg-white p-6 text-ink sm:p-8">
            <JoinUsForm token={form.token} phone={form.phone} />
          </div>
        </div>
      </Section>

      <Section id="models" title={text.models.heading} tone="soft">
        <div className="grid gap-10 lg:grid-cols-[2fr_3fr]">
          <Paragraphs items={text.models.body} className="text-lg" />
          <div className="rounded-2xl bg-white p-6 sm:p-8">
            <ModelsForm token={form.token} phone={form.phone} />
          </div>
        </div>
      </Section>

      <Section id="contact" title={text.contact.heading}>
        <div className="grid gap-10 md:grid-cols-2">
          <div>
            <Paragraphs items={text.contact.body} className="text-lg" />
            <address className="mt-6 text-lg not-italic">
              {settings.name}
              <br />
              {formatAddress(settings)}
            </address>
            <p className="mt-4 text-lg">
              Call us on{" "}
              <a href={phoneHref(settings.phone)} className="font-semibold text-brass-dark underline">
                {settings.phone}
              </a>
            </p>
            <h3 className="mt-8 text-xl">Opening hours</h3>
            <div className="mt-3 text-lg">
              <OpeningHours settings={settings} />
            </div>
          </div>
          <div>
            <h3 className="mb-4 text-xl">{text.contact.button}</h3>
            <ContactForm token={form.token} phone={form.phone} />
          </div>
        </div>
      </Section>
    </>
  );
}
