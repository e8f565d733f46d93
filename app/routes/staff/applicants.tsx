import { useEffect, useRef, useState } from "react";
import { data, Form, href, useNavigation } from "react-router";
import { ApplicantTable } from "~/components/staff/applicant-table";
import { FilterLinks } from "~/components/staff/filter-links";
import { ListSearch } from "~/components/staff/list-search";
import { StaffFrame } from "~/components/staff/staff-frame";
import type { StaffHandle } from "~/components/staff/staff-refusal";
import { applicantFilters, filterLabels, isApplicantFilter, matchesWords, SEARCH_MAX_LENGTH, type ApplicantFilter } from "~/modules/applicants/applicant-views";
import { archiveApplicant, listApplicants, notesOf, restoreApplicant } from "~/modules/applicants/applicants.server";
import { recordListLook } from "~/modules/audit/audit.server";
import { toListItem } from "~/modules/applicants/list-items";
import { invitationCounts } from "~/modules/applicants/invitations.server";
import { markSeen } from "~/modules/inbox/desk-summary.server";
import { servicesContext } from "~/web/context";
import { staffMeta } from "~/web/staff-page";
import { staffContext, staffPost } from "~/web/staff-route.server";
import type { Route } from "./+types/applicants";

export const handle: StaffHandle = { staffTitle: "Applicants" };
export const meta = () => staffMeta("Applicants");

export async function loader({ context, url }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const staff = context.get(staffContext);
  const asked = url.searchParams.get("filter");
  const filter = isApplicantFilter(asked) ? asked : "all";
  const rows = await listApplicants(services.db, filter);
  await recordListLook(services.db, staff, "applicants", filter);
  await markSeen(services.db, staff.staffId, "applicants");
  const erased = Number(url.searchParams.get("erased"));
  // Archived from the applicant's page: say so here, with an Undo (the id is no one's personal data).
  const archivedId = Number(url.searchParams.get("archived"));
  const archived =
    Number.isInteger(archivedId) && archivedId > 0
      ? await services.db.selectFrom("job_applicants").select(["id", "name"]).where("id", "=", archivedId).where("follow_up", "=", "archived").executeTakeFirst()
      : undefined;
  const notes = await notesOf(services.db, rows.map((r) => r.id));
  const invited = await invitationCounts(services.db, rows.map((r) => r.id));
  const items = rows.map((r) => ({ ...toListItem(r, invited.get(r.id)), notes: (notes.get(r.id) ?? []).map((n) => n.text) }));
  return { filter, items, erased: Number.isInteger(erased) && erased > 0 ? erased : null, archived: archived ?? null };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { services, staff, form } = await staffPost(context, request);
  const intent = form.get("intent");
  if (intent === "search") {
    // Without JavaScript the search box posts here (never a GET: names stay out of addresses and logs).
    const q = String(form.get("q") ?? "").slice(0, SEARCH_MAX_LENGTH);
    return { intent: "search" as const, q };
  }
  const id = Number(form.get("id"));
  const found = Number.isInteger(id) && id > 0 ? await services.db.selectFrom("job_applicants").select("name").where("id", "=", id).executeTakeFirst() : undefined;
  if (intent === "archive") {
    const result = found ? await archiveApplicant(services.db, staff, id) : { kind: "not-found" as const };
    if (result.kind !== "done" || !found) return data({ intent: "archive" as const, message: "That applicant is no longer here." }, { status: 404 });
    return { intent: "archive" as const, message: `${found.name} has been archived.`, id };
  }
  if (intent === "restore") {
    if (!found) return data({ intent: "restore" as const, message: "That applicant is no longer here." }, { status: 404 });
    const result = await restoreApplicant(services.db, staff, id);
    if (result.kind === "conflict") return data({ intent: "restore" as const, message: result.message }, { status: 409 });
    return { intent: "restore" as const, message: `${found.name} is back from the archive.` };
  }
  return data({ intent: "unknown" as const, message: "That action isn't one this page knows." }, { status: 400 });
}

export default function Applicants({ loaderData, actionData }: Route.ComponentProps) {
  const { filter, items, erased, archived } = loaderData;
  const justArchived = actionData?.intent === "archive" && "id" in actionData ? { id: actionData.id, message: actionData.message } : archived && actionData?.intent !== "restore" ? { id: archived.id, message: `${archived.name} has been archived.` } : null;
  const searched = actionData?.intent === "search" ? actionData.q : "";
  // Archived from a row far down the list: the message and its Undo are brought into view.
  const news = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (actionData?.intent === "archive" || actionData?.intent === "restore") news.current?.scrollIntoView({ block: "nearest" });
  }, [actionData]);
  return (
    <StaffFrame title="Applicants" lead={<p>Everyone who has applied through the join-us form, newest changes first.</p>}>
      {/* What was just done, with its Undo, above the list where the eye is (on a phone the list runs long). */}
      <div ref={news} aria-live="polite" className="mb-4 scroll-mt-4 empty:hidden">
        {erased ? <p className="notice">{`Applicant #${erased} has been erased, with their notes and messages.`}</p> : null}
        {justArchived ? (
          <div className="notice flex flex-wrap items-center gap-3">
            <p className="mr-auto">{justArchived.message}</p>
            <Form method="post">
              <input type="hidden" name="intent" value="restore" />
              <input type="hidden" name="id" value={justArchived.id} />
              <button type="submit" className="button button-outline min-h-10 py-1">
                Undo
              </button>
            </Form>
          </div>
        ) : actionData?.intent === "archive" || actionData?.intent === "restore" ? (
          <p className="notice">{actionData.message}</p>
        ) : null}
      </div>
      <ApplicantList key={`${filter}:${searched}`} filter={filter} items={items} initialQuery={searched} />
    </StaffFrame>
  );
}

function ApplicantList({ filter, items, initialQuery }: { filter: ApplicantFilter; items: (ReturnType<typeof toListItem> & { notes: string[] })[]; initialQuery: string }) {
  const [query, setQuery] = useState(initialQuery);
  const navigation = useNavigation();
  const busyId = navigation.formData?.get("intent") === "archive" ? Number(navigation.formData.get("id")) : undefined;
  const shown = items.filter((item) => matchesWords(item, query));

  return (
    <div className="space-y-6">
      <FilterLinks
        label="Applicant lists"
        filters={applicantFilters}
        current={filter}
        labels={filterLabels}
        href={(f) => (f === "all" ? href("/applicants") : `${href("/applicants")}?filter=${f}`)}
        short
      />
      <ListSearch id="applicant-search" label="Search by name, email, mobile or notes" query={query} onQuery={setQuery} exportTo="/applicants/export" filterName="filter" filter={filter} look="table" />

      <p aria-live="polite" className="text-sm">
        {shown.length === 1 ? "1 applicant" : `${shown.length} applicants`} in {filterLabels[filter]}
        {query.trim() ? ` matching “${query.trim()}”` : ""}.
      </p>
      {shown.length > 0 ? <ApplicantTable items={shown} busyId={busyId} list={filter} /> : <p className="notice">No applicants to show here.</p>}
    </div>
  );
}
