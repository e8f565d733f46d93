import { BlogCard, toBlogCard } from "~/components/blog-card";
import { ListPage } from "~/components/page";
import { listBlogPosts } from "~/modules/site/blog.server";
import { pageContext } from "~/web/page-context.server";
import { seoMeta } from "~/utils/seo";
import type { Route } from "./+types/blog";
import { contentPageAt } from "~/web/route-facts";

export const handle = contentPageAt({ "/blog": {} });

export const meta = seoMeta;

export async function loader({ context }: Route.LoaderArgs) {
  const { services, copy, seo, photo } = pageContext(context);
  const text = copy.text.blog;
  const posts = await listBlogPosts(services.db);
  return {
    text,
    posts: posts.map((post) => toBlogCard(post, photo)),
    seo: seo({ title: text.title, description: text.description, path: "/blog", image: posts[0]?.image }),
  };
}

export default function BlogInfo({ loaderData }: Route.ComponentProps) {
  const { text, posts } = loaderData;
  return (
    <ListPage kicker="Blog" text={text}>
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {posts.map((post) => (
          <li key={post.slug}>
            <BlogCard post={post} headingLevel={2} />
          </li>
        ))}
      </ul>
    </ListPage>
  );
}
