import pino, { type Logger } from "pino";

export type { Logger };

/** Writes to `file` when given (LOG_FILE), otherwise to standard output. */
export function createLogger(level: string, file?: string): Logger {
  return pino(
    {
      level,
      base: { service: "base-hair-academy" },
      redact: {
        // Personal data never reaches the logs.
        paths: ["req.headers.cookie", "res.headers['set-cookie']", "*.email", "*.mobile", "*.pin"],
        censor: "[redacted]",
      },
    },
    file ? pino.destination({ dest: file, mkdir: true, sync: false }) : undefined,
  );
}

/** Query parameters whose values are someone's details, whatever they hold. */
const PERSONAL_PARAMS = new Set(["name", "first_name", "last_name", "email", "mobile", "phone", "tel", "message", "pin", "about", "info", "health"]);
const EMAIL_LIKE = /@/;
/** Seven or more digits, however spaced: a phone number, or near enough to treat as one. */
const PHONE_LIKE = /(?:\d[\s().+-]*){7,}/;

/**
 * A request's address as it may be logged: the path as it is, and any query
 * value that names a person or looks like an email address or a phone number
 * replaced by "[redacted]". No form here submits with GET, but a link, a
 * script or an old bookmark may still put details in a query string.
 */
export function redactUrl(url: string | undefined): string | undefined {
  if (!url) return url;
  const at = url.indexOf("?");
  if (at === -1) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  let changed = false;
  for (const [key, value] of [...params]) {
    if (PERSONAL_PARAMS.has(key.toLowerCase()) || EMAIL_LIKE.test(value) || PHONE_LIKE.test(value)) {
      params.set(key, "[redacted]");
      changed = true;
    }
  }
  return changed ? `${url.slice(0, at)}?${params.toString()}` : url;
}
