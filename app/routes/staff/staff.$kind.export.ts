/**
 * CSV export of an inbox as the staff member sees it (its filter and search),
 * posted from the list's Export button. Each record in the file gets a line
 * in its audit trail.
 */
import { data, redirect } from "react-router";
import { SEARCH_MAX_LENGTH } from "~/modules/applicants/applicant-views";
import { inboxCsvHeader, inboxCsvRow, inboxPath, isInboxFilter, isInboxKind } from "~/modules/inbox/inbox-kinds";
import { listInbox, recordInboxExport } from "~/modules/inbox/inbox.server";
import { csvDownload, staffPost } from "~/web/staff-route.server";
import type { Route } from "./+types/staff.$kind.export";

/** The export is made by a post; an address typed in goes to the list. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(isInboxKind(params.kind) ? inboxPath(params.kind) : "/staff");
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { services, staff, form } = await staffPost(context, request);
  const kind = params.kind;
  if (!isInboxKind(kind)) throw data("There is no such inbox", { status: 404 });
  const asked = form.get("show");
  const filter = isInboxFilter(asked) ? asked : "open";
  const query = String(form.get("q") ?? "").slice(0, SEARCH_MAX_LENGTH);
  const records = await listInbox(services.db, kind, filter, query);
  await recordInboxExport(services.db, staff, kind, records.map((r) => r.id));
  services.logger.info({ event: "inbox-exported", staff: staff.name, kind, filter, rows: records.length }, "inbox exported to CSV");
  return csvDownload(`${kind}-${filter}`, [inboxCsvHeader(kind), ...records.map(inboxCsvRow)]);
}
