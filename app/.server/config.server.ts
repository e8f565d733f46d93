import path from "node:path";
import { z } from "zod";

/**
 * Configuration from the environment, checked once at start. Variable names
 * and defaults are those of the API contract; the rest are ours.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().optional(),
  /** Where the SQLite file, and emails written to disk, live. */
  DATA_DIR: z.string().default("var"),
  /** The salon's words and data. */
  CONTENT_DIR: z.string().default("content"),
  /** Where the copies of content/images' pictures are kept (DATA_DIR/images/copies when unset): sites with the same pictures may share it. */
  PICTURE_COPIES_DIR: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  STAFF_NOTIFY_EMAIL: z.string().optional(),
  SMS_TRANSPORT: z.enum(["twilio", "log"]).default("log"),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_API_BASE: z.url().default("https://api.twilio.com"),
  STAFF_ACCOUNTS: z.string().optional(),
  SESSION_SECRET: z.string().optional(),
  /** How often the outbox worker looks for due messages, and the first retry's delay. */
  OUTBOX_POLL_MS: z.coerce.number().int().positive().default(1000),
  OUTBOX_RETRY_BASE_MS: z.coerce.number().int().positive().default(15_000),
  /** How long a worker's claim on a message lasts: after a crash, how soon another worker takes the message over. */
  OUTBOX_LEASE_MS: z.coerce.number().int().min(5_000).default(60_000),
  /**
   * Express's "trust proxy": which proxies may say who the client is (rate limits use the client's address).
   * `false` by default: served directly, anyone could claim any address in X-Forwarded-For (decision record 0018).
   */
  TRUST_PROXY: z.string().default("false"),
  /** Public writes (forms, quotes) allowed per client address. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(60),
  /** Emails and texts that visitors' submissions make the site send, all recipients together, per hour (decision record 0018). */
  VISITOR_MESSAGES_PER_HOUR: z.coerce.number().int().positive().default(200),
  STAFF_EMAIL_HOLD_SECONDS: z.coerce.number().int().min(0).max(3600).default(20),
  /** Past the staff alerts' hourly budget, alerts are combined into one digest email this often (decision record 0050). */
  STAFF_ALERT_DIGEST_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  /** Job applicants still open are erased this many months after applying (see /privacy). */
  APPLICANT_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(12),
  /** Archived applicants, and those marked 'no' or sent 'unsuccessful', this many months after their last change. */
  CLOSED_APPLICANT_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(6),
  /** All stored CVs together at most this many MiB: past it an application with a CV is refused (413). */
  CV_STORAGE_MB: z.coerce.number().int().min(1).max(1_000_000).default(500),
  /** A public form sent sooner than this after the page was served is asked to be sent again (a script's pace). */
  FORM_MIN_FILL_MS: z.coerce.number().int().min(0).max(600_000).default(3000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  /** Write the log to this file instead of standard output. */
  LOG_FILE: z.string().optional(),
});

const DEVELOPMENT_SECRET = "development-only-secret-change-me";

/** The shortest SESSION_SECRET production accepts: 32 random characters are far beyond guessing. */
export const MIN_SESSION_SECRET_LENGTH = 32;

/**
 * SESSION_SECRET, as a list: "new,old" signs with the first and still accepts
 * what the others signed, so a secret can be changed without signing anyone
 * out (docs/going-live.md, "Changing SESSION_SECRET").
 */
const secretsIn = (value: string | undefined): string[] => (value ?? "").split(",").map((s) => s.trim()).filter((s) => s !== "");

