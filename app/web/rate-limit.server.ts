/**
 * The one rate limit on public writes (the forms and saving a quote), shared
 * by the pages' route actions and the Express /api adapters: per client
 * address, a per-minute and a per-hour window (RATE_LIMIT_PER_MINUTE,
 * RATE_LIMIT_PER_HOUR), counted in the database so every server instance
 * shares them. Each caller answers a refusal in its own way: a route action
 * with 429, Retry-After and the message beside the form; the API with 429,
 * Retry-After and the contract's error shape.
 */
import { hit } from "~/.server/rate-limit.server";
import type { AppServices } from "./services";

export type RateLimitVerdict =
  | { allowed: true; limit: number; remaining: number }
  /** `retryAfter`: seconds until the window that refused ends (the Retry-After value). */
  | { allowed: false; limit: number; remaining: 0; retryAfter: number };

/** What a person is told when they are over the limit. */
export const RATE_LIMITED_MESSAGE = "You've sent a lot in a short time. Please wait a few minutes, then try again.";

/**
 * Counts one write named `name` (e.g. "form:joinus", "save-quote") from
 * `client` and says whether it may go ahead.
 */
export async function limitPublicWrite(
  services: Pick<AppServices, "db" | "config">,
  name: string,
  client: string,
  now = new Date(),
): Promise<RateLimitVerdict> {
  const { perMinute, perHour } = services.config.rateLimits;
  let tightest: RateLimitVerdict | undefined;
  for (const [window, windowMs, max] of [["minute", 60_000, perMinute], ["hour", 3_600_000, perHour]] as const) {
    const result = await hit(services.db, { name: `${name}:${window}`, windowMs, max }, client, now);
    // A refused window decides; the later ones are not counted against the client.
    if (!result.allowed) return { allowed: false, limit: max, remaining: 0, retryAfter: result.retryAfter };
    if (!tightest || result.remaining < tightest.remaining) tightest = { allowed: true, limit: max, remaining: result.remaining };
  }
  return tightest!;
}
