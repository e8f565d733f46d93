/**
 * Rate limits per client address, counted in the database so that several
 * instances behind a load balancer share one count (architecture: the server
 * keeps no state between requests). A fixed window per bucket and address:
 * one upsert per request, the same SQL on SQLite and PostgreSQL.
 *
 * Use `rateLimit(db, { bucket: "joinus", limit, windowMs })` as Express
 * middleware in front of any public write; `consume` is the counter itself.
 */
import type { RequestHandler } from "express";
import type { Kysely } from "kysely";
import type { Database } from "./db/schema";

export interface RateLimitRule {
  /** Names the counter: each bucket counts separately ("save-quote", "joinus", …). */
  bucket: string;
  /** Requests allowed per address in one window. */
  limit: number;
  windowMs: number;
}

export interface RateLimitVerdict {
  allowed: boolean;
  /** Requests left in this window. */
  remaining: number;
  /** Seconds until the window ends (for Retry-After). */
  retryAfterSeconds: number;
}

/** Rows older than this are removed now and then, whatever their bucket. */
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/** Counts one request by `client` in the rule's bucket and says whether it is allowed. */
export async function consume(
  db: Kysely<Database>,
  rule: RateLimitRule,
  client: string,
  now: number = Date.now(),
): Promise<RateLimitVerdict> {
  const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
  const row = await db
    .insertInto("rate_limits")
    .values({ key: `${rule.bucket}:${client}`, window_start: windowStart, hits: 1 })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet((eb) => ({
        hits: eb
          .case()
          .when("rate_limits.window_start", "=", eb.ref("excluded.window_start"))
          .then(eb("rate_limits.hits", "+", 1))
          .else(1)
          .end(),
        window_start: eb.ref("excluded.window_start"),
      })),
    )
    .returning(["hits"])
    .executeTakeFirstOrThrow();
  if (Math.random() < 0.01) {
    await db.deleteFrom("rate_limits").where("window_start", "<", now - STALE_AFTER_MS).execute();
  }
  const hits = Number(row.hits);
  return {
    allowed: hits <= rule.limit,
    remaining: Math.max(0, rule.limit - hits),
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000)),
  };
}

/**
 * Express middleware: 429 with Retry-After and the API's error shape once an
 * address has used up its requests. The address is `req.ip`, which honours
 * X-Forwarded-For only from the proxies the app trusts ("trust proxy").
 */
export function rateLimit(db: Kysely<Database>, rule: RateLimitRule): RequestHandler {
  return (req, res, next) => {
    consume(db, rule, req.ip ?? req.socket.remoteAddress ?? "unknown")
      .then((verdict) => {
        res.set("RateLimit-Limit", String(rule.limit));
        res.set("RateLimit-Remaining", String(verdict.remaining));
        if (verdict.allowed) return next();
        res.set("Retry-After", String(verdict.retryAfterSeconds));
        res.status(429).json({ error: "You've sent a lot of requests in a short time. Please wait a few minutes and try again." });
      })
      .catch(next);
  };
}
