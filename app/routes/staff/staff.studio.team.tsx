/**
 * The studio's team (/staff/studio/team, managers): every stylist of the
 * group by salon, the academy's first, in team-page order; each one's every
 * field, whether they take new clients or are hidden, moving them up or down
 * the team page; and a new stylist, who starts hidden: a hidden stylist
 * shows a checklist of what their page still lacks (photo, words, level) and
 * a button that shows them on the site. Each save is checked with the whole
 * site's content, shows at once, and is an entry of the history.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, Link } from "react-router";
import type { ConflictField } from "~/components/staff/conflict-panel";
import { HeadedSection } from "~/components/page";
import { StudioFrame } from "~/components/staff/studio-frame";
import { AddSection, RecordForm, StudioRow } from "~/components/staff/studio-row";
import { BusyButton, HiddenForm, useIntentPending, StudioForm, useCheckedForm } from "~/components/staff/intent-form";
import type { StaffHandle } from "~/components/staff/staff-refusal";
import { CheckboxField, Field, SelectField, TextareaField } from "~/components/forms/field-kit";
import { ACADEMY_SALON_ID } from "~/modules/catalogue/catalogue.server";
import { readContentFiles } from "~/modules/site/content-store.server";
import { levelRows } from "~/modules/studio/price-list";
import { imagePaths } from "~/modules/catalogue/image-paths";
import { stylistCreateSchema, stylistFormSchema, stylistMoveFormSchema, stylistShowFormSchema } from "~/modules/studio/studio-forms";
import { changeContent } from "~/modules/studio/studio.server";
import { planStylistCreate, planStylistMove, planStylistPatch, salonRows, stylistPlace, stylistReadiness, stylistRows, type ReadinessItem, type StylistRow } from "~/modules/studio/team";
import { staleSave, versionAt } from "~/modules/studio/versions.server";
import { answerFor, refusedOrStale, studioShouldRevalidate, type Reply, type StudioConflict } from "~/web/studio-reply";
import { pageContext } from "~/web/page-context.server";
import { servicesContext } from "~/web/context";
import { staffMeta } from "~/web/staff-page";
import { staffPost } from "~/web/staff-route.server";
import { studioSave } from "~/web/studio-save.server";
import type { Route } from "./+types/staff.studio.team";

export const handle: StaffHandle = { staffTitle: "Team" };
export const meta = () => staffMeta("Team");

export async function loader({ context }: Route.LoaderArgs) {
  const files = await readContentFiles(context.get(servicesContext).db);
  const { photo } = pageContext(context);
  const allLevels = levelRows(files);
  // A hidden stylist's checklist: what their page still lacks before a manager shows them.
  const stylists = stylistRows(files).map((s) => ({
    ...s,
    readiness: s.hidden ? stylistReadiness(s, { hasPhoto: photo(imagePaths.stylist(s.slug)) !== undefined, levels: allLevels }) : undefined,
    // What the form sends back (decision record 0069): saved over by someone else since, the save is refused and shown side by side.
    version: versionAt(files, stylistPlace(s.slug))!,
  }));
  const salons = salonRows(files).sort((a, b) => Number(b.id === ACADEMY_SALON_ID) - Number(a.id === ACADEMY_SALON_ID) || a.id - b.id);
  return {
    salons: salons.map((salon) => ({ ...salon, stylists: stylists.filter((s) => s.salon === salon.id) })),
    levels: allLevels.map((l) => ({ value: String(l.id), label: l.name })),
    salonOptions: salons.map((s) => ({ value: String(s.id), label: s.name })),
  };
}

export const shouldRevalidate = studioShouldRevalidate;

export async function action({ context, request }: Route.ActionArgs) {
  const post = await staffPost(context, request);
  const { services, staff, form } = post;
  const slug = String(form.get("slug") ?? "");
  switch (form.get("intent")) {
    case "stylist":
      return studioSave(post, { intent: "stylist" as const, slug }, stylistFormSchema, (files, { slug: _slug, ...patch }, opened) => {
        const current = stylistRows(files).find((s) => s.slug === slug);
        const stale = staleSave(files, stylistPlace(slug), opened, current ? `${current.first_name} ${current.last_name}` : "The stylist", () => stylistValues(current!));
        return stale ?? planStylistPatch(files, slug, patch);
      });
    case "add-stylist":
      return studioSave(post, { intent: "add-stylist" as const, slug: "" }, stylistCreateSchema, planStylistCreate, (value) => () =>
        `Added ${value.first_name} ${value.last_name}, hidden for now: visitors do not see them yet. Their card below lists what their page still needs, and its “Show on the site” button puts them on it.`);
    case "show": {
      const submission = parseWithZod(form, { schema: stylistShowFormSchema });
      if (submission.status !== "success") return data({ intent: "show" as const, slug, result: undefined, done: undefined }, { status: 400 });
      const outcome = await changeContent(services, staff, (files) => {
        const planning = planStylistPatch(files, submission.value.slug, { hidden: false });
        return "kind" in planning ? planning : { planned: planning.planned, result: () => `${planning.after.first_name} ${planning.after.last_name}` };
      });
      if (outcome.kind === "done") return { intent: "show" as const, slug, result: undefined, done: `${outcome.result} is on the website now: the team pages, the calculator and their own page. The history can undo it.` };
      if (outcome.kind === "unchanged") return { intent: "show" as const, slug, result: undefined, done: `${outcome.result} was on the website already.` };
      return data({ intent: "show" as const, slug, result: undefined, done: outcome.message }, { status: outcome.kind === "not-found" ? 404 : 400 });
    }
    case "move": {
      const submission = parseWithZod(form, { schema: stylistMoveFormSchema });
      if (submission.status !== "success") return data({ intent: "move" as const, slug, result: undefined, done: undefined }, { status: 400 });
      const outcome = await changeContent(services, staff, (files) => planStylistMove(files, submission.value.slug, submission.value.direction));
      if (outcome.kind === "done") return { intent: "move" as const, slug, result: undefined, done: `${outcome.entry.summary}.` };
      if (outcome.kind === "unchanged" || outcome.kind === "conflict") return { intent: "move" as const, slug, result: undefined, done: undefined };
      return data({ intent: "move" as const, slug, result: undefined, done: outcome.message }, { status: outcome.kind === "not-found" ? 404 : 400 });
    }
    default:
      return data({ intent: "unknown" as const, slug: "", result: undefined, done: undefined }, { status: 400 });
  }
}

export default function StudioTeam({ loaderData, actionData }: Route.ComponentProps) {
  const { salons, levels, salonOptions } = loaderData;
  return (
    <StudioFrame
      title="Team"
      answer={actionData}
      lead={
        <>
          Who is on the team pages, in their order, and what they say about each stylist. A hidden stylist leaves the team pages, the calculator and the sitemap.
        </>
      }
    >
      {salons.map((salon) => (
        <HeadedSection key={salon.id} id={`salon-${salon.id}`} className="mt-8 first:mt-0" title={salon.name}>
          <ol className="mt-3 space-y-3">
            {salon.stylists.map((stylist, n) => (
              <li key={stylist.slug}>
                <StylistCard
                  key={stylist.version}
                  stylist={stylist}
                  first={n === 0}
                  last={n === salon.stylists.length - 1}
                  levels={levels}
                  salons={salonOptions}
                  {...answerFor(actionData, { intent: "stylist", slug: stylist.slug })}
                />
              </li>
            ))}
          </ol>
        </HeadedSection>
      ))}
      <AddSection id="add-stylist-heading" title="Add a stylist">
        <p className="mt-1">
          Their page's address is made from their first name. They start hidden from visitors: add their photo and the rest of their words, then show them on the site.
        </p>
        <AddStylistForm levels={levels} salons={salonOptions} lastResult={answerFor(actionData, { intent: "add-stylist", slug: "" }).lastResult} />
      </AddSection>
    </StudioFrame>
  );
}

type Option = { value: string; label: string };

/** A stylist's form's values, as stored: the form's first values, and theirs in the conflict panel. */
function stylistValues(stylist: StylistRow) {
  return {
    slug: stylist.slug,
    first_name: stylist.first_name,
    last_name: stylist.last_name,
    level: String(stylist.level),
    salon: String(stylist.salon),
    role: stylist.role ?? "",
    favourite_style: stylist.favourite_style ?? "",
    para_1: stylist.para_1,
    para_2: stylist.para_2 ?? "",
    para_3: stylist.para_3 ?? "",
    booking_url: stylist.booking_url ?? "",
    taking_new_clients: stylist.taking_new_clients === false ? undefined : "on",
    hidden: stylist.hidden ? "on" : undefined,
  };
}

