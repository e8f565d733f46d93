/**
 * zod 4 compiles a fast object parser with `new Function`, and first probes
 * whether it may, as each object schema is built. Our CSP allows no eval, so
 * in the browser the probe is refused and reported as a CSP violation on
 * every page whose modules build a schema. `jitless` (zod's documented
 * `z.config({ jitless: true })`) skips the probe and the compiled path:
 * validation is the same, a little slower, which a form never notices.
 *
 * It must be set before any schema is built, so the root route imports this
 * module first. It writes the shared config object zod reads
 * (`globalThis.__zod_globalConfig`, which zod creates only when absent)
 * rather than importing `zod/v4/core`, which would put 4 KB of zod on pages
 * that have no form. zod-jitless.test.ts proves zod sees it. The server has
 * no CSP and keeps the faster path.
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

export function makeZodJitless(): void {
  globalThis.__zod_globalConfig ??= {};
  globalThis.__zod_globalConfig.jitless = true;
}

if (typeof document !== "undefined") makeZodJitless();
