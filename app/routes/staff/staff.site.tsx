/**
 * Site switches (/staff/site): show or hide the offers everywhere, move their
 * end date, add, edit and remove shop news, and put everything back to the
 * content files' values. A change shows on every public page at once; each
 * one is in the list of recent changes with who made it.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { HeadedSection } from "~/components/page";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { data, Form } from "react-router";
import { StaffFrame } from "~/components/staff/staff-frame";
import { PublishAtField } from "~/components/staff/studio-row";
import { HistoryList } from "~/components/staff/record-list";
import { BusyButton, HiddenForm, StudioForm, useCheckedForm, useIntentPending } from "~/components/staff/intent-form";
import type { StaffHandle } from "~/components/staff/staff-refusal";
import { formatReceived, salonToday } from "~/utils/dates";
import { addNews, editNews, listNews, newsPictures, removeNews } from "~/modules/site-switches/news.server";
import { newsHistory } from "~/modules/studio/studio.server";
import { endDateFormSchema, newsAddFormSchema, newsEditFormSchema, newsRemoveFormSchema, offersFormSchema } from "~/modules/site-switches/site-forms";
import { describeSiteChange } from "~/modules/site-switches/site-history";
import { fileSwitchesOf, NEWS_TEXT_MAX, NEWS_TITLE_MAX, pictureName, UNKNOWN_PICTURE, type NewsItemRecord } from "~/modules/site-switches/site-switches";
import { currentSwitches, resetToFiles, siteHistory, updateSwitches } from "~/modules/site-switches/site-switches.server";
import { formatBlogDate } from "~/utils/dates";
import { publishAtFieldValue, scheduledWords, waitsAt } from "~/modules/site/publish-at";
import { servicesContext } from "~/web/context";
import { staffMeta } from "~/web/staff-page";
import { staffPost } from "~/web/staff-route.server";
import { answerFor, type Reply } from "~/web/studio-reply";
import type { Route } from "./+types/staff.site";
import { Field, SelectField, TextareaField } from "~/components/forms/field-kit";

export const handle: StaffHandle = { staffTitle: "Site switches" };
export const meta = () => staffMeta("Site switches");

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { db } = services;
  const now = new Date();
  const [switches, news, pictures, history] = await Promise.all([
    currentSwitches(db, fileSwitchesOf(services.settings)),
    listNews(db),
    newsPictures(db),
    siteHistory(db),
  ]);
  const setBy = (key: keyof typeof switches.setBy) => {
    const who = switches.setBy[key];
    return who ? `Set by ${who.by}, ${formatReceived(who.at)}` : "As in the content files";
  };
  return {
    hideOffers: switches.hideOffers,
    endDate: switches.endDate,
    endDateText: switches.endDateText,
    setBy: { hideOffers: setBy("hideOffers"), endDate: setBy("endDate"), news: setBy("news") },
    anythingSet: Object.values(switches.setBy).some(Boolean),
    today: salonToday(),
    // An item waiting for its publish moment is marked with it, on the salon's clock (decision 0059).
    news: news.map((item) => ({
      ...item,
      dateText: formatBlogDate(item.date),
      scheduled: waitsAt(item.publish_at, now) && item.publish_at ? scheduledWords(item.publish_at) : undefined,
      publishAt: publishAtFieldValue(item.publish_at),
    })),
    pictures: pictures.map((path) => ({ path, name: pictureName(path) })),
    history: history.map((event) => ({ id: event.id, when: formatReceived(event.at), text: describeSiteChange(event) })),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { services, staff, form } = await staffPost(context, request);
  const { db } = services;
  const file = fileSwitchesOf(services.settings);
  switch (form.get("intent")) {
    case "offers": {
      const submission = parseWithZod(form, { schema: offersFormSchema });
      if (submission.status !== "success") return data({ intent: "offers" as const, result: submission.reply() as Reply }, { status: 400 });
      const after = await updateSwitches(db, staff, file, { hideOffers: submission.value.hideOffers });
      return { intent: "offers" as const, result: submission.reply() as Reply, done: after.hideOffers ? "The offers are hidden everywhere." : "The offers are showing again." };
    }
    case "end-date": {
      const submission = parseWithZod(form, { schema: endDateFormSchema });
      if (submission.status !== "success") return data({ intent: "end-date" as const, result: submission.reply() as Reply }, { status: 400 });
      const after = await updateSwitches(db, staff, file, { endDate: submission.value.endDate });
      return { intent: "end-date" as const, result: submission.reply() as Reply, done: `The offers now end on ${after.endDateText}.` };
    }
    case "news-add": {
      const submission = parseWithZod(form, { schema: newsAddFormSchema });
      if (submission.status !== "success") return data({ intent: "news-add" as const, result: submission.reply() as Reply }, { status: 400 });
      const { intent: _intent, ...input } = submission.value;
      const result = await addNews(db, staff, input, newsHistory(services));
      if (result.kind !== "done") {
        return data({ intent: "news-add" as const, result: submission.reply({ fieldErrors: { image: [UNKNOWN_PICTURE] } }) as Reply }, { status: 400 });
      }
      return { intent: "news-add" as const, result: submission.reply({ resetForm: true }) as Reply, done: `“${result.item.title}” ${onShopPage(result.item)}.` };
    }
    case "news-edit": {
      const submission = parseWithZod(form, { schema: newsEditFormSchema });
      const slug = String(form.get("slug") ?? "");
      if (submission.status !== "success") return data({ intent: "news-edit" as const, slug, result: submission.reply() as Reply }, { status: 400 });
      const { intent: _intent, slug: _slug, ...change } = submission.value;
      const result = await editNews(db, staff, slug, change, newsHistory(services));
      if (result.kind === "not-found") throw data("No news item has that slug", { status: 404 });
      if (result.kind === "bad-picture") {
        return data({ intent: "news-edit" as const, slug, result: submission.reply({ fieldErrors: { image: [UNKNOWN_PICTURE] } }) as Reply }, { status: 400 });
      }
      return { intent: "news-edit" as const, slug, result: submission.reply() as Reply, done: waitsAt(result.item.publish_at, new Date()) ? `“${result.item.title}” is saved: it ${onShopPage(result.item)}.` : `“${result.item.title}” is saved.` };
    }
    case "news-remove": {
      const submission = parseWithZod(form, { schema: newsRemoveFormSchema });
      if (submission.status !== "success") throw data("Choose a news item", { status: 400 });
      const result = await removeNews(db, staff, submission.value.slug, newsHistory(services));
      if (result.kind !== "done") throw data("No news item has that slug", { status: 404 });
      return { intent: "news-remove" as const, removed: result.item, done: `“${result.item.title}” is off the shop page.` };
    }
    case "reset": {
      const changed = await resetToFiles(db, staff, file);
      return { intent: "reset" as const, done: changed ? "The offers, end date and news are back to the content files' values." : "Everything was already as in the content files." };
    }
    default:
      return data({ intent: "unknown" as const, done: undefined }, { status: 400 });
  }
}

/** "is on the shop page", or "goes on the shop page on Mon, 1 Mar 2027, 09:00" for an item that waits for its publish time. */
function onShopPage(item: NewsItemRecord): string {
  return item.publish_at && waitsAt(item.publish_at, new Date()) ? `goes on the shop page on ${formatReceived(item.publish_at)}` : "is on the shop page";
}

