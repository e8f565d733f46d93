/**
 * The staff desk's inboxes: what each public form leaves for the staff (hair
 * model sign-ups, contact messages, open-evening and feedback registrations),
 * how each is named, searched, filtered and exported. Pure: the pages, the
 * API, the CSV export and the tests share it.
 */
import { matchesSearch } from "~/modules/applicants/applicant-views";
import { submissionKinds, type InboxDescriptor, type SubmissionKind, type SubmissionKinds } from "~/modules/submissions/kinds";
import { submissionNames, type SubmissionName } from "~/modules/submissions/names";
import { formatReceived } from "~/utils/dates";
import { readableMobile } from "~/utils/phone";
import { labelled, oneOf } from "~/utils/one-of";

/** The kinds the staff desk's inboxes hold: every submission kind whose descriptor has an inbox. */
export type InboxKind = { [K in SubmissionName]: SubmissionKinds[K] extends { inbox: InboxDescriptor } ? K : never }[SubmissionName];
export const inboxKinds = submissionNames.filter((name): name is InboxKind => (submissionKinds[name] as SubmissionKind).inbox !== undefined);

export const isInboxKind = oneOf(inboxKinds);

/** An inbox's words, columns and public form, from its kind's descriptor. */
export const inboxText = Object.fromEntries(
  inboxKinds.map((kind) => [kind, { ...submissionKinds[kind].inbox, formPath: submissionKinds[kind].pagePath }]),
) as unknown as Record<InboxKind, InboxDescriptor & { formPath: string }>;

export const inboxPath = (kind: InboxKind) => `/staff/${kind}`;

export const countOf = (kind: InboxKind, n: number) => `${n} ${n === 1 ? inboxText[kind].one : inboxText[kind].many}`;

/** Which records a list shows: not yet handled (the default), handled, or all. */
export const { values: inboxFilters, labels: inboxFilterLabels, is: isInboxFilter } = labelled({ open: "Not handled", handled: "Handled", all: "All" });
export type InboxFilter = (typeof inboxFilters)[number];

/** One record of any inbox, as stored. Fields a kind does not have are null. */
export interface InboxRecord {
  id: number;
  kind: InboxKind;
  created_at: string;
  handled_at: string | null;
  handled_by: string | null;
  name: string;
  /** E.164 */
  mobile: string | null;
  email: string | null;
  /** The model's information, the contact message or the visitor's feedback. */
  text: string | null;
  /** Health information a model chose to give, with consent. */
  health: string | null;
}

/**
 * The API's shape (api-contract.md, "Staff desk"): id, created_at, handled_at
 * and the form's own fields, each by its stored column's name.
 */
export function inboxJson(record: InboxRecord) {
  const common = { id: record.id, created_at: record.created_at, handled_at: record.handled_at, handled_by: record.handled_by, name: record.name };
  const own = inboxText[record.kind].columns.map(({ column, role, nullable }) => [column, nullable ? record[role] : (record[role] ?? "")]);
  return { ...common, ...(Object.fromEntries(own) as Record<string, string | null>) };
}

/** Name, email, mobile (any spacing, 0 or +44) or words from the message or information. */
export function matchesInboxSearch(record: Pick<InboxRecord, "name" | "email" | "mobile" | "text" | "health">, query: string): boolean {
  if (matchesSearch({ name: record.name, email: record.email ?? "", mobile: record.mobile ?? "" }, query)) return true;
  const q = query.trim().toLocaleLowerCase("en-GB");
  return [record.text, record.health].some((field) => field !== null && field.toLocaleLowerCase("en-GB").includes(q));
}

/** The CSV export of one list: the columns each kind has, the handling last. */
export function inboxCsvHeader(kind: InboxKind): string[] {
  return ["Received", "Name", ...inboxText[kind].columns.map((c) => c.label), "Handled", "Handled by"];
}

export function inboxCsvRow(record: InboxRecord): string[] {
  const handled = [record.handled_at ? formatReceived(record.handled_at) : "Not handled", record.handled_by ?? ""];
  const own = inboxText[record.kind].columns.map(({ role }) => (role === "mobile" ? readableMobile(record.mobile ?? "") : (record[role] ?? "")));
  return [formatReceived(record.created_at), record.name, ...own, ...handled];
}

/** A record as a card on the list shows it. */
export function toInboxCard(record: InboxRecord) {
  return {
    ...record,
    received: formatReceived(record.created_at),
    // "07700 900123"
    mobileReadable: record.mobile ? readableMobile(record.mobile) : null,
    handled: record.handled_at ? `Handled by ${record.handled_by ?? "staff"}, ${formatReceived(record.handled_at)}` : null,
  };
}
export type InboxCard = ReturnType<typeof toInboxCard>;
