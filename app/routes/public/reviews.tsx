import { href, Link } from "react-router";
import { PageShell } from "~/components/page-shell";
import { RatingSummary, ReviewStars } from "~/components/rating";
import { ACADEMY_SALON_ID, listPlacedReviews, type PlacedReview } from "~/modules/catalogue/catalogue.server";
import { pageContext } from "~/web/page-context.server";
import { seoMeta } from "~/utils/seo";
import type { Route } from "./+types/reviews";
import { contentPageAt } from "~/web/route-facts";

export const handle = contentPageAt({ "/reviews": {} });

export const meta = seoMeta;

/**
 * /reviews: every client review in full, by stylist. The landing page's
 * rotation shows 180 characters of one and links here (#review-{n}); each
 * profile links to its stylist's reviews (#{slug}).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { services, settings, seo } = pageContext(context);
  const reviews = await listPlacedReviews(services.db);
  const byStylist = new Map<string, PlacedReview[]>();
  for (const review of reviews) byStylist.set(review.stylist_slug, [...(byStylist.get(review.stylist_slug) ?? []), review]);
  return {
    name: settings.name,
    rating: settings.rating,
    stylists: [...byStylist.values()].map((list) => ({
      slug: list[0]!.stylist_slug,
      name: list[0]!.stylist_name,
      // Only the academy's own stylists have a profile on this site.
      profile: list[0]!.stylist_salon === ACADEMY_SALON_ID,
      reviews: list.map(({ position, review, client, stars }) => ({ position, review, client, stars })),
    })),
    seo: seo({
      title: "Client reviews",
      description: "What our clients say about their visits, every review in full, by stylist: cuts, colours and blow-dries at the academy and its sister salons.",
      path: "/reviews",
    }),
  };
}

export default function Reviews({ loaderData }: Route.ComponentProps) {
  const { name, rating, stylists } = loaderData;
  return (
    <PageShell wide eyebrow="Reviews" title="What our clients say" lead={<p>Every review our clients have left for {name} and its sister salons, in full and in their own words.</p>}>
      {rating ? <RatingSummary rating={rating} className="mb-10 text-lg" /> : null}
      <div className="space-y-12">
        {stylists.map((stylist) => (
          <section key={stylist.slug} id={stylist.slug} aria-labelledby={`${stylist.slug}-heading`} className="scroll-mt-24">
            <h2 id={`${stylist.slug}-heading`} className="text-2xl">
              {stylist.name}
            </h2>
            {/* The desktop's width in columns: a phone reads them one under another. */}
            <ul className="mt-4 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
              {stylist.reviews.map((r) => (
                <li key={r.position} id={`review-${r.position}`} className="scroll-mt-24 rounded-2xl bg-white p-5 ring-1 ring-ink/10 target:ring-2 target:ring-brass">
                  <figure>
                    {r.stars ? <ReviewStars stars={r.stars} className="mb-2 text-lg text-brass" /> : null}
                    <blockquote>
                      <p className="text-lg">“{r.review}”</p>
                    </blockquote>
                    <figcaption className="mt-2 text-sm font-semibold">{r.client}</figcaption>
                  </figure>
                </li>
              ))}
            </ul>
            {stylist.profile ? (
              <p className="mt-3">
                <Link to={href("/team/:slug", { slug: stylist.slug })} className="inline-flex min-h-11 items-center font-semibold text-brass-dark underline">
                  More about {stylist.name}
                </Link>
              </p>
            ) : null}
          </section>
        ))}
      </div>
    </PageShell>
  );
}