export default function SiteSwitches({ loaderData, actionData }: Route.ComponentProps) {
  const { hideOffers, endDateText, endDate, setBy, anythingSet, today, news, pictures, history } = loaderData;
  const done = actionData && "done" in actionData ? actionData.done : undefined;
  const removed = actionData?.intent === "news-remove" ? actionData.removed : undefined;

  return (
    <StaffFrame title="Site switches" lead={<p>Changes here show on every page of the website straight away. Each one is listed below with who made it.</p>}>
      <div aria-live="polite" className="mb-6 empty:hidden">
        {done ? (
          <div className="notice flex flex-wrap items-center gap-3">
            <p className="mr-auto">{done}</p>
            {removed ? <UndoRemove item={removed} /> : null}
          </div>
        ) : null}
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <Panel id="offers-heading" title="Offers">
          <p className="text-lg font-semibold">{hideOffers ? "Hidden: offer pages say “Check back soon!”" : "Showing on the site"}</p>
          <p className="text-sm">{setBy.hideOffers}</p>
          <p className="mt-2">{hideOffers ? "The Offers link, the home page's offers and every offer page are hidden." : "Hiding them takes the Offers link, the home page's offers and every offer's details off the site."}</p>
          <OffersForm hideOffers={hideOffers} lastResult={answerFor(actionData, { intent: "offers" }).lastResult} />
        </Panel>

        <Panel id="end-date-heading" title="Offers' end date">
          <p className="text-lg font-semibold">{`The offers end on ${endDateText}`}</p>
          <p className="text-sm">{setBy.endDate}</p>
          <p className="mt-2">It is in every offer's small print, except an offer with an end date of its own in the content files.</p>
          <EndDateForm key={endDate} endDate={endDate} today={today} lastResult={answerFor(actionData, { intent: "end-date" }).lastResult} />
        </Panel>
      </div>

      <Panel id="news-heading" title="Shop news" className="mt-6">
        <p className="text-sm">{setBy.news}</p>
        <p className="mt-2">The shop page shows the newest three.</p>
        {news.length === 0 ? <p className="notice mt-4">There is no news on the shop page.</p> : null}
        <ul className="mt-4 space-y-4">
          {news.map((item) => (
            <li key={item.slug}>
              <NewsCard item={item} pictures={pictures} lastResult={answerFor(actionData, { intent: "news-edit", slug: item.slug }).lastResult} />
            </li>
          ))}
        </ul>
        <details className="mt-6 rounded-2xl bg-chalk p-4 ring-1 ring-ink/10" open={answerFor(actionData, { intent: "news-add" }).lastResult?.status === "error" || undefined}>
          <summary className="flex min-h-11 items-center text-lg font-semibold text-brass-dark underline">Add a news item</summary>
          <NewsForm intent="news-add" formId="news-add" pictures={pictures} today={today} lastResult={answerFor(actionData, { intent: "news-add" }).lastResult} submit="Add to the shop page" />
        </details>
      </Panel>

      <Panel id="reset-heading" title="Back to the content files" className="mt-6">
        {anythingSet ? (
          <>
            <p>Puts the offers, their end date and the shop news back to what the content files say. The list of changes below keeps what they were.</p>
            <HiddenForm fields={{ intent: "reset" }} className="mt-3">
              <button type="submit" className="button button-outline">
                Back to the files' values
              </button>
            </HiddenForm>
          </>
        ) : (
          <p>Everything here is as the content files say.</p>
        )}
      </Panel>

      <HistoryList title="Recent changes" events={history} empty="No changes yet." className="mt-10" />
    </StaffFrame>
  );
}

