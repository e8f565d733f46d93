/** The blog's posts, as seeded from content/blog/*.md. */
import type { Kysely } from "kysely";
import type { Database } from "~/.server/db/schema";
import type { BlogPostContent } from "./load-content.server";

/** A post as the pages and the API show it: the body is the sanitised HTML. */
export type BlogPost = Omit<BlogPostContent, "bodyHtml" | "draft"> & { body: string };

const blogColumns = ["slug", "title", "image", "body_html as body", "author", "date", "excerpt"] as const;

/** Posts public at `now`: a scheduled post's moment (stored as UTC ISO text, so text order is time order) must have come. */
const publicAt = (db: Kysely<Database>, now: Date) =>
  db.selectFrom("blog_posts").where((eb) => eb.or([eb("publish_at", "is", null), eb("publish_at", "<=", now.toISOString())]));

/** Every published post public at `now`, newest first. */
export async function listBlogPosts(db: Kysely<Database>, now = new Date()): Promise<BlogPost[]> {
  return publicAt(db, now).select(blogColumns).orderBy("date", "desc").orderBy("slug").execute();
}

/** A published post public at `now` (drafts are not in the table; a scheduled post waits for its moment). */
export async function findBlogPost(db: Kysely<Database>, slug: string, now = new Date()): Promise<(BlogPost & { draft: false }) | undefined> {
  const post = await publicAt(db, now).select(blogColumns).where("slug", "=", slug).executeTakeFirst();
  return post ? { ...post, draft: false } : undefined;
}
