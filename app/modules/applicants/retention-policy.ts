/**
 * How long job applications are kept, by status. The daily purge and the
 * privacy page both read these values (APPLICANT_RETENTION_MONTHS and
 * CLOSED_APPLICANT_RETENTION_MONTHS), so the page always says what happens.
 */
export interface ApplicantRetention {
  /** Applications still open: months after applying. */
  openMonths: number;
  /** Archived, marked 'no' or sent the 'unsuccessful' email: months after the last change. */
  closedMonths: number;
}

export const defaultApplicantRetention: ApplicantRetention = { openMonths: 12, closedMonths: 6 };

const months = (n: number) => (n === 1 ? "1 month" : `${n} months`);

/** For the privacy page's table. */
export function describeApplicantRetention(policy: ApplicantRetention): string {
  return `${months(policy.openMonths)} after you apply; ${months(policy.closedMonths)} after our last step if we don't take your application further`;
}
