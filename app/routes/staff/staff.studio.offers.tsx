/**
 * The studio's offers (/staff/studio/offers, managers): each offer's title,
 * code, percentage off, run dates and words, who it is for, the services it
 * covers and its small print; a new offer; removing one. The
 * words may name a price in plain words ([new starter from]), worked out
 * from the price list and stored as its placeholder. Every save is an entry of the history.
 */
import { data, href, Link } from "react-router";
import { ConflictAbove, type ConflictField } from "~/components/staff/conflict-panel";
import { BusyButton, StudioForm, useCheckedForm, useIntentPending } from "~/components/staff/intent-form";
import { StudioFrame } from "~/components/staff/studio-frame";
import { AddSection, PublishAtField, RemoveButton, StudioRow } from "~/components/staff/studio-row";
import type { StaffHandle } from "~/components/staff/staff-refusal";
import { CheckboxGroupField, Field, RadioGroupField, SelectField, TextareaField } from "~/components/forms/field-kit";
import { audienceLabel, describeOfferServices, offerCategories, SKIN_TEST_TERM } from "~/modules/offers/offer-terms";
import { readContentFiles } from "~/modules/site/content-store.server";
import { offerFromPlainWords, offerInPlainWords, offerJson, offerPlace, offerPriceWords, offerRows, planOfferCreate, planOfferPatch, planOfferRemove } from "~/modules/studio/offers";
import { listInWords, type PlaceholderWord } from "~/modules/site/placeholder-words";
import { offerCreateFormSchema, offerPatchFormSchema } from "~/modules/studio/studio-forms";
import { publishAtFieldValue, scheduledWords, waitsAt } from "~/modules/site/publish-at";
import { changeContent } from "~/modules/studio/studio.server";
import { staleSave, versionAt } from "~/modules/studio/versions.server";
import { answerFor, refusedOrStale, studioShouldRevalidate, type Reply, type StudioConflict } from "~/web/studio-reply";
import { offerRun, offerStatus, type OfferStatus } from "~/modules/offers/offer-calendar";
import { parseSalonDate } from "~/utils/dates";
import { pageContext } from "~/web/page-context.server";
import { servicesContext } from "~/web/context";
import { staffMeta } from "~/web/staff-page";
import { staffPost } from "~/web/staff-route.server";
import { studioSave } from "~/web/studio-save.server";
import type { Route } from "./+types/staff.studio.offers";

export const handle: StaffHandle = { staffTitle: "Offers" };
export const meta = () => staffMeta("Offers");

export async function loader({ context }: Route.LoaderArgs) {
  const { db, content } = context.get(servicesContext);
  const { offers: inForce, now } = pageContext(context);
  const files = await readContentFiles(db);
  const words = offerPriceWords(Object.keys(content.copy.offers.claims));
  return {
    offers: offerRows(files).map((row) => {
      const offer = offerAsTyped(row, words);
      // The title as visitors read it (its placeholders filled in); the form edits it as written.
      const live = content.copy.offers.offers.find((o) => o.slug === offer.slug);
      const shown = live?.title ?? offer.title;
      // Whether visitors see it today; otherwise its page is a preview for staff, under a banner.
      // A scheduled offer waits for its publish moment first, whatever its days say (decision 0059).
      const status: OfferStatus | "hidden" | "scheduled" = waitsAt(offer.publish_at, now)
        ? "scheduled"
        : inForce.hidden
          ? "hidden"
          : live
            ? offerStatus(offerRun(live, inForce.globalEnd), inForce.today)
            : "upcoming";
      return {
        ...offer,
        // What the form sends back (decision record 0069): saved over by someone else since, the save is refused and shown side by side.
        version: versionAt(files, offerPlace(offer.slug))!,
        shown,
        status,
        scheduled: status === "scheduled" && offer.publish_at ? scheduledWords(offer.publish_at) : undefined,
        // The services it covers in words ("Colour, Blow-dry"); "" for every service.
        covers: describeOfferServices(offer.services, content.services),
      };
    }),
    placeholders: listInWords(words),
    // An offer may be for one level: offers alike but for their levels share a card on the offers list (decision 0070).
    levels: content.levels.map((l) => ({ value: String(l.id), label: l.name })),
    everyOffer: content.copy.offers.terms,
    // What an offer may cover: whole parts of the price list, or single services.
    serviceGroups: [
      { heading: "Whole parts of the price list", options: offerCategories.map((c) => ({ value: c.code, label: c.label })) },
      { heading: "Or single services", options: content.services.map((s) => ({ value: String(s.id), label: s.service })) },
    ],
  };
}

