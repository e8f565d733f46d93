/**
 * The morning email of who is due (a "remind me on" date come): when it goes, and the words that say who gets it,
 * beside "Due today" on the staff desk and under "Remind me on" on an applicant's page. Pure: the sending is
 * due-digest.server.tsx.
 */

/** The salon's hour from which the day's email goes (it is looked for every hour). */
export const DIGEST_FROM_HOUR = 8;

/** The address the email goes to, if one is set: the salon's alert address (STAFF_NOTIFY_EMAIL, else the settings). */
export const digestAddress = (staffNotify: string | null | undefined): string | undefined => staffNotify?.trim() || undefined;

/** Who gets the morning email, in a line; with no address, that reminders show only on the desk. */
export function digestRecipientLine(staffNotify: string | null | undefined): string {
  const to = digestAddress(staffNotify);
  return to
    ? `Each morning from ${String(DIGEST_FROM_HOUR).padStart(2, "0")}:00 an email lists who is due, to ${to}.`
    : "No morning email is set up: reminders show only on the staff desk.";
}
