import { href, Link } from "react-router";
import type { PictureData } from "~/modules/images/picture-data";
import type { BlogPost } from "~/modules/site/blog.server";
import { formatBlogDate } from "~/utils/dates";
import { Picture } from "./picture";

export type BlogCardPost = Pick<BlogPost, "slug" | "title" | "excerpt" | "author" | "date"> & { picture?: PictureData };

/** The fields a card needs, with the post's photo described for the page (none: the card has no picture block). */
export function toBlogCard(
  { slug, title, image, excerpt, date, author }: Pick<BlogPost, "slug" | "title" | "image" | "excerpt" | "date" | "author">,
  picture: (src: string) => PictureData | undefined,
): BlogCardPost {
  const described = picture(image);
  return { slug, title, excerpt, date, author, ...(described ? { picture: described } : {}) };
}

/**
 * A post's card: picture, title, author and date, excerpt, and its link.
 * `compact` (the landing page) makes it a short row on a phone: a small
 * picture beside the title, without the excerpt.
 */
export function BlogCard({ post, headingLevel = 3, compact = false }: { post: BlogCardPost; headingLevel?: 2 | 3; compact?: boolean }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={`flex h-full overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-ink/5 ${compact ? "md:flex-col" : "flex-col"}`}>
      <Picture
        picture={post.picture}
        alt=""
        widths={compact ? [160, 480, 800] : [480, 800]}
        sizes={compact ? "(min-width: 64rem) 22rem, (min-width: 48rem) 45vw, 6rem" : "(min-width: 64rem) 22rem, (min-width: 48rem) 45vw, 90vw"}
        className={compact ? "m-3 aspect-square w-24 shrink-0 self-start rounded-xl md:m-0 md:aspect-[16/9] md:w-full md:rounded-none" : "aspect-[16/9] w-full"}
      />
      <div className={`flex min-w-0 flex-1 flex-col ${compact ? `py-3 pr-4 md:p-5 ${post.picture ? "" : "pl-4"}` : "p-5"}`}>
        <Heading className={compact ? "text-lg md:text-xl" : "text-xl"}>{post.title}</Heading>
        <p className="mt-1 text-sm">
          {post.author} · <time dateTime={post.date}>{formatBlogDate(post.date)}</time>
        </p>
        <p className={`mt-3 flex-1 ${compact ? "hidden md:block" : ""}`}>{post.excerpt}</p>
        <p className={compact ? "md:mt-4" : "mt-4"}>
          <Link to={href("/blog/:slug", { slug: post.slug })} className="inline-flex min-h-11 items-center font-semibold text-brass-dark underline">
            Read more<span className="sr-only"> about {post.title}</span> <span aria-hidden="true">→</span>
          </Link>
        </p>
      </div>
    </article>
  );
}
