/**
 * The staff's views of the applicant list (spec section 4), and the search
 * beside them. Pure: the page, the API, the CSV export and the tests share it.
 */
import { labelled } from "~/utils/one-of";

export const { values: applicantFilters, labels: filterLabels, is: isApplicantFilter } = labelled({ all: "All", definitely: "Definitely", maybe: "Maybe", no: "No", uncategorised: "Uncategorised", archived: "Archived", everyone: "Everyone" });
export type ApplicantFilter = (typeof applicantFilters)[number];

/** The follow-up a staff member can choose; '' is uncategorised. 'archived' is set only by archiving. */
export const followUps = ["", "definitely", "maybe", "no"] as const;
export type FollowUp = (typeof followUps)[number];

export const followUpLabels: Record<FollowUp, string> = { "": "Uncategorised", definitely: "Definitely", maybe: "Maybe", no: "No" };

export interface ViewRow {
  id: number;
  follow_up: string;
  updated_at: string;
  deleted_at: string | null;
}

export const isArchived = (row: Pick<ViewRow, "follow_up" | "deleted_at">) => row.deleted_at !== null || row.follow_up === "archived";

/** What a row shows as its state, in words (rows are coloured too, never by colour alone). */
export function statusOf(row: Pick<ViewRow, "follow_up" | "deleted_at">): "archived" | FollowUp {
  if (isArchived(row)) return "archived";
  return (followUps as readonly string[]).includes(row.follow_up) ? (row.follow_up as FollowUp) : "";
}

export const statusLabel = (row: Pick<ViewRow, "follow_up" | "deleted_at">) => {
  const status = statusOf(row);
  return status === "archived" ? "Archived" : followUpLabels[status];
};

const newestUpdatedFirst = (a: ViewRow, b: ViewRow) => (a.updated_at < b.updated_at ? 1 : a.updated_at > b.updated_at ? -1 : b.id - a.id);

/**
 * The spec's orderings: 'all' is definitely, then maybe, then uncategorised,
 * each newest-updated first; 'uncategorised' has no follow-up yet; 'archived'
 * is every archived applicant, newest first; the others filter by follow-up.
 */
export function applicantView<T extends ViewRow>(rows: readonly T[], filter: ApplicantFilter): T[] {
  const open = rows.filter((r) => !isArchived(r));
  switch (filter) {
    case "all": {
      const rank: Record<string, number> = { definitely: 0, maybe: 1, "": 2 };
      return open
        .filter((r) => r.follow_up in rank)
        .sort((a, b) => rank[a.follow_up]! - rank[b.follow_up]! || newestUpdatedFirst(a, b));
    }
    case "archived":
      return rows.filter(isArchived).sort(newestUpdatedFirst);
    case "everyone":
      return [...rows].sort(newestUpdatedFirst);
    case "uncategorised":
      return open.filter((r) => r.follow_up === "").sort(newestUpdatedFirst);
    default:
      return open.filter((r) => r.follow_up === filter).sort(newestUpdatedFirst);
  }
}

const digitsOf = (text: string) => text.replace(/\D/g, "");
/** "07700 900123" and "+44 7700 900123" both as 447700900123. */
const phoneDigits = (text: string) => {
  const digits = digitsOf(text);
  return digits.startsWith("0") ? `44${digits.slice(1)}` : digits;
};

/** Does the row match what was typed in the search box (name, email or mobile, any case, any spacing)? */
export function matchesSearch(row: { name: string; email: string; mobile: string }, query: string): boolean {
  const q = query.trim().toLocaleLowerCase("en-GB");
  if (q === "") return true;
  if (row.name.toLocaleLowerCase("en-GB").includes(q) || row.email.toLocaleLowerCase("en-GB").includes(q)) return true;
  // A number: compare digits only, so spaces and the 0 / +44 prefix don't matter.
  if (/^[\d\s+()-]+$/.test(q) && digitsOf(q).length >= 3) {
    const typed = digitsOf(q);
    const stored = phoneDigits(row.mobile);
    return stored.includes(typed) || stored.includes(phoneDigits(q));
  }
  return false;
}

/**
 * The API's `?q=` and the list page: every word typed is found somewhere in
 * the name, email, mobile or notes (a number typed with spaces is one word).
 */
export function matchesWords(row: { name: string; email: string; mobile: string; notes?: readonly string[] }, query: string): boolean {
  const q = query.trim();
  if (q === "") return true;
  if (matchesSearch(row, q)) return true;
  const notes = (row.notes ?? []).join("\n").toLocaleLowerCase("en-GB");
  const words = /^[\d\s+()-]+$/.test(q) ? [q] : q.split(/\s+/);
  return words.every((word) => matchesSearch(row, word) || notes.includes(word.toLocaleLowerCase("en-GB")));
}

/** Queries longer than this are cut: nobody types a longer name, email or number. */
export const SEARCH_MAX_LENGTH = 100;