/** An offer as its form edits it: its words with their placeholders in plain words, its level, its days as the date boxes take them. */
function offerAsTyped(row: ReturnType<typeof offerRows>[number], words: PlaceholderWord[]) {
  const offer = offerInPlainWords(offerJson(row), words);
  return { ...offer, level: row.level ?? null, startDate: parseSalonDate(offer.startDate ?? "") ?? "", endDate: parseSalonDate(offer.endDate ?? "") ?? "" };
}

/** What a save's message says of when visitors see the change: at once, or at the offer's publish time. */
const savedWhen = (publishAt: string | null | undefined) => (summary: string) =>
  `Saved: ${summary}. ${waitsAt(publishAt, new Date()) ? "Visitors see it from its publish time; the history can undo it." : "It shows on the website now; the history can undo it."}`;

export const shouldRevalidate = studioShouldRevalidate;

export async function action({ context, request }: Route.ActionArgs) {
  const post = await staffPost(context, request);
  const { services, staff, form } = post;
  const slug = String(form.get("slug") ?? "");
  const words = offerPriceWords(Object.keys(services.content.copy.offers.claims));
  switch (form.get("intent")) {
    case "offer":
      return studioSave(post, { slug }, offerPatchFormSchema, (files, typed, opened) => {
        const row = offerRows(files).find((o) => o.slug === slug);
        const stale = staleSave(files, offerPlace(slug), opened, `The offer “${row?.title ?? ""}”`, () => offerValues(offerAsTyped(row!, words)));
        if (stale) return stale;
        // A form with the boxes: none ticked is every service; an emptied small print box is none of its own.
        const planning = planOfferPatch(files, slug, {
          ...offerFromPlainWords(typed, words),
          services: typed.services ?? (form.has("services-listed") ? [] : undefined),
          small_print: typed.small_print ?? (form.has("small_print") ? "" : undefined),
          // "Not one level" arrives as a blank, which the form's parsing drops: sent, it takes the level off.
          level: typed.level ?? (form.has("level") ? null : undefined),
        });
        return "kind" in planning ? planning : { planned: planning.planned, result: () => planning.after.publish_at };
      }, (_typed, outcome) => savedWhen("result" in outcome ? outcome.result : undefined));
    case "add-offer":
      return studioSave(post, { slug: "" }, offerCreateFormSchema, (files, typed) => planOfferCreate(files, offerFromPlainWords(typed, words)), (typed) => savedWhen(typed.publish_at));
    case "remove": {
      const outcome = await changeContent(services, staff, (files) => planOfferRemove(files, slug));
      if (outcome.kind === "done") return { slug: "-", result: undefined, done: `${outcome.entry.summary}. The history can bring it back.` };
      return data({ slug: "-", result: undefined, done: outcome.kind === "unchanged" || outcome.kind === "conflict" ? undefined : outcome.message }, { status: outcome.kind === "not-found" ? 404 : 400 });
    }
    default:
      return data({ slug: "-", result: undefined, done: undefined }, { status: 400 });
  }
}

/** An offer visitors do not see today, in a word beside its title. */
const statusWords = { upcoming: "Not started", ended: "Ended", hidden: "Hidden", scheduled: "Scheduled" } as const;

/** Why visitors do not see an offer's page today (staff see it, under a banner). */
const notShownBecause = {
  upcoming: "Not started yet: visitors see when it starts, without its code or prices.",
  ended: "Ended: visitors see that it has ended, without its code or prices.",
  hidden: "Offers are hidden on the website today: visitors see “Check back soon!”.",
  scheduled: "Scheduled: visitors find no page and no card for it until its publish time. It then goes on the website by itself.",
} as const;

