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
      // Nor does a key to an account, wherever in a line it turns up (an error's message, a stack, a referer).
      hooks: { streamWrite: redactSecrets },
    },
    file ? pino.destination({ dest: file, mkdir: true, sync: false }) : undefined,
  );
}

/**
 * A one-time sign-in link's token (/staff/link/TOKEN, sign-in-links.server.ts):
 * whoever reads it can sign in as the person it was made for, so no log keeps
 * it, however the path is spelt (any case, slashes percent-encoded, a `.data`
 * request of the page). What follows the path's `link/` is cut off up to the
 * next `/`, `?`, `#`, `&`, quote, backslash or space, so the JSON line stays JSON.
 */
const SIGN_IN_LINK_TOKEN = /(staff(?:\/|%2f)link(?:\/|%2f))[^/?#&\s"'\\]+/gi;

/** `text` with every one-time sign-in link's token replaced by "[redacted]". */
export function redactSecrets(text: string): string {
  return text.replace(SIGN_IN_LINK_TOKEN, "$1[redacted]");
}

/** Query parameters whose values are someone's details, whatever they hold. */
const PERSONAL_PARAMS = new Set(["name", "first_name", "last_name", "email", "mobile", "phone", "tel", "message", "pin", "about", "info", "health"]);
const EMAIL_LIKE = /@/;
/** Seven or more digits, however spaced: a phone number, or near enough to treat as one. */
const PHONE_LIKE = /(?:\d[\s().+-]*){7,}/;

/**
 * A request's address as it may be logged: the path as it is but for a
 * sign-in link's token, and any query value that names a person or looks
 * like an email address or a phone number replaced by "[redacted]". No form
 * here submits with GET, but a link, a script or an old bookmark may still
 * put details in a query string.
 */
export function redactUrl(logged: string | undefined): string | undefined {
  if (!logged) return logged;
  const url = redactSecrets(logged);
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
