/** Polls `check` until it returns true, or fails with `what` after `timeoutMs`. */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Waits, only when it must, until the rate limits' fixed window (app/.server/rate-limit.server.ts: each minute
 * of the clock) has at least `needMs` left. A test that fills a client's window and then expects the next request
 * refused would see it accepted when the minute turned between them.
 */
export async function withinOneWindow(needMs: number, windowMs = 60_000): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 10));
}
