import { Link } from "react-router";
import { Paragraphs, SmartLink } from "~/components/page";
import { ReviewFeed } from "~/components/review-feed";
import { SocialIcons } from "~/components/social-icons";
import { listReviews } from "~/modules/content/catalogue.server";
import { pageContext } from "~/modules/content/page-context.server";
import { seoMeta } from "~/utils/seo";
import type { Route } from "./+types/home";

export const meta = seoMeta;

export async function loader({ context }: Route.LoaderArgs) {
  const { services, settings, copy, seo } = pageContext(context);
  const text = copy.text.home;
  return {
    settings,
    text,
    reviews: (await listReviews(services.db, "all")) ?? [],
    seo: seo({ title: text.title, description: text.description, path: "/home" }),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { settings, text, reviews } = loaderData;
  return (
    <>
      <section aria-labelledby="welcome-heading" className="bg-ink text-chalk">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 sm:py-24 lg:grid-cols-2">
          <div>
            <p className="text-sm font-semibold tracking-[0.25em] text-blush uppercase">Welcome to {settings.name}</p>
            <h1 id="welcome-heading" className="mt-4 text-4xl sm:text-5xl">
              {settings.tagline}
            </h1>
            <Paragraphs items={text.intro} className="mt-6 text-lg" />
            <div className="mt-8 flex flex-wrap gap-3">
              <a href={settings.links.booking} className="button bg-blush text-ink hover:bg-chalk" rel="noopener">
                Book Now
              </a>
              <Link to="/" className="button button-outline">
                See the whole academy
              </Link>
            </div>
            <SocialIcons links={settings.social} className="mt-8" />
          </div>
          <ReviewFeed reviews={reviews} />
        </div>
      </section>
      <section aria-labelledby="next-heading" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="next-heading" className="text-3xl">
          Where would you like to start?
        </h2>
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
      </section>
    </>
  );
}
