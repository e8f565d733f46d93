/**
 * The studio's posts (/staff/studio/posts, managers): write a blog post in
 * Markdown, preview it as the blog will show it (as it is typed, with
 * JavaScript; with the Preview button without), keep it as a draft (listed
 * nowhere; its page is for signed-in staff, marked as a draft) and publish
 * it; edit, take back to a draft or remove any post. Every save is an entry
 * of the history.
 */
import { HeadedSection } from "~/components/page";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { data, href, Link, useFetcher, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { Prose } from "~/components/page";
import { useStaff } from "~/components/staff/staff-frame";
import { MarkdownToolbar, markdownKeys } from "~/components/staff/text-tools";
import { ConflictAbove, type ConflictField } from "~/components/staff/conflict-panel";
import { StudioForm, useCheckedForm } from "~/components/staff/intent-form";
import { StudioFrame } from "~/components/staff/studio-frame";
import { PublishAtField, RemoveButton, StudioRow } from "~/components/staff/studio-row";
import type { StaffHandle } from "~/components/staff/staff-refusal";
import { Field, TextareaField } from "~/components/forms/field-kit";
import { readContentFiles } from "~/modules/site/content-store.server";
import { markdownToSafeHtml } from "~/modules/site/markdown.server";
import { planPostCreate, planPostPatch, isScheduled, planPostRemove, postFiles, postPlace, type PostFile } from "~/modules/studio/posts";
import { postBody, postFormSchema } from "~/modules/studio/studio-forms";
import { changeContent } from "~/modules/studio/studio.server";
import { openedVersion, staleSave, versionAt } from "~/modules/studio/versions.server";
import { schemaRefusal, studioAnswer, studioShouldRevalidate, type Reply, type StudioConflict } from "~/web/studio-reply";
import { formatBlogDate, formatReceived, salonToday } from "~/utils/dates";
import { publishAtFieldValue, scheduledWords, waitsAt } from "~/modules/site/publish-at";
import { servicesContext } from "~/web/context";
import { staffMeta } from "~/web/staff-page";
import { staffPost } from "~/web/staff-route.server";
import type { Route } from "./+types/staff.studio.posts";

export const handle: StaffHandle = { staffTitle: "Posts" };
export const meta = () => staffMeta("Posts");

export async function loader({ context }: Route.LoaderArgs) {
  const files = await readContentFiles(context.get(servicesContext).db);
  const now = new Date();
  return {
    posts: postFiles(files).map((p) => ({ ...p, version: versionAt(files, postPlace(p.slug))!, scheduled: isScheduled(p, now), dateText: formatBlogDate(p.date) })),
    today: salonToday(),
  };
}

/** The live preview's requests change nothing: the page's data is not fetched again after one; after a save refused as stale, it is. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return args.formData?.get("intent") === "live-preview" ? false : studioShouldRevalidate(args);
}

const intents = ["preview", "live-preview", "draft", "publish", "remove"] as const;
type Intent = (typeof intents)[number];

export async function action({ context, request }: Route.ActionArgs) {
  const { services, staff, form } = await staffPost(context, request);
  const intent = String(form.get("intent") ?? "") as Intent;
  const slug = String(form.get("slug") ?? "");
  const base = { intent, slug, preview: undefined as string | undefined };
  if (!intents.includes(intent)) return data({ ...base, result: undefined, done: undefined }, { status: 400 });
  if (intent === "remove") {
    const outcome = await changeContent(services, staff, (files) => planPostRemove(files, slug));
    if (outcome.kind === "done") return { ...base, result: undefined, done: `${outcome.entry.summary}. The history can bring it back.` };
    return data({ ...base, result: undefined, done: outcome.kind === "unchanged" ? undefined : outcome.message }, { status: 404 });
  }
  if (intent === "live-preview") {
    // The words alone, as they are typed (PostForm): the rest of the form is checked when it is saved.
    const body = postBody.safeParse(form.get("body"));
    return data({ ...base, result: undefined, done: undefined, preview: body.success ? markdownToSafeHtml(body.data) : "" }, { status: body.success || form.get("body") === "" ? 200 : 400 });
  }
  const submission = parseWithZod(form, { schema: postFormSchema });
  if (submission.status !== "success") return schemaRefusal(base, submission);
  const { slug: _slug, ...post } = submission.value;
  if (intent === "preview") {
    return { ...base, result: submission.reply() as Reply, done: undefined, preview: markdownToSafeHtml(post.body) };
  }
  const draft = intent === "draft";
  const outcome = slug
    ? await changeContent(services, staff, (files) => {
        const current = postFiles(files).find((p) => p.slug === slug);
        const theirs = () => ({ title: current!.title, author: current!.author, date: current!.date, publish_at: publishAtFieldValue(current!.publishAt), body: current!.body, intent: current!.draft ? "draft" : "publish" });
        const stale = staleSave(files, postPlace(slug), openedVersion(form.get("version")), `The post “${current?.title ?? post.title}”`, theirs);
        if (stale) return stale;
        const planning = planPostPatch(files, slug, { ...post, draft });
        return "kind" in planning ? planning : { planned: planning.planned, result: () => planning.after.slug };
      })
    : await changeContent(services, staff, (files) => {
        const planning = planPostCreate(files, { ...post, draft }, salonToday());
        return { planned: planning.planned, result: () => planning.slug };
      });
  const saved = outcome.kind === "done" ? outcome.result : "";
  const done = draft
    ? `Saved as a draft. Only signed-in staff can see it, at /blog/${saved}.`
    : waitsAt(post.publish_at, new Date())
      ? `Scheduled: it goes on the blog by itself on ${formatReceived(post.publish_at!)}, at /blog/${saved}. Until then only signed-in staff can see it.`
      : `Published: it is on the blog now, at /blog/${saved}.`;
  return studioAnswer(base, submission, outcome, { form, done: () => done });
}

export default function StudioPosts({ loaderData, actionData }: Route.ComponentProps) {
  const { posts, today } = loaderData;
  const forSlug = (slug: string) => (actionData && actionData.slug === slug && actionData.intent !== "remove" ? actionData : undefined);
  return (
    <StudioFrame
      title="Posts"
      answer={actionData}
      lead={
        <>
          Write the post in the box: the buttons over it make the words you select bold, a heading, a list or a link. Preview shows it as the blog will.
        </>
      }
    >
      <HeadedSection id="new-post-heading" className="rounded-2xl bg-white p-4 ring-1 ring-ink/10 sm:p-5" title="Write a post">
        <PostForm key={actionData?.slug === "" && actionData.done ? actionData.done : "new"} today={today} reply={forSlug("")} />
      </HeadedSection>
      <HeadedSection id="posts-heading" className="mt-10" title={"The blog's posts"}>
        <ul className="mt-3 space-y-3">
          {posts.map((post) => (
            // The staff desk's "Scheduled" links to a row: #post-item-{slug}.
            <li key={post.slug} id={`post-item-${post.slug}`} className="scroll-mt-4">
              <StudioRow
                title={post.title}
                open={Boolean(forSlug(post.slug))}
                marks={
                  <>
                    <span className="text-sm">{post.dateText}</span>
                    {post.draft ? <span className="rounded-full bg-ink px-2 text-sm text-chalk">Draft</span> : null}
                    {post.scheduled && post.publishAt ? (
                      <span className="rounded-full bg-ink px-2 text-sm text-chalk">
                        <time dateTime={post.publishAt}>{scheduledWords(post.publishAt)}</time>
                      </span>
                    ) : null}
                  </>
                }
              >
                <div className="border-t border-ink/10 px-4 pt-3 pb-4">
                  <p>
                    <Link to={href("/blog/:slug", { slug: post.slug })} className="inline-flex min-h-11 items-center font-semibold underline">
                      {post.draft ? "See the draft's page" : "See it on the blog"}
                    </Link>
                  </p>
                  <PostForm key={post.version} post={post} today={today} reply={forSlug(post.slug)} />
                  <RemoveButton slug={post.slug} name={post.title} />
                </div>
              </StudioRow>
            </li>
          ))}
        </ul>
      </HeadedSection>
    </StudioFrame>
  );
}

/** How long typing pauses before the live preview is fetched. */
const LIVE_PREVIEW_PAUSE_MS = 400;

const postFields: ConflictField[] = [
  { name: "title", label: "Title" },
  { name: "author", label: "Written by" },
  { name: "date", label: "Date" },
  { name: "publish_at", label: "Publish at" },
  { name: "body", label: "The post" },
  {
    name: "intent",
    label: "On the blog",
    options: [
      { value: "draft", label: "No: a draft" },
      { value: "publish", label: "Yes: published" },
    ],
  },
];

function PostForm({ post, today, reply }: { post?: PostFile & { version: string }; today: string; reply: { result?: Reply; preview?: string; conflict?: StudioConflict } | undefined }) {
  const staff = useStaff();
  const navigation = useNavigation();
  const id = post ? `post-${post.slug}` : "new-post";
  const busy = navigation.state !== "idle" && navigation.formData?.get("slug") === (post?.slug ?? "") ? String(navigation.formData.get("intent")) : null;
  const [form, fields] = useCheckedForm(postFormSchema, {
    id,
    lastResult: reply?.result,
    defaultValue: post ? { title: post.title, author: post.author, date: post.date, publish_at: publishAtFieldValue(post.publishAt), body: post.body } : { author: staff.name, date: today },
  });
  // With JavaScript the preview follows the words as they are typed: sent once typing pauses.
  const { submit: fetchPreview, data: live } = useFetcher<typeof action>({ key: `${id}-live-preview` });
  const [typed, setTyped] = useState<string | null>(null);
  const slug = post?.slug ?? "";
  useEffect(() => {
    if (typed === null) return;
    // Not without signal: the request would fail, and the error page would take the words being typed with it.
    const timer = setTimeout(() => navigator.onLine && void fetchPreview({ intent: "live-preview", slug, body: typed }, { method: "post" }), LIVE_PREVIEW_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, slug, fetchPreview]);
  const preview = typed !== null && live?.preview !== undefined ? live.preview : reply?.preview;
  return (
    <>
      {post ? <ConflictAbove className="mt-3" conflict={reply?.conflict} fields={postFields} anchor={form.id} what={`“${post.title}”`} /> : null}
      <StudioForm
        form={form}
        hidden={{ slug: post?.slug ?? "", version: post?.version }}
        className="mt-3 space-y-4"
        onInput={(event) => {
          const target = event.target as HTMLTextAreaElement;
          if (target.name === fields.body.name) setTyped(target.value);
        }}
      >
        <Field meta={fields.title} label="Title" maxLength={120} />
        <div className="grid grid-cols-2 gap-3">
          <Field meta={fields.author} label="Written by" maxLength={60} />
          <Field meta={fields.date} label="Date" type="date" />
        </div>
        <PublishAtField meta={fields.publish_at} hint="Leave it empty to publish at once. With a day and time, UK time, Publish keeps it off the blog until then, and it goes on by itself." />
        <div className="space-y-2">
          {/* The box's label is read out with it; the toolbar sits between what is seen of it and the box. */}
          <p aria-hidden="true" className="font-semibold">
            The post
          </p>
          <MarkdownToolbar target={fields.body.id} />
          <TextareaField
            meta={fields.body}
            label={<span className="sr-only">The post</span>}
            hint="A blank line starts a new paragraph. Select words, then choose Bold, Heading, List or Link; on a keyboard, Ctrl+B and Ctrl+K work too."
            rows={12}
            maxLength={20000}
            onKeyDown={markdownKeys}
          />
        </div>
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="preview" className="button button-outline">
            {busy === "preview" ? "Previewing…" : "Preview"}
          </button>
          <button type="submit" name="intent" value="draft" className="button button-outline">
            {busy === "draft" ? "Saving…" : post && !post.draft ? "Take back to a draft" : "Save as a draft"}
          </button>
          <button type="submit" name="intent" value="publish" className="button button-primary">
            {busy === "publish" ? "Publishing…" : post && !post.draft ? "Save" : "Publish"}
          </button>
        </div>
        {preview ? (
          <section aria-label="Preview" className="rounded-2xl bg-chalk p-4 ring-1 ring-ink/10">
            <p className="text-sm font-semibold tracking-[0.2em] text-brass-dark uppercase">Preview</p>
            <Prose html={preview} className="mt-3" />
          </section>
        ) : null}
      </StudioForm>
    </>
  );
}
