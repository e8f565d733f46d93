import type { Kysely } from "kysely";
import YAML, { isMap, isScalar, isSeq } from "yaml";

// Offers that say what they mean (issue 33, decision 0070): each offer now says
// who it is for (`audience`) and which services it covers, and its page makes
// the "New clients only." and skin-test lines of its small print from those.
// The site's content lives in the database (decision 0040), so the offers file
// stored there is brought along: its fixed lines that every offer carried are
// taken off the terms, and each offer keeps meaning what it said. A "New
// clients only." (or "First visits only.") line makes every offer's audience
// `new`; the skin-test line needs nothing more, as an offer that names no
// services covers them all, colour included.

const NEW_ONLY = /^(new clients only|first visits only)\.?$/i;
const SKIN_TEST = /skin test/i;

/** The stored offers.yaml with its audiences set and the fixed lines taken off; undefined when there is nothing to change. */
export function reviseOffersFile(text: string): string | undefined {
  const doc = YAML.parseDocument(text);
  const terms = doc.get("terms", true);
  const offers = doc.get("offers", true);
  if (!isSeq(terms) || !isSeq(offers)) return undefined;
  const said = (node: unknown) => (isScalar(node) ? String(node.value).trim() : "");
  const newOnly = terms.items.some((t) => NEW_ONLY.test(said(t)));
  const kept = terms.items.filter((t) => !NEW_ONLY.test(said(t)) && !SKIN_TEST.test(said(t)));
  if (kept.length === terms.items.length) return undefined;
  terms.items = kept;
  if (newOnly) {
    for (const offer of offers.items) {
      if (isMap(offer) && !offer.has("audience")) offer.set("audience", "new");
    }
  }
  return doc.toString({ lineWidth: 0 });
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rewrite(db, reviseOffersFile);
}

/**
 * The stored offers.yaml as the code before this reads it (its schema refuses
 * fields it does not know): audience and services taken off, and the fixed
 * lines back in the terms when an offer was for new clients.
 */
export function restoreOffersFile(text: string): string | undefined {
  const doc = YAML.parseDocument(text);
  const terms = doc.get("terms", true);
  const offers = doc.get("offers", true);
  if (!isSeq(terms) || !isSeq(offers)) return undefined;
  let forNew = false;
  let changed = false;
  for (const offer of offers.items) {
    if (!isMap(offer)) continue;
    if (offer.get("audience") === "new") forNew = true;
    for (const field of ["audience", "services"]) changed = offer.delete(field) || changed;
  }
  if (!changed) return undefined;
  const lines = terms.items.map((t) => (isScalar(t) ? String(t.value) : ""));
  if (forNew && !lines.some((l) => NEW_ONLY.test(l))) terms.items.unshift(doc.createNode("New clients only."));
  if (!lines.some((l) => SKIN_TEST.test(l))) terms.items.push(doc.createNode("A skin test is needed at least 48 hours before any colour service."));
  return doc.toString({ lineWidth: 0 });
}

async function rewrite(db: Kysely<unknown>, revise: (text: string) => string | undefined): Promise<void> {
  const files = db as unknown as Kysely<{ content_files: { path: string; body: string; updated_at: string } }>;
  const row = await files.selectFrom("content_files").select("body").where("path", "=", "offers.yaml").executeTakeFirst();
  const revised = row ? revise(row.body) : undefined;
  if (revised === undefined) return;
  await files.updateTable("content_files").set({ body: revised, updated_at: new Date().toISOString() }).where("path", "=", "offers.yaml").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rewrite(db, restoreOffersFile);
}