export default function StudioOffers({ loaderData, actionData }: Route.ComponentProps) {
  const { offers, placeholders, serviceGroups, everyOffer, levels } = loaderData;
  const smallPrintHint = `A line each. Every offer's small print also says: ${everyOffer.join(" ")} And the day it ends.`;
  return (
    <StudioFrame
      title="Offers"
      answer={actionData}
      lead={
        <>
          An offer shows from its first day to its last; give it a publish time to keep it off the website until then. Its title and words may name a price in square brackets, worked out from the price list and kept up to date with it: {placeholders}.
        </>
      }
    >
      <ul className="space-y-3">
        {offers.map((offer) => (
          // The staff desk's "Scheduled" links to a row: #offer-item-{slug}.
          <li key={offer.slug} id={`offer-item-${offer.slug}`} className="scroll-mt-4">
            <StudioRow
              title={offer.shown}
              open={refusedOrStale(answerFor(actionData, { slug: offer.slug }))}
              marks={
                <>
                  {offer.percent !== null ? <span className="text-sm">{offer.percent}% off</span> : null}
                  {offer.code ? <span className="text-sm">{offer.code}</span> : null}
                  {/* Offers alike but for their levels share a title: the level tells their rows apart. */}
                  {offer.level !== null ? <span className="text-sm">{levels.find((l) => l.value === String(offer.level))?.label}</span> : null}
                  {audienceLabel[offer.audience] ? <span className="text-sm">{audienceLabel[offer.audience]}</span> : null}
                  {offer.scheduled ? (
                    <span className="rounded-full bg-ink px-2 text-sm text-chalk">
                      <time dateTime={offer.publish_at ?? undefined}>{offer.scheduled}</time>
                    </span>
                  ) : offer.status === "running" ? null : (
                    <span className="rounded-full bg-ink px-2 text-sm text-chalk">{statusWords[offer.status]}</span>
                  )}
                </>
              }
            >
              <div className="border-t border-ink/10 px-4 pt-3 pb-4">
                <p>
                  <Link to={href("/offers/:slug", { slug: offer.slug })} className="inline-flex min-h-11 items-center font-semibold underline">
                    {offer.status === "running" ? "See it on the website" : "Preview its page"}
                  </Link>
                  {offer.status === "running" ? null : <span className="block text-sm">{notShownBecause[offer.status]}</span>}
                </p>
                <OfferForm key={offer.version} offer={offer} serviceGroups={serviceGroups} levels={levels} smallPrintHint={smallPrintHint} {...answerFor(actionData, { slug: offer.slug })} />
                <RemoveButton slug={offer.slug} name={offer.shown} />
              </div>
            </StudioRow>
          </li>
        ))}
      </ul>
      <AddSection id="add-offer-heading" title="Add an offer">
        <OfferForm serviceGroups={serviceGroups} levels={levels} smallPrintHint={smallPrintHint} lastResult={answerFor(actionData, { slug: "" }).lastResult} />
      </AddSection>
    </StudioFrame>
  );
}

const audienceChoices = [
  { value: "new", label: "New clients" },
  { value: "returning", label: "Returning clients" },
  { value: "everyone", label: "Everyone" },
] as const;

type ServiceGroups = { heading: string; options: { value: string; label: string }[] }[];
type Levels = { value: string; label: string }[];
const NOT_ONE_LEVEL = { value: "", label: "Not one level" };

/** An offer's form's values, as stored: the form's first values, and theirs in the conflict panel. */
const offerValues = (offer: ReturnType<typeof offerAsTyped>) => ({
  title: offer.title,
  code: offer.code ?? "",
  percent: offer.percent === null ? "" : String(offer.percent),
  startDate: offer.startDate,
  endDate: offer.endDate,
  text: offer.text,
  audience: offer.audience,
  services: offer.services.map(String),
  small_print: offer.small_print,
  level: offer.level === null ? "" : String(offer.level),
  publish_at: publishAtFieldValue(offer.publish_at),
});

