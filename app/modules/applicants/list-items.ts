/** An applicant as a row of the staff list (and of its CSV export). Pure. */
import { formatShortDate } from "~/utils/dates";
import { readableMobile } from "~/utils/phone";
import { statusLabel, statusOf, type ViewRow } from "./applicant-views";
import { emailSentLabel, positionLabel, roleLabel } from "./format";

export interface ListSource extends ViewRow {
  name: string;
  email: string;
  mobile: string;
  role: string;
  position: string;
  created_at: string;
  email_response: string | null;
  possible_duplicate: number;
}

/** `invitations`: how many interview or trial-day invitations the applicant was sent (invitationCounts). */
export function toListItem(row: ListSource, invitations = 0) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    // As people read it ("07700 900123"), and for a tel: link ("+447700900123").
    mobile: readableMobile(row.mobile),
    mobileE164: row.mobile,
    role: roleLabel(row.role),
    position: positionLabel(row.position),
    // dd/MM/yy
    applied: formatShortDate(row.created_at),
    emailSent: emailSentLabel(row.email_response, invitations),
    status: statusOf(row),
    statusLabel: statusLabel(row),
    possibleDuplicate: row.possible_duplicate === 1,
  };
}

export type ApplicantListItem = ReturnType<typeof toListItem>;

export const csvHeader = ["Date", "Name", "Email", "Mobile", "Role", "Position", "Follow-up", "Email sent", "Possible duplicate"];

export function csvRow(item: ApplicantListItem): string[] {
  return [item.applied, item.name, item.email, item.mobile, item.role, item.position, item.statusLabel, item.emailSent, item.possibleDuplicate ? "Yes" : "No"];
}