function Panel({ id, title, className = "", children }: { id: string; title: string; className?: string; children: ReactNode }) {
  return (
    <HeadedSection id={id} className={`rounded-2xl bg-white p-5 ring-1 ring-ink/10 ${className}`} title={title}>
      <div className="mt-2">{children}</div>
    </HeadedSection>
  );
}

function OffersForm({ hideOffers, lastResult }: { hideOffers: boolean; lastResult: Reply | undefined }) {
  const busy = useIntentPending("offers");
  const [form] = useForm({ id: "offers", lastResult });
  return (
    <StudioForm form={form} hidden={{ intent: "offers", hideOffers: hideOffers ? "false" : "true" }} className="mt-4">
      <BusyButton busy={busy} busyText="Saving…" className={hideOffers ? "button button-primary" : "button button-outline"}>{hideOffers ? "Show the offers" : "Hide the offers"}</BusyButton>
    </StudioForm>
  );
}

function EndDateForm({ endDate, today, lastResult }: { endDate: string; today: string; lastResult: Reply | undefined }) {
  const busy = useIntentPending("end-date");
  const [form, fields] = useCheckedForm(endDateFormSchema, { id: "end-date", lastResult, defaultValue: { endDate } });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="end-date" />
      <Field meta={fields.endDate} label="New end date" type="date" min={today} inputClassName="w-auto" />
      <BusyButton busy={busy} busyText="Saving…" className="button button-primary">Save the end date</BusyButton>
    </Form>
  );
}

interface Picture {
  path: string;
  name: string;
}

