/**
 * The studio's reviews (/staff/studio/reviews, managers): the rating a
 * review site shows (its source, figure, count, the day it was read and a
 * link), every client review in the order the landing page and /reviews show
 * them, each hidden or shown and moved up or down, and a new one added at the
 * top, with its stars when the client gave them. Each change
 * is checked with the whole site's content, shows at once, and is an entry
 * of the history.
 */
import { HeadedSection } from "~/components/page";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { StudioFrame } from "~/components/staff/studio-frame";
import { BusyButton, HiddenForm, useIntentPending, StudioForm, useCheckedForm } from "~/components/staff/intent-form";
import type { StaffHandle } from "~/components/staff/staff-refusal";
import { Field, SelectField, TextareaField } from "~/components/forms/field-kit";
import { readContentFiles } from "~/modules/site/content-store.server";
import { planReviewAct, planReviewAdd, reviewRows, type ReviewRow } from "~/modules/studio/reviews";
import { planRatingPut, planRatingRemove, ratingOf } from "~/modules/studio/rating";
import { ratingInputSchema, ratingWords, starsWords, type Rating } from "~/modules/catalogue/rating";
import { salonToday } from "~/utils/dates";
import { reviewActFormSchema, reviewAddFormSchema } from "~/modules/studio/words-forms";
import { stylistRows } from "~/modules/studio/team";
import { changeContent } from "~/modules/studio/studio.server";
import { servicesContext } from "~/web/context";
import { staffMeta } from "~/web/staff-page";
import { staffPost } from "~/web/staff-route.server";
import { studioSave } from "~/web/studio-save.server";
import { answerFor, studioAnswer, type Reply } from "~/web/studio-reply";
import type { Route } from "./+types/staff.studio.reviews";

export const handle: StaffHandle = { staffTitle: "Reviews" };
export const meta = () => staffMeta("Reviews");

export async function loader({ context }: Route.LoaderArgs) {
  const files = await readContentFiles(context.get(servicesContext).db);
  const stylists = stylistRows(files);
  const nameOf = (slug: string) => stylists.find((s) => s.slug === slug)?.first_name ?? slug;
  return {
    rating: ratingOf(files),
    today: salonToday(),
    reviews: reviewRows(files).map((r) => ({ ...r, stylistName: nameOf(r.stylist) })),
    stylists: stylists.filter((s) => !s.hidden).map((s) => ({ value: s.slug, label: `${s.first_name} ${s.last_name}` })),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const post = await staffPost(context, request);
  const { services, staff, form } = post;
  if (form.get("intent") === "rating") return studioSave(post, { intent: "rating" }, ratingInputSchema(salonToday()), planRatingPut);
  if (form.get("intent") === "rating-remove") {
    // Taking it off needs none of the boxes: they are not checked.
    const submission = parseWithZod(form, { schema: ratingInputSchema(salonToday()) });
    return studioAnswer({ intent: "rating" }, submission, await changeContent(services, staff, planRatingRemove));
  }
  if (form.get("intent") === "add") {
    return studioSave(post, { intent: "add" }, reviewAddFormSchema, (files, review) => {
      const stylist = stylistRows(files).find((s) => s.slug === review.stylist);
      if (!stylist) return { kind: "invalid" as const, message: "Please check the review", fields: { stylist: "Choose the stylist it is about" } };
      return planReviewAdd(files, review, stylist.first_name);
    });
  }
  const submission = parseWithZod(form, { schema: reviewActFormSchema });
  if (submission.status !== "success") return data({ intent: "act", result: undefined, done: "Choose a review and what to do with it." }, { status: 400 });
  const { at, client, act } = submission.value;
  const outcome = await changeContent(services, staff, (files) => planReviewAct(files, at, client, act));
  if (outcome.kind === "done") return { intent: "act", result: undefined, done: `Saved: ${outcome.entry.summary}. The history can undo it.` };
  if (outcome.kind === "unchanged") return { intent: "act", result: undefined, done: "Nothing was different, so nothing changed." };
  return data({ intent: "act", result: undefined, done: outcome.message }, { status: outcome.kind === "not-found" ? 404 : 400 });
}

export default function StudioReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { rating, today, reviews, stylists } = loaderData;
  return (
    <StudioFrame
      title="Reviews"
      answer={actionData}
      lead={
        <>
          What clients said, in the order the landing page and the reviews page show them. A hidden review stays here, off the website, until you show it again.
        </>
      }
    >
      <HeadedSection id="rating-heading" className="rounded-2xl bg-white p-4 ring-1 ring-ink/10 sm:p-5" title="The rating">
        <p className="mt-1">
          {rating ? `The website shows: ${ratingWords(rating)}.` : "The website shows no rating."} Copy the figures from the review site as they read today; the landing page and the
          reviews page show them with the month and a link there.
        </p>
        <RatingForm key={JSON.stringify(rating)} rating={rating} today={today} lastResult={answerFor(actionData, { intent: "rating" }).lastResult} />
      </HeadedSection>
      <HeadedSection id="add-review-heading" className="mt-8 rounded-2xl bg-white p-4 ring-1 ring-ink/10 sm:p-5" title="Add a review">
        <p className="mt-1">Only with the client's agreement, and their name as they are happy to see it. It goes first.</p>
        <AddReviewForm stylists={stylists} lastResult={answerFor(actionData, { intent: "add" }).lastResult} />
      </HeadedSection>
      <h2 className="mt-10 text-2xl">The reviews, in order</h2>
      <ol className="mt-3 space-y-3">
        {reviews.map((review, at) => (
          <li key={`${at}:${review.client}`} className="rounded-2xl bg-white p-4 ring-1 ring-ink/10">
            <ReviewCard review={review} at={at} first={at === 0} last={at === reviews.length - 1} />
          </li>
        ))}
      </ol>
    </StudioFrame>
  );
}

