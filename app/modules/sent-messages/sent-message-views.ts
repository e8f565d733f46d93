/**
 * The staff's view of what the site has sent: filters, what each template is
 * in words, and each message's state in words. Pure.
 */
import type { OutboxStatus } from "~/.server/db/schema";
import { labelled } from "~/utils/one-of";

export const { values: sentFilters, labels: sentFilterLabels, is: isSentFilter } = labelled({ all: "All", waiting: "Waiting", failed: "Failed", suppressed: "Not sent", sent: "Sent" });
export type SentFilter = (typeof sentFilters)[number];

/** The statuses each filter shows ("waiting" is queued or being sent right now). */
export const statusesOf: Record<SentFilter, OutboxStatus[]> = {
  all: ["pending", "sending", "sent", "failed", "suppressed", "digest"],
  waiting: ["pending", "sending"],
  failed: ["failed"],
  suppressed: ["suppressed"],
  sent: ["sent"],
};

const templateLabels: Record<string, string> = {
  "applicant-thank-you": "Thank-you to an applicant",
  "applicant-alert": "New application, to the salon",
  "applicant-unsuccessful": "Unsuccessful reply to an applicant",
  "applicant-maybe": "Maybe reply to an applicant",
  "contact-message": "Contact message, to the salon",
  "cv-storage-full": "CVs refused, their storage full: to the salon",
  "staff-alert-digest": "Digest of alerts, to the salon",
  "visitor-budget-spent": "Message budget spent, to the salon",
  quote: "Price quote",
  "quote-link": "Price quote link",
};

/** What kind of message it is, in words; a template this list does not know shows by its name. */
export const templateLabel = (template: string) => templateLabels[template] ?? template;

export const statusLabels: Record<OutboxStatus, string> = {
  pending: "Waiting to send",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
  suppressed: "Not sent",
  digest: "In a digest",
};

/** The subject of an email; the first line of a text message, cut short. */
export function headline(message: { channel: string; subject: string | null; body_text: string }, max = 120): string {
  if (message.channel === "email" && message.subject) return message.subject;
  const first = message.body_text.split(/\r?\n/).find((line) => line.trim() !== "")?.trim() ?? "";
  return first.length > max ? `${first.slice(0, max - 1)}…` : first;
}

/** The newest this many of a filter are listed; older ones stay until the retention period ends. */
export const SENT_LIST_LIMIT = 100;