function NewsCard({
  item,
  pictures,
  lastResult,
}: {
  item: NewsItemRecord & { dateText: string; scheduled: string | undefined; publishAt: string };
  pictures: Picture[];
  lastResult: Reply | undefined;
}) {
  const busy = useIntentPending("news-remove", { slug: item.slug });
  const headingId = `news-${item.slug}`;
  return (
    <article aria-labelledby={headingId} className="rounded-2xl bg-chalk p-4 ring-1 ring-ink/10">
      <div className="flex flex-wrap gap-4">
        <img src={item.image} alt="" width={96} height={54} className="h-[54px] w-24 rounded-lg object-cover" />
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="text-xl break-words">
            {item.title}
          </h3>
          <p className="text-sm">
            <time dateTime={item.date}>{item.dateText}</time>
          </p>
        </div>
      </div>
      {item.scheduled ? (
        <p className="mt-2 text-sm">
          <span className="inline-block rounded-full bg-ink px-2 text-chalk">
            <time dateTime={item.publish_at ?? undefined}>{item.scheduled}</time>
          </span>
        </p>
      ) : null}
      <p className="mt-2 break-words">{item.text}</p>
      <div className="mt-3 flex flex-wrap items-start gap-3">
        <details className="w-full" open={lastResult?.status === "error" || undefined}>
          <summary className="inline-flex min-h-11 items-center font-semibold text-brass-dark underline">
            Edit<span className="sr-only"> “{item.title}”</span>
          </summary>
          <NewsForm intent="news-edit" formId={`news-edit-${item.slug}`} item={item} pictures={pictures} lastResult={lastResult} submit="Save changes" />
        </details>
        <HiddenForm fields={{ intent: "news-remove", slug: item.slug }}>
          <BusyButton busy={busy} busyText="Removing…" className="button button-outline" who={`“${item.title}”`}>Remove</BusyButton>
        </HiddenForm>
      </div>
    </article>
  );
}

/** After a removal: put it back as it was, with one press. */
function UndoRemove({ item }: { item: NewsItemRecord }) {
  return (
    <HiddenForm fields={{ intent: "news-add", title: item.title, text: item.text, date: item.date, image: item.image, publish_at: publishAtFieldValue(item.publish_at) }}>
      <button type="submit" className="button button-outline">
        Undo
      </button>
    </HiddenForm>
  );
}

function NewsForm({
  intent,
  formId,
  item,
  pictures,
  today,
  lastResult,
  submit,
}: {
  intent: "news-add" | "news-edit";
  formId: string;
  item?: NewsItemRecord & { publishAt: string };
  pictures: Picture[];
  today?: string;
  lastResult: Reply | undefined;
  submit: string;
}) {
  const busy = useIntentPending(intent, item ? { slug: item.slug } : {});
  const [form, fields] = useCheckedForm(intent === "news-add" ? newsAddFormSchema : newsEditFormSchema, {
    id: formId,
    lastResult,
    defaultValue: item ? { title: item.title, date: item.date, image: item.image, text: item.text, publish_at: item.publishAt } : { date: today, image: "" },
  });
  const options = item && !pictures.some((p) => p.path === item.image) ? [...pictures, { path: item.image, name: pictureName(item.image) }] : pictures;
  return (
    <StudioForm form={form} hidden={{ intent, slug: item?.slug }} className="mt-3 space-y-4">
      <Field meta={fields.title} label="Title" maxLength={NEWS_TITLE_MAX} />
      <Field meta={fields.date} label="Date" type="date" inputClassName="w-auto" />
      <SelectField
        meta={fields.image}
        label="Picture"
        options={options.map((p) => ({ value: p.path, label: p.name }))}
        first={intent === "news-add" ? { value: "", label: "A new drawing of its own" } : undefined}
      />
      <TextareaField meta={fields.text} label="Text" rows={4} maxLength={NEWS_TEXT_MAX} />
      <PublishAtField meta={fields.publish_at} inputClassName="w-auto" hint="Leave it empty to show it on the shop page now. With a day and time, UK time, nobody sees it before then." />
      <BusyButton busy={busy} busyText="Saving…" className="button button-primary">{submit}</BusyButton>
    </StudioForm>
  );
}
