/**
 * The studio's words (/staff/studio/words, managers): the landing page's
 * sections (heading, paragraphs, button) and the sentences the code has
 * defaults for (what each form says once it is sent, the price calculator's
 * step introductions), each with its default
 * shown and "use the default". Each save is checked with the whole site's
 * content, shows at once, and is an entry of the history.
 */
import { useForm } from "@conform-to/react";
import { data } from "react-router";
import { ConflictAbove } from "~/components/staff/conflict-panel";
import { StudioFrame } from "~/components/staff/studio-frame";
import { RecordForm, StudioRow } from "~/components/staff/studio-row";
import { BusyButton, useIntentPending, StudioForm, useCheckedForm } from "~/components/staff/intent-form";
import type { StaffHandle } from "~/components/staff/staff-refusal";
import { Field, TextareaField } from "~/components/forms/field-kit";
import { readContentFiles } from "~/modules/site/content-store.server";
import { codeWordPlace, codeWordRows, landingPlace, landingRows, planCodeWord, planLanding, type CodeWordRow, type LandingRow } from "~/modules/studio/words";
import { staleSave, versionAt } from "~/modules/studio/versions.server";
import { PlaceholderButtons } from "~/components/staff/text-tools";
import { codeWordFormSchema, landingFormSchema } from "~/modules/studio/words-forms";
import { servicesContext } from "~/web/context";
import { staffMeta } from "~/web/staff-page";
import { staffPost } from "~/web/staff-route.server";
import { studioSave } from "~/web/studio-save.server";
import { answerFor, refusedOrStale, studioShouldRevalidate, type Reply, type StudioConflict } from "~/web/studio-reply";
import type { Route } from "./+types/staff.studio.words";
import { HeadedSection } from "~/components/page";

export const handle: StaffHandle = { staffTitle: "Words" };
export const meta = () => staffMeta("Words");

export async function loader({ context }: Route.LoaderArgs) {
  const files = await readContentFiles(context.get(servicesContext).db);
  // What each form sends back (decision record 0069): saved over by someone else since, the save is refused and shown side by side.
  return {
    landing: landingRows(files).map((row) => ({ ...row, version: versionAt(files, landingPlace(row.section))! })),
    forms: codeWordRows(files).map((group) => ({ ...group, rows: group.rows.map((row) => ({ ...row, version: versionAt(files, codeWordPlace(row.key))! })) })),
  };
}

export const shouldRevalidate = studioShouldRevalidate;

export async function action({ context, request }: Route.ActionArgs) {
  const post = await staffPost(context, request);
  const intent = String(post.form.get("intent") ?? "");
  const which = String(post.form.get("section") ?? post.form.get("key") ?? "");
  if (intent === "landing") {
    return studioSave(post, { intent, which }, landingFormSchema, (files, value, opened) => {
      const planning = planLanding(files, value);
      if ("kind" in planning) return planning;
      const row = landingRows(files).find((r) => r.section === value.section)!;
      const theirs = () => ({ heading: row.heading, body: row.body.join("\n\n"), button: row.button });
      return staleSave(files, landingPlace(value.section), opened, `The landing page's “${row.name}”`, theirs) ?? planning;
    });
  }
  if (intent === "word" || intent === "word-default") {
    return studioSave(post, { intent: "word", which }, codeWordFormSchema, (files, value, opened) => {
      const row = codeWordRows(files).flatMap((g) => g.rows).find((r) => r.key === value.key);
      const theirs = () => ({ text: row?.text ?? "", intent: row?.text === null ? "word-default" : "word" });
      const stale = staleSave(files, codeWordPlace(value.key), opened, row ? `“${row.form}: ${row.label}”` : "The sentence", theirs);
      return stale ?? planCodeWord(files, value.key, value.intent === "word" ? value.text : undefined);
    });
  }
  return data({ intent: "unknown", which, result: undefined, done: undefined }, { status: 400 });
}

export default function StudioWords({ loaderData, actionData }: Route.ComponentProps) {
  const { landing, forms } = loaderData;
  return (
    <StudioFrame
      title="Words"
      answer={actionData}
      lead={
        <>
          What the landing page, the forms and the price calculator say. Words in square brackets, like [salon name], [town] or [phone number], are filled in by the website: the buttons under each box put them in. Changes show at once.
        </>
      }
    >
      <HeadedSection id="landing-heading" title="The landing page">
        <p className="mt-1">Each section's heading and words, a blank line between paragraphs.</p>
        <ol className="mt-3 space-y-3">
          {landing.map((row) => (
            <li key={row.section}>
              <LandingCard key={row.version} row={row} {...answerFor(actionData, { intent: "landing", which: row.section })} />
            </li>
          ))}
        </ol>
      </HeadedSection>
      {wordParts.map(({ part, title, lead }) => (
        <HeadedSection key={part} id={`${part}-heading`} title={title} className="mt-10">
          <p className="mt-1">{lead}</p>
          {forms.filter((group) => group.part === part).map((group) => (
            <CodeWordGroup key={group.form} group={group} actionData={actionData} />
          ))}
        </HeadedSection>
      ))}
    </StudioFrame>
  );
}

