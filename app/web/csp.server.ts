/**
 * The Content-Security-Policy. Pages that run React allow their scripts by a
 * nonce made for each response; content pages (route facts: `client: false`)
 * carry no nonce at all: their only scripts are the few inline ones in
 * app/utils/plain-scripts.ts, allowed by hash. Neither ever allows
 * 'unsafe-inline' outside development (Vite's hot reload needs it).
 */
import { createHash } from "node:crypto";
import { PLAIN_SCRIPTS } from "~/utils/plain-scripts";

export interface CspOptions {
  development: boolean;
  https: boolean;
}

/** The hashes of the inline scripts a content page may carry. */
export const PLAIN_SCRIPT_HASHES: readonly string[] = PLAIN_SCRIPTS.map((script) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`);

/** The policy's directives, `scriptSrc` aside, as helmet takes them. */
export function cspDirectives({ development, https }: CspOptions): Record<string, string[]> {
  return {
    "default-src": ["'self'"],
    "style-src": development ? ["'self'", "'unsafe-inline'"] : ["'self'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": development ? ["'self'", "ws:"] : ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
    "manifest-src": ["'self'"],
    ...(https ? { "upgrade-insecure-requests": [] } : {}),
  };
}

/** The policy of a content page: the same for every response, so its bytes may be kept and shared. */
export function contentPagePolicy(options: CspOptions): string {
  const directives = { ...cspDirectives(options), "script-src": [...PLAIN_SCRIPT_HASHES] };
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(" "))
    .join("; ");
}
