import { Link } from "react-router";
import { formatBlogDate } from "~/utils/dates";
import { ScenePicture } from "./picture";

export interface BlogCardPost {
  slug: string;
  title: string;
  image: string;
  excerpt: string;
  author: string;
  date: string;
}

export function BlogCard({ post, headingLevel = 3 }: { post: BlogCardPost; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-ink/5">
      <ScenePicture
        src={post.image}
        alt=""
        widths={[480, 800]}
        sizes="(min-width: 64rem) 22rem, (min-width: 48rem) 45vw, 90vw"
        className="aspect-[16/9] w-full object-cover"
      />
      <div className="flex flex-1 flex-col p-5">
        <Heading className="text-xl">{post.title}</Heading>
        <p className="mt-1 text-sm">
          {post.author} · <time dateTime={post.date}>{formatBlogDate(post.date)}</time>
        </p>
        <p className="mt-3 flex-1">{post.excerpt}</p>
        <p className="mt-4">
          <Link to={`/blog/${post.slug}`} className="inline-flex min-h-11 items-center font-semibold text-brass-dark underline">
            Read More &gt;<span className="sr-only"> about {post.title}</span>
          </Link>
        </p>
      </div>
    </article>
  );
}
