/** The blog's posts, as seeded from content/blog/*.md. */
import type { Kysely } from "kysely";
import type { Database } from "~/.server/db/schema";
import type { BlogPostContent } from "./load-content.server";

/** A post as the pages and the API show it: the body is the sanitised HTML. */
export type BlogPost = Omit<BlogPostContent, "bodyHtml" | "draft"> & { body: string };

const blogColumns = ["slug", "title", "image", "body_html as body", "author", "date", "excerpt"] as const;

/** Every published post, newest first. */
export async function listBlogPosts(db: Kysely<Database>): Promise<BlogPost[]> {
  return db.selectFrom("blog_posts").select(blogColumns).orderBy("date", "desc").orderBy("slug").execute();
}

/** A published post (drafts are not in the table). */
export async function findBlogPost(db: Kysely<Database>, slug: string): Promise<(BlogPost & { draft: false }) | undefined> {
  const post = await db.selectFrom("blog_posts").select(blogColumns).where("slug", "=", slug).executeTakeFirst();
  return post ? { ...post, draft: false } : undefined;
}