/** The environment, checked and turned into the settings the code uses. `Config` is what it makes. */
const configSchema = envSchema
  .check((ctx) => {
    const e = ctx.value;
    const refuse = (variable: string, input: unknown, message: string) => ctx.issues.push({ code: "custom", input, path: [variable], message });
    if (e.NODE_ENV === "production" && secretsIn(e.SESSION_SECRET).length === 0) {
      refuse("SESSION_SECRET", e.SESSION_SECRET, "SESSION_SECRET is required when NODE_ENV=production");
    }
    // It signs the session and device cookies: a short one can be guessed offline from any cookie.
    if (e.NODE_ENV === "production" && secretsIn(e.SESSION_SECRET).some((secret) => secret.length < MIN_SESSION_SECRET_LENGTH)) {
      refuse("SESSION_SECRET", "(hidden)", `SESSION_SECRET must be at least ${MIN_SESSION_SECRET_LENGTH} characters when NODE_ENV=production (try: openssl rand -base64 48)`);
    }
    if (e.SMS_TRANSPORT === "twilio" && !(e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM)) {
      refuse("SMS_TRANSPORT", e.SMS_TRANSPORT, "SMS_TRANSPORT=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM");
    }
  })
  .transform((e) => {
    const dataDir = path.resolve(e.DATA_DIR);
    const given = secretsIn(e.SESSION_SECRET);
    const sessionSecrets = given.length > 0 ? given : [DEVELOPMENT_SECRET];
    return {
      env: e.NODE_ENV,
      port: e.PORT,
      host: e.HOST,
      publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
      databaseUrl: e.DATABASE_URL || undefined,
      dataDir,
      sqlitePath: path.join(dataDir, "base.sqlite"),
      contentDir: path.resolve(e.CONTENT_DIR),
      pictureCopiesDir: path.resolve(e.PICTURE_COPIES_DIR || path.join(dataDir, "images", "copies")),
      smtpUrl: e.SMTP_URL || undefined,
      mailFrom: e.MAIL_FROM,
      staffNotifyEmail: e.STAFF_NOTIFY_EMAIL,
      sms: {
        transport: e.SMS_TRANSPORT,
        accountSid: e.TWILIO_ACCOUNT_SID,
        authToken: e.TWILIO_AUTH_TOKEN,
        from: e.TWILIO_FROM,
        apiBase: e.TWILIO_API_BASE.replace(/\/+$/, ""),
      },
      staffAccounts: e.STAFF_ACCOUNTS,
      /** Signs cookies and form tokens: the first of SESSION_SECRET's list. */
      sessionSecret: sessionSecrets[0]!,
      /** Every secret a cookie or form token may have been signed with, the signing one first. */
      sessionSecrets,
      outbox: { pollMs: e.OUTBOX_POLL_MS, retryBaseMs: e.OUTBOX_RETRY_BASE_MS, leaseMs: e.OUTBOX_LEASE_MS },
      rateLimits: { perMinute: e.RATE_LIMIT_PER_MINUTE, perHour: e.RATE_LIMIT_PER_HOUR },
      /** Messages caused by visitors' submissions, site-wide, per hour. */
      visitorMessagesPerHour: e.VISITOR_MESSAGES_PER_HOUR,
      /** How long an email staff send to an applicant waits, so it can be taken back (STAFF_EMAIL_HOLD_SECONDS). */
      staffEmailHoldSeconds: e.STAFF_EMAIL_HOLD_SECONDS,
      /** How often staff alerts past their hourly budget go out, combined in one digest email (STAFF_ALERT_DIGEST_SECONDS). */
      staffAlertDigestSeconds: e.STAFF_ALERT_DIGEST_SECONDS,
      /** Milliseconds a person needs at least between a form being served and sent. */
      formMinFillMs: e.FORM_MIN_FILL_MS,
      trustProxy: /^\d+$/.test(e.TRUST_PROXY) ? Number(e.TRUST_PROXY) : e.TRUST_PROXY === "true" ? true : e.TRUST_PROXY === "false" ? false : e.TRUST_PROXY,
      logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === "test" ? "silent" : "info"),
      /** How long job applications are kept, in months (the privacy page says the same). */
      applicantRetention: { openMonths: e.APPLICANT_RETENTION_MONTHS, closedMonths: e.CLOSED_APPLICANT_RETENTION_MONTHS },
      /** The most all stored CVs together may take, in bytes (CV_STORAGE_MB MiB). */
      cvStorageBytes: e.CV_STORAGE_MB * 1024 * 1024,
      logFile: e.LOG_FILE ? path.resolve(e.LOG_FILE) : undefined,
    };
  });

export type Config = z.output<typeof configSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    // The rules across variables (configSchema's check) say what to do in their own words.
    const custom = parsed.error.issues.find((i) => i.code === "custom");
    if (custom) throw new Error(custom.message);
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
}
