import type { Kysely } from "kysely";

// Visits counted under one spelling per page (decision 0051). Before it, every
// percent-encoded spelling of a page the router answered was a row of its own
// (2,000 requests made 2,000 rows). Each page row kept under such a spelling
// is added to the row of the page's own spelling (decoded once, as the router
// decodes, in lower case, without a trailing slash) and removed; one that does
// not decode can be no page, and is removed. Funnel rows are not touched.

interface VisitTables {
  visit_counts: { day: string; kind: string; key: string; count: number };
}

/** A page key as the counter now spells it, or null when it can be no page's. */
function oneSpelling(key: string): string | null {
  if (!key.startsWith("/")) return null;
  const parts = key.slice(1).split("/");
  while (parts.length > 0 && parts.at(-1) === "") parts.pop();
  const decoded: string[] = [];
  for (const part of parts) {
    let text: string;
    try {
      text = decodeURIComponent(part);
    } catch {
      return null;
    }
    if (text === "" || text.includes("/")) return null;
    decoded.push(text.toLowerCase());
  }
  return `/${decoded.join("/")}`;
}

export async function up(unknownDb: Kysely<unknown>): Promise<void> {
  const db = unknownDb as Kysely<VisitTables>;
  const rows = await db.selectFrom("visit_counts").select(["day", "key", "count"]).where("kind", "=", "page").execute();
  for (const row of rows) {
    const spelt = oneSpelling(row.key);
    if (spelt === row.key) continue;
    if (spelt !== null) {
      await db
        .insertInto("visit_counts")
        .values({ day: row.day, kind: "page", key: spelt, count: Number(row.count) })
        .onConflict((oc) => oc.columns(["day", "kind", "key"]).doUpdateSet((eb) => ({ count: eb("visit_counts.count", "+", eb.ref("excluded.count")) })))
        .execute();
    }
    await db.deleteFrom("visit_counts").where("day", "=", row.day).where("kind", "=", "page").where("key", "=", row.key).execute();
  }
}

/** The spellings' counts stay with their pages: nothing to undo. */
export async function down(): Promise<void> {}