const stylistFields = (levels: Option[], salons: Option[]): ConflictField[] => [
  { name: "first_name", label: "First name" },
  { name: "last_name", label: "Last name" },
  { name: "level", label: "Level", options: levels },
  { name: "salon", label: "Salon", options: salons },
  { name: "role", label: "Role" },
  { name: "favourite_style", label: "Favourite style" },
  { name: "para_1", label: "First paragraph" },
  { name: "para_2", label: "Second paragraph" },
  { name: "para_3", label: "Third paragraph" },
  { name: "booking_url", label: "Own booking link" },
  { name: "taking_new_clients", label: "Taking new clients", check: true },
  { name: "hidden", label: "Hidden", check: true },
];

function StylistCard({
  stylist,
  first,
  last,
  levels,
  salons,
  lastResult,
  conflict,
}: {
  stylist: StylistRow & { readiness?: ReadinessItem[]; version: string };
  first: boolean;
  last: boolean;
  levels: Option[];
  salons: Option[];
  lastResult: Reply | undefined;
  conflict: StudioConflict | undefined;
}) {
  const busy = useIntentPending("stylist", { slug: stylist.slug });
  const name = `${stylist.first_name} ${stylist.last_name}`;
  const [form, fields] = useCheckedForm(stylistFormSchema, { id: `stylist-${stylist.slug}`, lastResult, defaultValue: stylistValues(stylist) });
  const level = levels.find((l) => l.value === String(stylist.level))?.label;
  return (
    <StudioRow
      title={name}
      open={refusedOrStale({ lastResult, conflict })}
      marks={
        <>
          <span className="text-sm">{level}</span>
          {stylist.taking_new_clients === false ? <span className="rounded-full bg-blush px-2 text-sm">No new clients</span> : null}
          {stylist.hidden ? <span className="rounded-full bg-ink px-2 text-sm text-chalk">Hidden</span> : null}
        </>
      }
    >
      <div className="border-t border-ink/10 px-4 pt-3 pb-4">
        {stylist.readiness ? <ReadyToShow name={name} slug={stylist.slug} readiness={stylist.readiness} /> : null}
        <div className="flex flex-wrap gap-3">
          {first ? null : <MoveButton slug={stylist.slug} name={name} direction="up" />}
          {last ? null : <MoveButton slug={stylist.slug} name={name} direction="down" />}
        </div>
        <RecordForm form={form} hidden={{ intent: "stylist", slug: stylist.slug, version: stylist.version }} className="mt-4 space-y-4" conflictClassName="mt-4" conflict={conflict} fields={stylistFields(levels, salons)} what={name} busy={busy} who={name}>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field meta={fields.first_name} label="First name" maxLength={40} />
            <Field meta={fields.last_name} label="Last name" maxLength={40} />
            <SelectField meta={fields.level} label="Level" options={levels} />
            <SelectField meta={fields.salon} label="Salon" options={salons} />
            <Field meta={fields.role} label="Role (optional)" hint="Such as Floor Lead" maxLength={60} />
            <Field meta={fields.favourite_style} label="Favourite style (optional)" maxLength={80} />
          </div>
          <TextareaField meta={fields.para_1} label="First paragraph" rows={3} maxLength={700} />
          <TextareaField meta={fields.para_2} label="Second paragraph (optional)" rows={3} maxLength={700} />
          <TextareaField meta={fields.para_3} label="Third paragraph (optional)" rows={3} maxLength={700} />
          <Field meta={fields.booking_url} label="Own booking link (optional)" type="url" hint="Their page on the salon's booking platform: their Book now and their quotes go there. Left empty, the salon's" maxLength={500} />
          <CheckboxField meta={fields.taking_new_clients} label="Taking new clients" />
          <CheckboxField meta={fields.hidden} label="Hidden: off the team pages, the calculator and the sitemap" />
        </RecordForm>
      </div>
    </StudioRow>
  );
}

