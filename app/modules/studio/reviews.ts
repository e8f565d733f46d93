/**
 * Reviews in the studio: adding one, hiding or showing one, and its place
 * in the list (the landing page's rotation and /reviews follow the file's
 * order). Reviews have no id, so each change is one of the whole file, and
 * its undo waits for later changes to the reviews. Pure: planned on the
 * files; studio.server.ts checks the whole site and stores.
 */
import YAML, { isMap, type YAMLMap, type YAMLSeq } from "yaml";
import { dataOf, type Planned, type Refusal } from "./changes";
import type { ReviewAdd } from "./words-forms";

export const REVIEWS_FILE = "reviews.yaml";

export interface ReviewRow {
  review: string;
  client: string;
  stylist: string;
  hidden?: boolean;
  stars?: number;
}

export function reviewRows(files: ReadonlyMap<string, string>): ReviewRow[] {
  return dataOf<ReviewRow[]>(files, REVIEWS_FILE, []);
}

function edit(files: ReadonlyMap<string, string>, change: (list: YAMLSeq, doc: YAML.Document) => string | Refusal): { planned: Planned } | Refusal {
  const text = files.get(REVIEWS_FILE) ?? "[]\n";
  const doc = YAML.parseDocument(text);
  const list = doc.contents as YAMLSeq;
  const summary = change(list, doc);
  if (typeof summary !== "string") return summary;
  return { planned: { what: "reviews", summary, changes: [{ file: REVIEWS_FILE, before: text, after: doc.toString({ lineWidth: 0 }) }] } };
}

const STALE: Refusal = { kind: "invalid", message: "The reviews changed while you were looking: here they are as they are now, so try again." };

/** A new review goes first, where visitors see it soonest. */
export function planReviewAdd(files: ReadonlyMap<string, string>, input: ReviewAdd, stylistName: string): { planned: Planned } | Refusal {
  return edit(files, (list, doc) => {
    const node = doc.createNode({ review: input.review, client: input.client, stylist: input.stylist, ...(input.stars ? { stars: input.stars } : {}) });
    if (list.items.length === 0) list.flow = false;
    list.items.unshift(node);
    return `Added a review by ${input.client} for ${stylistName}`;
  });
}

export function planReviewAct(files: ReadonlyMap<string, string>, at: number, client: string, act: "hide" | "show" | "up" | "down"): { planned: Planned } | Refusal {
  return edit(files, (list) => {
    const node = list.items[at];
    if (!isMap(node) || (node as YAMLMap).get("client") !== client) return STALE;
    const item = node as YAMLMap;
    if (act === "hide" || act === "show") {
      if (act === "hide") item.set("hidden", true);
      else item.delete("hidden");
      return `Review by ${client} ${act === "hide" ? "hidden" : "shown again"}`;
    }
    const other = act === "up" ? at - 1 : at + 1;
    if (other < 0 || other >= list.items.length) return { kind: "invalid", message: `That review is ${act === "up" ? "first" : "last"} already` };
    const [moved] = list.items.splice(at, 1);
    list.items.splice(other, 0, moved!);
    const passed = (list.items[at] as YAMLMap).get("client") as string;
    return `Review by ${client} moved ${act}, past ${passed}'s`;
  });
}
