/**
 * CSV export of the list as the staff member sees it (its filter and search),
 * posted from the list's Export button. Every applicant in the file is marked
 * in their audit trail as exported.
 */
import { href, redirect } from "react-router";
import { isApplicantFilter, matchesSearch, SEARCH_MAX_LENGTH } from "~/modules/applicants/applicant-views";
import { listApplicants, recordExport } from "~/modules/applicants/applicants.server";
import { csvHeader, csvRow, toListItem } from "~/modules/applicants/list-items";
import { invitationCounts } from "~/modules/applicants/invitations.server";
import { csvDownload, staffPost } from "~/web/staff-route.server";
import type { Route } from "./+types/applicants.export";

/** The export is made by a post; an address typed in goes to the list. */
export function loader() {
  return redirect(href("/applicants"));
}

export async function action({ context, request }: Route.ActionArgs) {
  const { services, staff, form } = await staffPost(context, request);
  const asked = form.get("filter");
  const filter = isApplicantFilter(asked) ? asked : "all";
  const query = String(form.get("q") ?? "").slice(0, SEARCH_MAX_LENGTH);
  const rows = await listApplicants(services.db, filter);
  const invited = await invitationCounts(services.db, rows.map((r) => r.id));
  const items = rows.map((r) => toListItem(r, invited.get(r.id))).filter((item) => matchesSearch(item, query));
  await recordExport(services.db, staff, items.map((i) => i.id));
  services.logger.info({ event: "applicants-exported", staff: staff.name, filter, rows: items.length }, "applicants exported to CSV");
  return csvDownload(`applicants-${filter}`, [csvHeader, ...items.map(csvRow)]);
}
