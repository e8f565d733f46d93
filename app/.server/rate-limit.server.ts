/**
 * Per-client rate limits for public writes, counted in the database so that
 * every server instance shares them. Fixed windows: simple, cheap (one upsert
 * per request) and precise enough to turn away floods.
 */
import type { RequestHandler } from "express";
import { sql, type Kysely } from "kysely";
import type { Database } from "./db/schema";

export interface Limit {
  /** Names the counter, e.g. "joinus". */
  name: string;
  windowMs: number;
  max: number;
}

export interface LimitResult {
  allowed: boolean;
  /** Seconds until the window resets: the Retry-After value. */
  retryAfter: number;
  remaining: number;
}

/** Counts one hit for `client` against `limit`. */
export async function hit(db: Kysely<Database>, limit: Limit, client: string, now = new Date()): Promise<LimitResult> {
  const start = Math.floor(now.getTime() / limit.windowMs) * limit.windowMs;
  const end = start + limit.windowMs;
  const row = await db
    .insertInto("rate_limits")
    .values({
      key: `${limit.name}:${client}`,
      window_start: new Date(start).toISOString(),
      count: 1,
      expires_at: new Date(end).toISOString(),
    })
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

/** Express middleware: 429 with Retry-After and the contract's error shape once a client is over the limit. */
export function rateLimit(db: Kysely<Database>, limit: Limit): RequestHandler {
  return (req, res, next) => {
    hit(db, limit, req.ip ?? "unknown")
      .then((result) => {
        res.set("RateLimit-Limit", String(limit.max));
        res.set("RateLimit-Remaining", String(result.remaining));
        if (result.allowed) return next();
        res.set("Retry-After", String(result.retryAfter));
        res.status(429).json({ error: "Too many requests from your connection. Please wait a little and try again." });
      })
      .catch(next);
  };
}

/**
 * The limits on one public write (a form): per client address, per minute and
 * per hour. Generous for people, tight for scripts; set by RATE_LIMIT_PER_MINUTE
 * and RATE_LIMIT_PER_HOUR.
 */
export function publicWriteLimits(db: Kysely<Database>, name: string, max: { perMinute: number; perHour: number }): RequestHandler[] {
  return [
    rateLimit(db, { name: `${name}:minute`, windowMs: 60_000, max: max.perMinute }),
    rateLimit(db, { name: `${name}:hour`, windowMs: 60 * 60_000, max: max.perHour }),
  ];
}
