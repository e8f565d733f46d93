/** How the staff pages write an applicant's details (spec sections 2 and 9). Pure. */
import { labelOf } from "~/modules/fields/form-fields";
import { positions, roles } from "~/modules/submissions/kinds";
import { ordinal, SALON_TIME_ZONE } from "~/utils/dates";
import { oneOf } from "~/utils/one-of";

const applicationDay = new Intl.DateTimeFormat("en-GB", { timeZone: SALON_TIME_ZONE, day: "numeric", month: "short", year: "numeric" });

/** "1st Jan 2024" (the spec's 'do MMM yyyy', in the salon's time), or 'Date is not available'. */
export function formatApplicationDate(iso: string | null | undefined): string {
  const date = iso ? new Date(iso) : undefined;
  if (!date || Number.isNaN(date.getTime())) return "Date is not available";
  const parts = applicationDay.formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  // en-GB writes September as "Sept": the spec's format has three letters.
  return `${ordinal(Number(get("day")))} ${get("month").slice(0, 3)} ${get("year")}`;
}

export const roleLabel = (role: string) => labelOf(roles, role);
export const positionLabel = (position: string) => labelOf(positions, position);

export const emailResponses = ["unsuccessful", "maybe"] as const;
export type EmailResponse = (typeof emailResponses)[number];
export const isEmailResponse = oneOf(emailResponses);
export const emailResponseLabels: Record<EmailResponse, string> = { unsuccessful: "Unsuccessful", maybe: "Maybe" };

/** The Email Sent column: the reply sent, and how many interview or trial-day invitations went. */
export function emailSentLabel(response: string | null, invitations = 0): string {
  const reply = response && response in emailResponseLabels ? emailResponseLabels[response as EmailResponse] : null;
  const invited = invitations === 0 ? null : invitations === 1 ? "1 invitation" : `${invitations} invitations`;
  return [reply, invited].filter(Boolean).join(", ") || "Not sent";
}

/** Salon 1, 2 or 3 by its name; anything else 'Not defined'. */
export function salonLabel(id: number | null | undefined, salons: readonly { id: number; name: string }[]): string {
  return salons.find((s) => s.id === id)?.name ?? "Not defined";
}
