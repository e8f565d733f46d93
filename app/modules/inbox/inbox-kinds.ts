/**
 * The staff desk's inboxes: what each public form leaves for the staff (hair
 * model sign-ups, contact messages, open-evening and feedback registrations),
 * how each is named, searched, filtered and exported. Pure: the pages, the
 * API, the CSV export and the tests share it.
 */
import { matchesSearch } from "~/modules/applicants/applicant-views";
import { formatReceived } from "~/utils/dates";
import { formatUkMobile } from "~/utils/phone";

export const inboxKinds = ["models", "messages", "open-evening", "feedback"] as const;
export type InboxKind = (typeof inboxKinds)[number];

export function isInboxKind(value: unknown): value is InboxKind {
  return typeof value === "string" && (inboxKinds as readonly string[]).includes(value);
}

interface KindText {
  /** The page's heading and the home page's link. */
  title: string;
  /** "1 model sign-up", "3 model sign-ups". */
  one: string;
  many: string;
  /** What the list holds, under the heading. */
  lead: string;
  /** Where the public form is. */
  formPath: string;
  /** The audit trail's name for one record of this kind (no personal data). */
  subject: string;
}

export const inboxText: Record<InboxKind, KindText> = {
  models: {
    title: "Model sign-ups",
    one: "model sign-up",
    many: "model sign-ups",
    lead: "People who would like their hair done on a training day. Call them back to book them in.",
    formPath: "/models",
    subject: "model-signup",
  },
  messages: {
    title: "Contact messages",
    one: "contact message",
    many: "contact messages",
    lead: "Messages sent through the contact form. Each one was also emailed to the salon; reply by email.",
    formPath: "/contact",
    subject: "contact-message",
  },
  "open-evening": {
    title: "Open evening",
    one: "open-evening registration",
    many: "open-evening registrations",
    lead: "People who registered their interest in the next open evening.",
    formPath: "/open-evening",
    subject: "open-evening-registration",
  },
  feedback: {
    title: "Feedback",
    one: "feedback registration",
    many: "feedback registrations",
    lead: "People who asked to give the academy feedback, with anything they wrote. Call them back at a good time.",
    formPath: "/feedback",
    subject: "feedback-registration",
  },
};

export const inboxPath = (kind: InboxKind) => `/staff/${kind}`;

export const countOf = (kind: InboxKind, n: number) => `${n} ${n === 1 ? inboxText[kind].one : inboxText[kind].many}`;

/** Which records a list shows: not yet handled (the default), handled, or all. */
export const inboxFilters = ["open", "handled", "all"] as const;
export type InboxFilter = (typeof inboxFilters)[number];
export const inboxFilterLabels: Record<InboxFilter, string> = { open: "Not handled", handled: "Handled", all: "All" };

export function isInboxFilter(value: unknown): value is InboxFilter {
  return typeof value === "string" && (inboxFilters as readonly string[]).includes(value);
}

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

/** The API's shape (api-contract.md, "Staff desk"): id, created_at, handled_at and the form's own fields. */
export function inboxJson(record: InboxRecord) {
  const common = { id: record.id, created_at: record.created_at, handled_at: record.handled_at, handled_by: record.handled_by };
  switch (record.kind) {
    case "models":
      return { ...common, name: record.name, mobile: record.mobile ?? "", info: record.text ?? "", health: record.health };
    case "messages":
      return { ...common, name: record.name, email: record.email ?? "", message: record.text ?? "" };
    case "open-evening":
      return { ...common, name: record.name, mobile: record.mobile ?? "" };
    case "feedback":
      return { ...common, name: record.name, mobile: record.mobile ?? "", feedback: record.text };
  }
}
export type InboxJson = ReturnType<typeof inboxJson>;

/** Name, email, mobile (any spacing, 0 or +44) or words from the message or information. */
export function matchesInboxSearch(record: Pick<InboxRecord, "name" | "email" | "mobile" | "text" | "health">, query: string): boolean {
  if (matchesSearch({ name: record.name, email: record.email ?? "", mobile: record.mobile ?? "" }, query)) return true;
  const q = query.trim().toLocaleLowerCase("en-GB");
  return [record.text, record.health].some((field) => field !== null && field.toLocaleLowerCase("en-GB").includes(q));
}

/** "+447700900123" → "07700 900123"; anything else as stored. */
export const readableMobile = (mobile: string) => (mobile.startsWith("+44") ? formatUkMobile(mobile) : mobile);

/** The CSV export of one list: the columns each kind has, the handling last. */
export function inboxCsvHeader(kind: InboxKind): string[] {
  switch (kind) {
    case "models":
      return ["Received", "Name", "Mobile", "Information", "Health information", "Handled", "Handled by"];
    case "messages":
      return ["Received", "Name", "Email", "Message", "Handled", "Handled by"];
    case "open-evening":
      return ["Received", "Name", "Mobile", "Handled", "Handled by"];
    case "feedback":
      return ["Received", "Name", "Mobile", "Feedback", "Handled", "Handled by"];
  }
}

export function inboxCsvRow(record: InboxRecord): string[] {
  const handled = [record.handled_at ? formatReceived(record.handled_at) : "Not handled", record.handled_by ?? ""];
  const received = formatReceived(record.created_at);
  switch (record.kind) {
    case "models":
      return [received, record.name, readableMobile(record.mobile ?? ""), record.text ?? "", record.health ?? "", ...handled];
    case "messages":
      return [received, record.name, record.email ?? "", record.text ?? "", ...handled];
    case "open-evening":
      return [received, record.name, readableMobile(record.mobile ?? ""), ...handled];
    case "feedback":
      return [received, record.name, readableMobile(record.mobile ?? ""), record.text ?? "", ...handled];
  }
}

/** A record as a card on the list shows it. */
export interface InboxCard extends InboxRecord {
  received: string;
  /** "07700 900123" */
  mobileReadable: string | null;
  handled: string | null;
}

export function toInboxCard(record: InboxRecord): InboxCard {
  return {
    ...record,
    received: formatReceived(record.created_at),
    mobileReadable: record.mobile ? readableMobile(record.mobile) : null,
    handled: record.handled_at ? `Handled by ${record.handled_by ?? "staff"}, ${formatReceived(record.handled_at)}` : null,
  };
}
