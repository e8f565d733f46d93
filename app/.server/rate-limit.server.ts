/**
 * Per-client rate-limit counters, kept in the database so that every server
 * instance shares them. Fixed windows: simple, cheap (one upsert per request)
 * and precise enough to turn away floods. The limits on public writes are
 * applied by app/web/rate-limit.server.ts.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "./db/schema";

export interface Limit {
  /** Names the counter, e.g. "joinus". */
  name: string;
  windowMs: number;
  max: number;
}

/** Counts one hit for `client` against `limit`: whether it is allowed, the seconds until the window resets (the Retry-After value), and how many remain. */
export async function hit(db: Kysely<Database>, limit: Limit, client: string, now = new Date()) {
  const start = Math.floor(now.getTime() / limit.windowMs) * limit.windowMs;
  const end = start + limit.windowMs;
  const row = await db
    .insertInto("rate_limits")
    .values({ key: `${limit.name}:${client}`, window_start: new Date(start).toISOString(), count: 1, expires_at: new Date(end).toISOString() })
    .onConflict((oc) => oc.columns(["key", "window_start"]).doUpdateSet({ count: sql<number>`rate_limits.count + 1` }))
    .returning("count")
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  // Now and then, clear away finished windows.
  if (Math.random() < 0.01) await db.deleteFrom("rate_limits").where("expires_at", "<", now.toISOString()).execute();
  return {
    allowed: count <= limit.max,
    retryAfter: Math.max(1, Math.ceil((end - now.getTime()) / 1000)),
    remaining: Math.max(0, limit.max - count),
  };
}