/** A hidden stylist: what their page still lacks, and the button that shows them on the site anyway. */
function ReadyToShow({ name, slug, readiness }: { name: string; slug: string; readiness: ReadinessItem[] }) {
  const busy = useIntentPending("show", { slug });
  const missing = readiness.filter((r) => !r.done).length;
  return (
    <section aria-labelledby={`ready-${slug}`} className="mb-4 rounded-xl bg-blush/40 p-4">
      <h3 id={`ready-${slug}`} className="text-lg">
        Hidden from visitors
      </h3>
      <p className="mt-1 text-sm">{missing === 0 ? "Their page has everything it needs." : `Their page still needs ${missing === 1 ? "one thing" : `${missing} things`}:`}</p>
      <ul className="mt-2 space-y-1">
        {readiness.map((item) => (
          <li key={item.key} className="flex items-start gap-2">
            <span aria-hidden="true" className="w-5 shrink-0 text-center font-semibold">
              {item.done ? "✓" : "○"}
            </span>
            <span>
              <span className="sr-only">{item.done ? "Done: " : "Still to do: "}</span>
              {item.words}
              {item.key === "photo" && !item.done ? (
                <>
                  {": "}
                  <Link to={href("/staff/studio/photos")} className="font-semibold underline">
                    add it on the photos page
                  </Link>
                </>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      <HiddenForm fields={{ intent: "show", slug }} className="mt-3">
        <BusyButton busy={busy} busyText="Showing…" className="button button-primary w-full sm:w-auto" who={name}>
          Show on the site
        </BusyButton>
      </HiddenForm>
    </section>
  );
}

function MoveButton({ slug, name, direction }: { slug: string; name: string; direction: "up" | "down" }) {
  const busy = useIntentPending("move", { slug });
  const words = direction === "up" ? "Move up" : "Move down";
  return (
    <HiddenForm fields={{ intent: "move", slug, direction }}>
      <BusyButton busy={busy} busyText={words} className="button button-outline" who={name}>{words}</BusyButton>
    </HiddenForm>
  );
}

function AddStylistForm({ levels, salons, lastResult }: { levels: Option[]; salons: Option[]; lastResult: Reply | undefined }) {
  const busy = useIntentPending("add-stylist");
  const [form, fields] = useCheckedForm(stylistCreateSchema, {
    id: "add-stylist",
    lastResult,
    // The academy's is listed first; the level is chosen, never left at the lowest by default.
    defaultValue: { salon: salons[0]?.value },
  });
  return (
    <StudioForm form={form} hidden={{ intent: "add-stylist" }} className="mt-3 space-y-4">
      {/* A new stylist starts hidden: a manager shows them once their page is ready. */}
      <input type="hidden" name="hidden" value="true" />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field meta={fields.first_name} label="First name" maxLength={40} />
        <Field meta={fields.last_name} label="Last name" maxLength={40} />
        <SelectField meta={fields.level} label="Level" options={levels} first={{ value: "", label: "Choose their level" }} />
        <SelectField meta={fields.salon} label="Salon" options={salons} />
      </div>
      <TextareaField meta={fields.para_1} label="A first paragraph about them" rows={3} maxLength={700} />
      <BusyButton busy={busy} busyText="Adding…" className="button button-primary w-full sm:w-auto">Add to the team</BusyButton>
    </StudioForm>
  );
}
