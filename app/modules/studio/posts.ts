/**
 * Blog posts in the studio: written in Markdown, kept as drafts (listed
 * nowhere; their page is for signed-in staff, marked as a draft) until
 * published. A post is its file, content/blog/{slug}.md, so each change is a
 * change of that whole file. Pure: studio.server.ts checks and stores.
 */
import YAML from "yaml";
import { slugify, uniqueSlug } from "~/modules/site-switches/site-switches";
import { splitFrontMatter } from "~/modules/site/markdown.server";
import type { Planned, Refusal } from "./changes";
import type { PostCreate, PostPatch } from "./studio-forms";

export interface PostFile {
  slug: string;
  title: string;
  author: string;
  date: string;
  excerpt: string;
  draft: boolean;
  /** A scheduled post: public from this moment (UTC ISO 8601), a draft to the public before it (decision 0059). */
  publishAt?: string;
  image?: string;
  body: string;
}

const fileOf = (slug: string) => `blog/${slug}.md`;
/** A post is its whole file: the place its version is of (versions.server.ts). */
export const postPlace = (slug: string) => ({ file: fileOf(slug) });

/** Every post the files hold, drafts first, then newest first. */
export function postFiles(files: ReadonlyMap<string, string>): PostFile[] {
  const posts: PostFile[] = [];
  for (const [name, text] of files) {
    const match = /^blog\/([^/]+)\.md$/.exec(name);
    if (!match) continue;
    try {
      const { frontMatter, body } = splitFrontMatter(text);
      const meta = (YAML.parse(frontMatter) ?? {}) as Record<string, unknown>;
      const date = meta.date instanceof Date ? meta.date.toISOString().slice(0, 10) : String(meta.date ?? "");
      const words = (key: string) => (typeof meta[key] === "string" ? meta[key] : "");
      posts.push({
        slug: match[1]!,
        title: words("title"),
        author: words("author"),
        date,
        excerpt: words("excerpt"),
        draft: meta.draft === true,
        publishAt: typeof meta.publish_at === "string" ? meta.publish_at : undefined,
        image: typeof meta.image === "string" ? meta.image : undefined,
        body: body.trim(),
      });
    } catch {
      // A file the loader would refuse never reaches the database.
    }
  }
  return posts.sort((a, b) => Number(b.draft) - Number(a.draft) || b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}

/** The excerpt search results and the blog's list show: the post's first paragraph as plain words, at most 240 characters. */
export function excerptOf(markdown: string): string {
  const first = markdown.split(/\n\s*\n/).find((p) => /\w/.test(p) && !/^\s*#/.test(p)) ?? markdown;
  const plain = first
    .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`>#]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (plain.length <= 240) return plain;
  const cut = plain.slice(0, 239);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 180 ? cut.lastIndexOf(" ") : 239)}…`;
}

/** A post's file: its front matter, then its Markdown. */
export function postText(post: Omit<PostFile, "slug">): string {
  const front: Record<string, unknown> = { title: post.title, author: post.author, date: post.date, excerpt: post.excerpt };
  if (post.draft) front.draft = true;
  if (post.publishAt) front.publish_at = post.publishAt;
  if (post.image) front.image = post.image;
  return `---\n${YAML.stringify(front, { lineWidth: 0 })}---\n\n${post.body.trim()}\n`;
}

export const postJson = (post: PostFile) => ({ slug: post.slug, title: post.title, body: post.body, author: post.author, date: post.date, image: post.image ?? `/images/blog/${post.slug}.svg`, draft: post.draft, publish_at: post.publishAt ?? null });

/** Whether a published post still waits for its publish moment at `now`. */
export const isScheduled = (post: Pick<PostFile, "draft" | "publishAt">, now: Date) => !post.draft && post.publishAt !== undefined && Date.parse(post.publishAt) > now.getTime();

export function planPostCreate(files: ReadonlyMap<string, string>, input: PostCreate, today: string): { planned: Planned; slug: string } {
  const taken = new Set(postFiles(files).map((p) => p.slug));
  const slug = uniqueSlug(slugify(input.title) || "post", taken);
  const post = { title: input.title, author: input.author, date: input.date ?? today, excerpt: excerptOf(input.body), draft: input.draft ?? false, publishAt: input.publish_at ?? undefined, image: input.image, body: input.body };
  return {
    planned: { what: "posts", summary: `${post.draft ? "New draft post" : "Published a new post"} “${post.title}”`, changes: [{ file: fileOf(slug), after: postText(post) }] },
    slug,
  };
}

export function planPostPatch(files: ReadonlyMap<string, string>, slug: string, patch: PostPatch): { planned: Planned; after: PostFile } | Refusal {
  const before = postFiles(files).find((p) => p.slug === slug);
  if (!before) return { kind: "not-found", message: "No post has that slug" };
  const { publish_at: publishAt, ...fields } = patch;
  const after: PostFile = { ...before, ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) };
  if (publishAt !== undefined) after.publishAt = publishAt ?? undefined;
  if (patch.body !== undefined) after.excerpt = excerptOf(patch.body);
  const changed = (["title", "body", "author", "date", "image", "publishAt"] as const).filter((f) => after[f] !== before[f]);
  const summary =
    before.draft && !after.draft
      ? `Published “${after.title}”`
      : !before.draft && after.draft
        ? `Took “${after.title}” back to a draft`
        : `Edited ${after.draft ? "the draft" : "the post"} “${after.title}”${changed.length > 0 ? ` (${changed.join(", ")})` : ""}`;
  return { planned: { what: "posts", summary, changes: [{ file: fileOf(slug), before: files.get(fileOf(slug)), after: postText(after) }] }, after };
}

export function planPostRemove(files: ReadonlyMap<string, string>, slug: string): { planned: Planned } | Refusal {
  const before = postFiles(files).find((p) => p.slug === slug);
  if (!before) return { kind: "not-found", message: "No post has that slug" };
  return { planned: { what: "posts", summary: `Removed ${before.draft ? "the draft" : "the post"} “${before.title}”`, changes: [{ file: fileOf(slug), before: files.get(fileOf(slug)) }] } };
}
