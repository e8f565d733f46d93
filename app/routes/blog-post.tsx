import { Link } from "react-router";
import { JsonLd } from "~/components/json-ld";
import { Prose } from "~/components/page";
import { ScenePicture } from "~/components/picture";
import { findBlogPost } from "~/modules/content/catalogue.server";
import { notFound, pageContext } from "~/modules/content/page-context.server";
import { blogPostingData } from "~/modules/content/structured-data";
import { formatBlogDate } from "~/utils/dates";
import { seoMeta } from "~/utils/seo";
import type { Route } from "./+types/blog-post";

export const meta = seoMeta;

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, settings, seo } = pageContext(context);
  const post = await findBlogPost(services.db, params.slug);
  if (!post) notFound();
  return {
    post,
    postData: blogPostingData(post, settings, services.config.publicUrl),
    seo: seo({ title: post.title, description: post.excerpt, path: `/blog/${post.slug}`, image: post.image, type: "article" }),
  };
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, postData } = loaderData;
  return (
    <article>
      <JsonLd data={postData} />
      <header className="bg-blush/60">
        <div className="mx-auto max-w-3xl px-4 pt-12 pb-8 sm:pt-16">
          <p className="text-sm font-semibold tracking-[0.2em] text-brass-dark uppercase">
            <Link to="/blog" className="inline-flex min-h-6 items-center hover:underline">
              The Base Blog
            </Link>
          </p>
          <h1 className="mt-2 text-4xl sm:text-5xl">{post.title}</h1>
          <p className="mt-4 text-lg">
            By {post.author} · <time dateTime={post.date}>{formatBlogDate(post.date)}</time>
          </p>
        </div>
      </header>
      <div className="mx-auto max-w-3xl px-4 py-10">
        <ScenePicture
          src={post.image}
          alt=""
          widths={[480, 800, 1200]}
          sizes="(min-width: 48rem) 46rem, 100vw"
          eager
          className="aspect-[16/9] w-full rounded-2xl object-cover"
        />
        <Prose html={post.body} className="mt-10 text-lg" />
        <p className="mt-12">
          <Link to="/blog" className="button button-outline">
            <span aria-hidden="true">←</span>Back to the blog
          </Link>
        </p>
      </div>
    </article>
  );
}