function ReviewCard({ review, at, first, last }: { review: ReviewRow & { stylistName: string }; at: number; first: boolean; last: boolean }) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p className="mr-auto font-semibold">
          {review.client}, about {review.stylistName}
          {review.stars ? <span className="font-normal">, {starsWords(review.stars)}</span> : null}
        </p>
        {review.hidden ? <span className="rounded-full bg-ink px-2 text-sm text-chalk">Hidden</span> : null}
      </div>
      <blockquote className={`mt-2 ${review.hidden ? "text-ink/70" : ""}`}>{review.review}</blockquote>
      <div className="mt-3 flex flex-wrap gap-3">
        <ActButton at={at} client={review.client} act={review.hidden ? "show" : "hide"} />
        {first ? null : <ActButton at={at} client={review.client} act="up" />}
        {last ? null : <ActButton at={at} client={review.client} act="down" />}
      </div>
    </>
  );
}

const actWords = { hide: "Hide", show: "Show again", up: "Move up", down: "Move down" } as const;

function ActButton({ at, client, act }: { at: number; client: string; act: keyof typeof actWords }) {
  const busy = useIntentPending("act", { at, act });
  return (
    <HiddenForm fields={{ intent: "act", at, client, act }}>
      <BusyButton busy={busy} busyText={actWords[act]} className="button button-outline" who={`the review by ${client}`}>{actWords[act]}</BusyButton>
    </HiddenForm>
  );
}

function AddReviewForm({ stylists, lastResult }: { stylists: { value: string; label: string }[]; lastResult: Reply | undefined }) {
  const busy = useIntentPending("add");
  const [form, fields] = useCheckedForm(reviewAddFormSchema, { id: "add-review", lastResult });
  return (
    <StudioForm form={form} hidden={{ intent: "add" }} className="mt-3 space-y-4">
      <TextareaField meta={fields.review} label="What they said" rows={4} maxLength={700} />
      <div className="grid gap-3 sm:grid-cols-3">
        <Field meta={fields.client} label="Their name" hint="Such as Maren T." maxLength={40} />
        <SelectField meta={fields.stylist} label="About" options={stylists} first={{ value: "", label: "Choose a stylist" }} />
        <SelectField meta={fields.stars} label="Stars they gave" options={STAR_CHOICES} first={{ value: "", label: "None given" }} />
      </div>
      <BusyButton busy={busy} busyText="Adding…" className="button button-primary w-full sm:w-auto">Add the review</BusyButton>
    </StudioForm>
  );
}

const STAR_CHOICES = [5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: starsWords(n) }));

function RatingForm({ rating, today, lastResult }: { rating: Rating | undefined; today: string; lastResult: Reply | undefined }) {
  const busy = [useIntentPending("rating"), useIntentPending("rating-remove")].includes(true);
  const [form, fields] = useCheckedForm(ratingInputSchema(today), {
    id: "rating",
    lastResult,
    defaultValue: rating ? { ...rating, value: rating.value.toFixed(1), count: String(rating.count) } : undefined,
  });
  return (
    <StudioForm form={form} className="mt-3 space-y-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Field meta={fields.source} label="Where it is from" hint="Such as Google" maxLength={40} />
        <Field meta={fields.value} label="Rating out of 5" hint="Such as 4.9" inputMode="decimal" maxLength={3} />
        <Field meta={fields.count} label="Number of reviews" hint="Such as 212" inputMode="numeric" maxLength={7} />
        <Field meta={fields.read_on} label="Read on" hint="The day you read it" type="date" max={today} />
      </div>
      <Field meta={fields.url} label="Link to the reviews" type="url" hint="Where a visitor can read them, starting https://" maxLength={500} />
      <div className="flex flex-wrap gap-3">
        <BusyButton busy={busy} busyText="Saving…" name="intent" value="rating" className="button button-primary w-full sm:w-auto">Save the rating</BusyButton>
        {rating ? (
          // Taking it off needs none of the boxes: the form is not checked first.
          <button type="submit" name="intent" value="rating-remove" formNoValidate className="button button-outline w-full sm:w-auto" disabled={busy}>
            Remove the rating
          </button>
        ) : null}
      </div>
    </StudioForm>
  );
}
