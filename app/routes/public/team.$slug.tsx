import { href, Link } from "react-router";
import { JsonLd } from "~/components/json-ld";
import { Picture } from "~/components/picture";
import { ACADEMY_SALON_ID, findTeamMember, listReviews } from "~/modules/catalogue/catalogue.server";
import type { PictureData } from "~/modules/images/picture-data";
import { WORK_SHOWN, workFileNames } from "~/modules/images/picture-names";
import { describePhoto } from "~/modules/photos/photos.server";
import { breadcrumbData } from "~/modules/seo/structured-data";
import { notFound, pageContext, type PageContext } from "~/web/page-context.server";
import { formatPounds } from "~/utils/money";
import { seoMeta } from "~/utils/seo";
import { limitText } from "~/utils/text";
import type { Route } from "./+types/team.$slug";
import { BookNow, ButtonLink, Paragraphs } from "~/components/page";
import { contentPageAt } from "~/web/route-facts";
import { bookingGuideHref } from "~/modules/site/public-settings";

export const handle = contentPageAt({ "/team/:slug": {} });

export const meta = seoMeta;

/**
 * The photos managers uploaded of a stylist's work, newest first, then the files (work/{slug}-1.jpg, -2…, photographs
 * or samples): at most six.
 */
function workShown({ services, photos, picture }: PageContext, slug: string): PictureData[] {
  const uploaded = photos.all(`work:${slug}`).map(describePhoto);
  const files = workFileNames(services.pictures.photoNames("work", `${slug}-`), slug).map((name) => picture(`/images/work/${name}.svg`)!);
  return [...uploaded, ...files].slice(0, WORK_SHOWN);
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const page = pageContext(context);
  const { services, seo, picture, offers } = page;
  const member = await findTeamMember(services.db, params.slug);
  if (!member || member.salon !== ACADEMY_SALON_ID) notFound();
  const name = `${member.first_name} ${member.last_name}`;
  const offer = offers.running.find((o) => o.stylist === member.slug);
  return {
    member: {
      slug: member.slug,
      first_name: member.first_name,
      name,
      level_name: member.level_name,
      role: member.role,
      favourite_style: member.favourite_style,
      price: member.price,
      picture: picture(member.image),
      photo_profile: member.photo_profile,
      taking_new_clients: member.taking_new_clients,
      paragraphs: [member.para_1, member.para_2, member.para_3].filter((p): p is string => Boolean(p)),
    },
    work: workShown(page, member.slug),
    reviews: ((await listReviews(services.db, member.slug)) ?? []).slice(0, 3),
    offer: offer ? { slug: offer.slug, title: offer.title } : undefined,
    // Their own Book now: the guide books with their own link when they have one (decision 0065).
    booking: bookingGuideHref(member.id),
    crumbs: breadcrumbData([{ name: "Team", path: href("/team") }, { name, path: href("/team/:slug", { slug: member.slug }) }], services.config.publicUrl),
    seo: seo({
      title: `${name}, ${member.role ?? member.level_name}`,
      description: `${limitText(member.para_1, 120)} Average cut and colour with ${member.first_name}: ${formatPounds(member.price)}.`,
      path: href("/team/:slug", { slug: member.slug }),
      image: member.image,
    }),
  };
}

