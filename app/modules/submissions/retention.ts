/**
 * How long what the public sends us is kept: the rules the daily purge
 * applies (app/modules/privacy/purge.server.ts) and, derived from the same
 * values, every promise a page makes about it (the privacy page, each form's
 * note). Job applications go by the staff's policy (APPLICANT_RETENTION_MONTHS
 * and CLOSED_APPLICANT_RETENTION_MONTHS); the other kinds by their
 * descriptor's months (./kinds.ts). Pure.
 */

/** How long job applications are kept, by status. */
export interface ApplicantRetention {
  /** Applications still open: months after applying. */
  openMonths: number;
  /** Archived, marked 'no' or sent the 'unsuccessful' email: months after the last change. */
  closedMonths: number;
}

/** The defaults of APPLICANT_RETENTION_MONTHS and CLOSED_APPLICANT_RETENTION_MONTHS. */
export const APPLICANT_RETENTION_DEFAULTS: ApplicantRetention = { openMonths: 12, closedMonths: 6 };

/** What the configuration decides about retention. */
export interface RetentionPolicy {
  applicants: ApplicantRetention;
}

/** Saved quotes, with their services: months after saving. */
export const QUOTE_RETENTION_MONTHS = 12;
/** Delivered, failed or suppressed messages, and staff alerts sent in a digest: days after queueing. Waiting ones are never removed. */
export const SENT_MESSAGE_RETENTION_DAYS = 90;

export const monthsText = (n: number) => (n === 1 ? "1 month" : `${n} months`);

/** For the privacy page's table. */
export function describeApplicantRetention(policy: ApplicantRetention): string {
  return `${monthsText(policy.openMonths)} after you apply; ${monthsText(policy.closedMonths)} after our last step if we don't take your application further`;
}
