/**
 * The studio's history (/staff/studio/history, managers): every change to the
 * site's content, newest first, with who made it and when, in words. Any
 * entry can be undone (the undo is a new entry); while a later change to the
 * same thing stands, the undo is refused and names it.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, useNavigation } from "react-router";
import { BusyButton, HiddenForm } from "~/components/staff/intent-form";
import { SaveStatus } from "~/components/staff/save-status";
import { StaffFrame } from "~/components/staff/staff-frame";
import type { StaffHandle } from "~/components/staff/staff-refusal";
import { formatReceived } from "~/utils/dates";
import { undoFormSchema } from "~/modules/studio/studio-forms";
import { listHistory, undoEntry } from "~/modules/studio/studio.server";
import { servicesContext } from "~/web/context";
import { staffMeta } from "~/web/staff-page";
import { staffContext } from "~/web/staff-route.server";
import type { Route } from "./+types/staff.studio.history";

export const handle: StaffHandle = { staffTitle: "History" };
export const meta = () => staffMeta("History");

export async function loader({ context }: Route.LoaderArgs) {
  const entries = await listHistory(context.get(servicesContext).db);
  return { entries: entries.map((e) => ({ ...e, when: formatReceived(e.at) })) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const submission = parseWithZod(await request.formData(), { schema: undoFormSchema });
  if (submission.status !== "success") return data({ done: undefined, refused: "Choose a change to undo.", id: 0 }, { status: 400 });
  const { id } = submission.value;
  const outcome = await undoEntry(services, context.get(staffContext), id);
  if (outcome.kind === "not-found") return data({ done: undefined, refused: "The history has no such change.", id }, { status: 404 });
  if (outcome.kind !== "done") return data({ done: undefined, refused: outcome.message, id }, { status: 409 });
  return { done: `${outcome.entry.summary}. The website shows what was there before.`, refused: undefined, id };
}

export default function StudioHistory({ loaderData, actionData }: Route.ComponentProps) {
  const { entries } = loaderData;
  const navigation = useNavigation();
  const busyId = navigation.state !== "idle" ? navigation.formData?.get("id") : null;
  return (
    <StaffFrame
      title="History"
      lead={
        <p>
          Every change to the website's content and photos, newest first. Undo puts back what a change altered, as a new change of its own.{" "}
          <a href="/api/staff/studio/export" download className="font-semibold underline">
            Download the content
          </a>{" "}
          (a .tar.gz of the content folder, to keep or to start a new site from).
        </p>
      }
    >
      <SaveStatus message={actionData?.done ?? actionData?.refused} tone={actionData?.refused ? "warning" : "done"}>
        {entries.length === 0 ? (
          <p>No changes yet. Changes made on the price list, the team, the posts and the offers show here.</p>
        ) : (
          <ol className="space-y-3">
            {entries.map((entry) => (
              <li key={entry.id} id={`change-${entry.id}`} className="flex flex-wrap items-center gap-3 rounded-2xl bg-white p-4 ring-1 ring-ink/10">
                <div className="mr-auto min-w-0">
                  <p className="font-semibold break-words">{entry.summary}</p>
                  <p className="text-sm">
                    {entry.staff}, <span className="tabular-nums">{entry.when}</span> · {entry.what}
                    {entry.undone_by !== null ? " · undone" : ""}
                  </p>
                </div>
                {entry.undone_by === null ? (
                  <HiddenForm fields={{ id: entry.id }}>
                    <BusyButton busy={busyId === String(entry.id)} busyText="Undoing…" className="button button-outline min-w-24" who={`“${entry.summary}”`}>Undo</BusyButton>
                  </HiddenForm>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </SaveStatus>
    </StaffFrame>
  );
}