const offerFields = (serviceGroups: ServiceGroups, levels: Levels): ConflictField[] => [
  { name: "title", label: "Title" },
  { name: "percent", label: "Percentage off" },
  { name: "code", label: "Code" },
  { name: "startDate", label: "First day" },
  { name: "endDate", label: "Last day" },
  { name: "text", label: "What the offer is" },
  { name: "audience", label: "Who it is for", options: audienceChoices },
  { name: "services", label: "What it covers", options: serviceGroups.flatMap((g) => g.options), multiple: true, empty: "Every service" },
  { name: "small_print", label: "Small print" },
  { name: "level", label: "For one level", options: levels, empty: NOT_ONE_LEVEL.label },
  { name: "publish_at", label: "Publish at" },
];

function OfferForm({
  offer,
  serviceGroups,
  levels,
  smallPrintHint,
  lastResult,
  conflict,
}: {
  offer?: Route.ComponentProps["loaderData"]["offers"][number];
  serviceGroups: ServiceGroups;
  levels: Levels;
  smallPrintHint: string;
  lastResult: Reply | undefined;
  conflict?: StudioConflict;
}) {
  const busy = useIntentPending(offer ? "offer" : "add-offer", { slug: offer?.slug ?? "" });
  const schema = offer ? offerPatchFormSchema : offerCreateFormSchema;
  const [form, fields] = useCheckedForm(schema, {
    id: offer ? `offer-${offer.slug}` : "add-offer",
    lastResult,
    // Several ticked boxes of one name: Conform takes the list (its type says one value).
    defaultValue: offer ? { ...offerValues(offer), services: offer.services.map(String) as unknown as string } : { audience: "new" },
  });
  return (
    <>
      {offer ? <ConflictAbove className="mt-3" conflict={conflict} fields={offerFields(serviceGroups, levels)} anchor={form.id} what={`“${offer.title}”`} /> : null}
      <StudioForm form={form} hidden={{ intent: offer ? "offer" : "add-offer", slug: offer?.slug ?? "", version: offer?.version }} className="mt-3 space-y-4">
        <Field meta={fields.title} label="Title" maxLength={90} />
        <div className="grid grid-cols-2 gap-3">
          <Field meta={fields.percent} label="Percentage off" inputMode="numeric" />
          <Field meta={fields.code} label="Code (optional)" maxLength={20} autoCapitalize="characters" />
          <Field meta={fields.startDate} label="First day" type="date" />
          <Field meta={fields.endDate} label="Last day" type="date" />
        </div>
        <PublishAtField meta={fields.publish_at} hint="Leave it empty to show the offer on its first day. With a day and time, UK time, nobody sees it before then." />
        <TextareaField meta={fields.text} label="What the offer is" hint="A blank line between paragraphs" rows={6} maxLength={3000} />
        <RadioGroupField meta={fields.audience} label="Who it is for" hint="Its page and card say so, and the small print says “New clients only.” for new clients." options={audienceChoices} />
        <input type="hidden" name="services-listed" value="true" />
        <details className="rounded-xl ring-1 ring-ink/10" open={Boolean(fields.services.errors) || undefined}>
          <summary className="flex min-h-11 cursor-pointer items-center px-3 font-semibold">What it covers: {offer?.covers || "every service"}</summary>
          <CheckboxGroupField
            meta={fields.services}
            label={<span className="sr-only">What it covers</span>}
            hint={`Tick nothing for every service. The small print says “${SKIN_TEST_TERM}” only when it covers colour.`}
            className="px-3 pb-3"
            groups={serviceGroups}
          />
        </details>
        <TextareaField meta={fields.small_print} label="Small print (optional)" hint={smallPrintHint} rows={3} maxLength={1000} />
        <SelectField
          meta={fields.level}
          label="For one level (optional)"
          hint="The same deal at several levels: give each its level, and the offers page shows them as one card listing the levels and their prices."
          options={levels}
          first={NOT_ONE_LEVEL}
        />
        <BusyButton busy={busy} busyText="Saving…" className="button button-primary w-full sm:w-auto" who={offer ? `“${offer.title}”` : undefined}>{offer ? "Save" : "Add the offer"}</BusyButton>
      </StudioForm>
    </>
  );
}
