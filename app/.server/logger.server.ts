import pino, { type Logger } from "pino";

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: "base-hair-academy" },
    redact: {
      // Personal data never reaches the logs.
      paths: ["req.headers.cookie", "res.headers['set-cookie']", "*.email", "*.mobile", "*.pin"],
      censor: "[redacted]",
    },
  });
}
