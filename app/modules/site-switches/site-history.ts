/** The site switches' audit lines in words, for the site page's "Recent changes". Pure. */
import { formatSalonDate } from "~/utils/dates";

export interface SiteEvent {
  actor: string;
  action: string;
  subject_id: string | null;
  detail: string | null;
}

interface Change {
  before?: unknown;
  after?: unknown;
}

function parse(detail: string | null): Change {
  try {
    const value = detail ? (JSON.parse(detail) as unknown) : null;
    return value && typeof value === "object" ? (value as Change) : {};
  } catch {
    return {};
  }
}

const dateText = (value: unknown) => (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatSalonDate(value) : String(value));
const titleOf = (value: unknown) =>
  value && typeof value === "object" && "title" in value && typeof value.title === "string" ? `“${value.title}”` : "an item";

/** "Morgan hid the offers", "Sam moved the offers' end date from 31/01/27 to 28/02/27". */
export function describeSiteChange(event: SiteEvent): string {
  const { before, after } = parse(event.detail);
  switch (event.action) {
    case "offers-hidden":
      return `${event.actor} hid the offers`;
    case "offers-shown":
      return `${event.actor} showed the offers`;
    case "end-date-changed":
      return `${event.actor} moved the offers' end date from ${dateText(before)} to ${dateText(after)}`;
    case "news-added":
      return `${event.actor} added the news item ${titleOf(after)}`;
    case "news-edited": {
      const changed =
        before && after && typeof before === "object" && typeof after === "object"
          ? (["title", "date", "image", "text", "publish_at"] as const).filter((f) => ((before as Record<string, unknown>)[f] ?? null) !== ((after as Record<string, unknown>)[f] ?? null))
          : [];
      const what = changed.map((f) => (f === "image" ? "picture" : f === "publish_at" ? "publish time" : f)).join(", ");
      return `${event.actor} edited the news item ${titleOf(after)}${what ? ` (${what})` : ""}`;
    }
    case "news-restored":
      return `${event.actor} brought back the news item ${titleOf(after)} (an undo)`;
    case "news-removed":
      return `${event.actor} removed the news item ${titleOf(before)}`;
    case "reset-to-files":
      return `${event.actor} put the offers, end date and news back to the content files' values`;
    default:
      return `${event.actor}: ${event.action}`;
  }
}
