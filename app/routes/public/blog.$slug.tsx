import { href, Link } from "react-router";
import { JsonLd } from "~/components/json-ld";
import { BookNow, ButtonLink, HeadedSection, Prose, TextLink } from "~/components/page";
import { Picture } from "~/components/picture";
import { findBlogPost, listBlogPosts } from "~/modules/site/blog.server";
import { withoutOfferLinks } from "~/modules/offers/offer-links";
import { notFound, pageContext } from "~/web/page-context.server";
import { markPagePrivate } from "~/web/page-cache";
import type { AppServices } from "~/web/services";
import { isStaffVisitor } from "~/web/staff-gate.server";
import { blogPostingData, breadcrumbData } from "~/modules/seo/structured-data";
import { formatBlogDate } from "~/utils/dates";
import { seoMeta } from "~/utils/seo";
import type { Route } from "./+types/blog.$slug";
import { contentPageAt } from "~/web/route-facts";
import { bookingGuideHref } from "~/modules/site/public-settings";

export const handle = contentPageAt({ "/blog/:slug": {} });

export const meta = seoMeta;

/** How many other posts the side column suggests. */
const MORE = 3;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, settings, copy, seo, photo, offers } = pageContext(context);
  const post = (await findBlogPost(services.db, params.slug)) ?? (await staffDraft(services, params.slug, request));
  if (!post) notFound();
  // A draft's page is for signed-in staff: never kept by a cache, or shown to anyone else.
  if (post.draft) markPagePrivate(context);
  const others = (await listBlogPosts(services.db)).filter((p) => p.slug !== post.slug).slice(0, MORE);
  return {
    // While the offers are hidden, a link to an offer page would find "Check back soon!": its words stay, the link goes.
    post: { draft: post.draft, publishAt: "publish_at" in post ? post.publish_at : undefined, slug: post.slug, title: post.title, body: offers.hidden ? withoutOfferLinks(post.body, copy.pages) : post.body, author: post.author, date: post.date, picture: photo(post.image) },
    more: others.map(({ slug, title, date }) => ({ slug, title, date })),
    booking: bookingGuideHref(),
    postData: blogPostingData(post, settings, services.config.publicUrl),
    crumbs: breadcrumbData([{ name: "Blog", path: href("/blog") }, { name: post.title, path: href("/blog/:slug", { slug: post.slug }) }], services.config.publicUrl),
    seo: seo({ title: post.title, description: post.excerpt, path: href("/blog/:slug", { slug: post.slug }), image: post.image, type: "article" }),
  };
}

/** A draft, or a post waiting for its publish moment, for signed-in staff only (anyone else gets the 404 of a post that does not exist). */
async function staffDraft(services: AppServices, slug: string, request: Request) {
  const { draftPosts, blogPosts } = services.content;
  const draft = draftPosts.find((p) => p.slug === slug) ?? blogPosts.find((p) => p.slug === slug && p.publish_at !== undefined && Date.parse(p.publish_at) > Date.now());
  if (!draft || !(await isStaffVisitor(services, { header: (name) => request.headers.get(name) }))) return undefined;
  const { bodyHtml, ...rest } = draft;
  return { ...rest, draft: true, body: bodyHtml };
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, more, booking, postData, crumbs } = loaderData;
  return (
    <article>
      {post.draft ? (
        <p role="status" className="bg-ink px-4 py-3 text-center font-semibold text-chalk">
          {post.publishAt
            ? `Scheduled: it goes public at ${post.publishAt}. Until then only signed-in staff can see this page.`
            : "Draft: only signed-in staff can see this page. Publish it from the studio's posts page."}
        </p>
      ) : null}
      <JsonLd data={postData} />
      <JsonLd data={crumbs} />
      <header className="bg-blush/60">
        <div className="mx-auto max-w-6xl px-4 pt-12 pb-8 sm:pt-16">
          <p className="text-sm font-semibold tracking-[0.2em] text-brass-dark uppercase">
            <Link to={href("/blog")} className="inline-flex min-h-6 items-center hover:underline">
              The Base Blog
            </Link>
          </p>
          <h1 className="mt-2 max-w-4xl text-4xl sm:text-5xl">{post.title}</h1>
          <p className="mt-4 text-lg">
            By {post.author} · <time dateTime={post.date}>{formatBlogDate(post.date)}</time>
          </p>
        </div>
      </header>
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-10 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0 max-w-3xl">
          <Picture
            picture={post.picture}
            alt=""
            widths={[480, 800, 1200]}
            sizes="(min-width: 64rem) 46rem, 100vw"
            eager
            className="aspect-[16/9] w-full rounded-2xl"
          />
          <Prose html={post.body} className="mt-10 text-lg" />
          <p className="mt-12">
            <ButtonLink to={href("/blog")} outline><span aria-hidden="true">←</span>Back to the blog</ButtonLink>
          </p>
        </div>
        <div className="space-y-6 lg:sticky lg:top-24 lg:self-start">
          {more.length > 0 ? (
            <HeadedSection id="more-heading" title="More from the blog" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/5" headingClassName="text-xl">
              <ul className="mt-4 space-y-4">
                {more.map((p) => (
                  <li key={p.slug}>
                    <TextLink to={href("/blog/:slug", { slug: p.slug })}>{p.title}</TextLink>
                    <p className="text-sm">
                      <time dateTime={p.date}>{formatBlogDate(p.date)}</time>
                    </p>
                  </li>
                ))}
              </ul>
            </HeadedSection>
          ) : null}
          <div className="rounded-2xl bg-ink p-6 text-chalk">
            <p className="font-display text-xl">See what your visit would cost</p>
            <div className="mt-4 flex flex-col gap-3">
              <Link to={href("/prices")} className="button bg-blush text-ink hover:bg-chalk">
                Get a quote
              </Link>
              <BookNow href={booking} className="button border-2 border-chalk hover:bg-chalk hover:text-ink" />
            </div>
          </div>
        </div>
      </div>
    </article>
  );
}