export default function TeamDetail({ loaderData }: Route.ComponentProps) {
  const { member, work, reviews, offer, booking, crumbs } = loaderData;
  return (
    <article>
      <JsonLd data={crumbs} />
      <div className="bg-blush/60">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:py-14 md:grid-cols-[minmax(0,20rem)_1fr] md:items-end">
          <Picture
            picture={member.picture}
            alt={`Portrait of ${member.name}`}
            widths={[320, 480, 640]}
            sizes="(min-width: 48rem) 20rem, 14rem"
            eager
            className="aspect-[4/5] w-full max-w-56 rounded-t-full rounded-b-2xl shadow-sm md:max-w-80"
          />
          <div>
            <p className="text-sm font-semibold tracking-[0.2em] text-brass-dark uppercase">
              {member.role ? `${member.role} · ` : ""}
              {member.level_name}
            </p>
            <h1 className="mt-2 text-4xl sm:text-5xl">{member.name}</h1>
            {member.favourite_style ? (
              <p className="mt-3 text-lg">
                Favourite work: <strong className="font-semibold">{member.favourite_style}</strong>
              </p>
            ) : null}
            <p className="mt-1 text-lg">Average Cut &amp; Colour price {formatPounds(member.price)}</p>
            <div className="mt-6 flex flex-wrap gap-3">
              <ButtonLink to={href("/prices/:stylist", { stylist: member.slug })}>Get a quote with me!</ButtonLink>
              <BookNow href={booking} className="button button-outline" />
            </div>
          </div>
        </div>
      </div>

      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-12 lg:grid-cols-[1fr_20rem]">
        <div>
          {member.taking_new_clients ? null : (
            <p className="mb-6 rounded-xl border-l-4 border-sage bg-white p-4 text-lg">
              {member.first_name} isn&apos;t taking new clients at the moment. Call us to join the waiting list, or choose another
              stylist at the same level.
            </p>
          )}
          <h2 className="text-2xl sm:text-3xl">About {member.first_name}</h2>
          <Paragraphs items={member.paragraphs} className="mt-4 max-w-3xl text-lg" />

          {work.length > 0 ? (
            <>
              <h2 className="mt-12 text-2xl sm:text-3xl">{member.first_name}&apos;s work</h2>
              <ul className="mt-4 grid grid-cols-2 gap-4">
                {work.map((piece, n) => (
                  <li key={piece.path}>
                    <Picture
                      picture={piece}
                      alt={`${member.first_name}'s work${member.favourite_style ? `: ${member.favourite_style.toLowerCase()}` : ""}${work.length > 1 ? ` (${n + 1} of ${work.length})` : ""}`}
                      widths={[320, 480, 800]}
                      sizes="(min-width: 64rem) 20rem, 45vw"
                      className="aspect-[4/3] w-full rounded-xl"
                    />
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {member.photo_profile ? (
            <p className="mt-4">
              <a href={member.photo_profile} rel="noopener" className="inline-flex min-h-11 items-center font-semibold text-brass-dark underline">
                See more of {member.first_name}&apos;s photos
              </a>
            </p>
          ) : null}
        </div>

        <aside aria-labelledby="side-heading" className="space-y-6">
          <h2 id="side-heading" className="sr-only">
            More about booking with {member.first_name}
          </h2>
          {offer ? (
            <div className="rounded-2xl bg-ink p-6 text-chalk">
              <p className="font-display text-2xl">{offer.title}</p>
              <p className="mt-3">
                <Link to={href("/offers/:slug", { slug: offer.slug })} className="inline-flex min-h-11 items-center font-semibold underline">
                  See the offer
                </Link>
              </p>
            </div>
          ) : null}
          {reviews.length > 0 ? (
            <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/5">
              <h3 className="text-xl">What clients say</h3>
              <ul className="mt-4 space-y-4">
                {reviews.map((r) => (
                  <li key={r.review}>
                    <figure>
                      <blockquote>
                        <p>“{limitText(r.review, 180)}”</p>
                      </blockquote>
                      <figcaption className="mt-1 text-sm font-semibold">{r.client}</figcaption>
                    </figure>
                  </li>
                ))}
              </ul>
              <p className="mt-4">
                <Link to={`${href("/reviews")}#${member.slug}`} className="inline-flex min-h-11 items-center font-semibold text-brass-dark underline">
                  Read every review of {member.first_name} in full
                </Link>
              </p>
            </div>
          ) : null}
        </aside>
      </div>

      <div className="mx-auto max-w-6xl px-4 pb-14">
        <ButtonLink to={`${href("/team")}#${member.slug}`} outline><span aria-hidden="true">←</span>Back to the full team</ButtonLink>
      </div>
    </article>
  );
}
