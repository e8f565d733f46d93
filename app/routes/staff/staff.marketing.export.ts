/**
 * The offers consents as a CSV file (managers), posted from /staff/marketing's
 * Download button. The download is in the audit trail.
 */
import { href, redirect } from "react-router";
import { recordAudit } from "~/modules/audit/audit.server";
import { listMarketingConsents, marketingConsentsTable } from "~/modules/marketing/consents.server";
import { servicesContext } from "~/web/context";
import { csvDownload, staffContext } from "~/web/staff-route.server";
import type { Route } from "./+types/staff.marketing.export";

/** The export is made by a post; an address typed in goes to the list. */
export function loader() {
  return redirect(href("/staff/marketing"));
}

/** Managers only: the route sits under the managers' layout (routes/staff/managers-layout.tsx). */
export async function action({ context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const staff = context.get(staffContext);
  const consents = await listMarketingConsents(services.db);
  await recordAudit(services.db, { actor: staff.name, action: "exported", subjectType: "marketing-consents", detail: `${consents.length} consents to CSV` });
  return csvDownload("offers-consents", marketingConsentsTable(consents));
}