/** The sentences the code has defaults for, by the part of the site they are in: each under its heading. */
const wordParts = [
  { part: "thanks", title: "What the forms say once sent", lead: `Until you write your own, the website's own words show. "Use the default" goes back to them.` },
  { part: "calculator", title: "The price calculator's steps", lead: "The sentence under each step's heading. Until you write your own, the website's own words show." },
  { part: "emails", title: "The emails visitors get", lead: "The greeting and the lines around a quote's email and a job application's thank-you. Until you write your own, the website's own words show." },
] as const;

type Versioned = { version: string };

function CodeWordGroup({ group, actionData }: { group: { form: string; rows: (CodeWordRow & Versioned)[] }; actionData: Route.ComponentProps["actionData"] }) {
  // Folded like the landing page's sections (the page was 12,000 px long at 390 px with every box open): open
  // by itself when one of its saves was refused or met a newer change.
  const open = group.rows.some((row) => refusedOrStale(answerFor(actionData, { intent: "word", which: row.key })));
  const own = group.rows.filter((row) => row.text !== null).length;
  return (
    <div className="mt-3">
      <StudioRow
        title={group.form}
        open={open}
        marks={<span className="text-sm">{own === 0 ? "The website's words" : own === group.rows.length ? "Your words" : `Your words in ${own} of ${group.rows.length}`}</span>}
      >
        <div className="border-t border-ink/10 px-4 pb-4">
          {group.rows.map((row) => (
            <CodeWordForm key={row.version} row={row} {...answerFor(actionData, { intent: "word", which: row.key })} />
          ))}
        </div>
      </StudioRow>
    </div>
  );
}

function LandingCard({ row, lastResult, conflict }: { row: LandingRow & Versioned; lastResult: Reply | undefined; conflict: StudioConflict | undefined }) {
  const busy = useIntentPending("landing", { section: row.section });
  const values = { section: row.section, heading: row.heading, body: row.body.join("\n\n"), button: row.button };
  const [form, fields] = useCheckedForm(landingFormSchema, { id: `landing-${row.section}`, lastResult, defaultValue: values });
  const conflictFields = [{ name: "heading", label: "Heading" }, { name: "body", label: "Words" }, ...(row.button === undefined ? [] : [{ name: "button", label: "Button" }])];
  return (
    <StudioRow title={row.name} open={refusedOrStale({ lastResult, conflict })} marks={<span className="text-sm break-words">{row.heading}</span>}>
      <RecordForm form={form} hidden={{ intent: "landing", section: row.section, version: row.version }} className="space-y-4 border-t border-ink/10 px-4 pt-3 pb-4" conflictClassName="border-t border-ink/10 px-4 pt-3" conflict={conflict} fields={conflictFields} what={row.name} busy={busy} who={row.name}>
        <PlaceholderButtons words={row.placeholders} targets={[fields.body.id, fields.heading.id, fields.button.id]}>
          <Field meta={fields.heading} label="Heading" maxLength={80} />
          <TextareaField meta={fields.body} label="Words" rows={5} maxLength={1200} />
          {row.button === undefined ? null : <Field meta={fields.button} label="Button" maxLength={40} />}
        </PlaceholderButtons>
      </RecordForm>
    </StudioRow>
  );
}

function CodeWordForm({ row, lastResult, conflict }: { row: CodeWordRow & Versioned; lastResult: Reply | undefined; conflict: StudioConflict | undefined }) {
  const busy = useIntentPending("word", { key: row.key });
  const resetting = useIntentPending("word-default", { key: row.key });
  const [form, fields] = useForm({
    id: `word-${row.key.replaceAll(".", "-")}`,
    lastResult,
    defaultValue: { key: row.key, text: row.text ?? "" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="mt-4 border-t border-ink/10 pt-4 first-of-type:border-t-0">
      <ConflictAbove
        className="mb-3"
        conflict={conflict}
        fields={[
          { name: "text", label: row.label },
          {
            name: "intent",
            label: "Which words",
            options: [
              { value: "word", label: "The salon's own" },
              { value: "word-default", label: "The website's default" },
            ],
          },
        ]}
        anchor={form.id}
        what={`${row.form}: ${row.label}`}
      />
      <StudioForm form={form} hidden={{ key: row.key, version: row.version }} className="space-y-3">
        <PlaceholderButtons words={row.placeholders} targets={[fields.text.id]}>
          <TextareaField meta={fields.text} label={row.label} rows={row.key.endsWith(".heading") ? 2 : 3} maxLength={400} hint={row.text === null ? `Showing the default: “${row.default}”` : `The default: “${row.default}”`} />
        </PlaceholderButtons>
        <div className="flex flex-wrap gap-3">
          <BusyButton busy={busy} busyText="Saving…" name="intent" value="word" className="button button-primary w-full sm:w-auto" who={<>{row.form} {row.label}</>}>Save</BusyButton>
          {row.text === null ? null : (
            <button type="submit" name="intent" value="word-default" formNoValidate className="button button-outline w-full sm:w-auto" disabled={resetting}>
              {resetting ? "Going back…" : "Use the default"}
              <span className="sr-only">
                {" "}
                for {row.form} {row.label}
              </span>
            </button>
          )}
        </div>
      </StudioForm>
    </div>
  );
}
