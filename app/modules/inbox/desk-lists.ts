/**
 * The lists on the staff home page: applicants (the staff area's first list)
 * and the four inboxes, each with what is new since this person last opened
 * it. Pure.
 */
import { countOf, inboxKinds, inboxPath, inboxText, type InboxKind } from "./inbox-kinds";

export const deskLists = ["applicants", ...inboxKinds] as const;
export type DeskList = (typeof deskLists)[number];

export const deskListTitle = (list: DeskList) => (list === "applicants" ? "Applicants" : inboxText[list].title);
export const deskListPath = (list: DeskList) => (list === "applicants" ? "/applicants" : inboxPath(list));

/** "2 new applicants", "1 new model sign-up", "Nothing new". */
export function newSince(list: DeskList, n: number): string {
  if (n === 0) return "Nothing new";
  if (list === "applicants") return `${n} new ${n === 1 ? "applicant" : "applicants"}`;
  return `${n} new ${countOf(list as InboxKind, n).replace(/^\d+ /, "")}`;
}

/** The second line: how many are waiting for someone, whenever they came. */
export function waiting(list: DeskList, n: number): string {
  if (list === "applicants") return n === 0 ? "None waiting for a follow-up" : `${n} waiting for a follow-up`;
  return n === 0 ? "All handled" : `${n} not handled yet`;
}
