/** The audit trail of an applicant, in words, for their page. Pure. */

export const applicantActions = {
  viewed: "viewed the application",
  "note-added": "added a note",
  "follow-up-changed": "changed the follow-up",
  emailed: "sent an email",
  "email-taken-back": "took back an email before it left",
  restored: "restored the application from the archive",
  "reminder-set": "set a reminder",
  invited: "sent an invitation",
  "invitation-moved": "moved an invitation",
  "invitation-cancelled": "cancelled an invitation",
  "role-changed": "changed the role",
  archived: "archived the application",
  exported: "exported the application to a spreadsheet",
  "cv-downloaded": "downloaded the CV",
  erased: "erased the application",
} as const;
export type ApplicantAction = keyof typeof applicantActions;

export interface HistoryEvent {
  at: string;
  actor: string;
  action: string;
  detail: string | null;
}

/** "Morgan changed the follow-up: Maybe → Definitely" */
export function describeEvent(event: HistoryEvent): string {
  const what = (applicantActions as Record<string, string>)[event.action] ?? event.action;
  return `${event.actor} ${what}${event.detail ? `: ${event.detail}` : ""}`;
}
