/**
 * One path for every public submission, whether it arrives as JSON at /api/…
 * or as a form post to its page's action (with or without JavaScript): the
 * honeypot, validation with the kind's schema, the minimum fill time, then
 * the kind's store (decision record 0010). Each store keeps the record and
 * queues the messages that follow in one transaction: if the record is
 * stored, its messages are queued; if anything fails, neither is.
 */
import type { z } from "zod";
import type { Config } from "~/.server/config.server";
import type { Engine } from "~/.server/db/database.server";
import type { Logger } from "~/.server/logger.server";
import type { Db } from "~/.server/db/schema";
import type { EmailBrand } from "~/.server/email/layout";
import { checkFormToken, claimFormToken, releaseFormToken } from "~/.server/form-token.server";
import { enqueue, type MessageCaps } from "~/.server/outbox/outbox.server";
import type { OutboxWorker } from "~/.server/outbox/worker.server";
import { fieldErrors, labelOf } from "~/modules/fields/form-fields";
import { recordMarketingConsent } from "~/modules/marketing/consents.server";
import type { Settings } from "~/modules/site/content-schema";
import { firstName } from "~/utils/text";
import { renderApplicantAlert, renderApplicantThankYou, type ApplicantMessageData } from "./applicant-emails.server";
import { renderContactMessage } from "./contact-email.server";
import { alertCvStorageFull, CvRefusal, refuseCvWhenFull, storeCvWithinBounds } from "./cv-storage.server";
import { positions, roles, submissionKinds, type SubmissionKind, type SubmissionKinds } from "./kinds";
import type { SentFile } from "./judge-file.server";
import { HONEYPOT_FIELD, TOKEN_FIELD, type SubmissionName } from "./names";

/** What storing a submission needs: the database (and its engine), the emails' brand, where staff alerts go, and the outbox to wake. */
export interface SubmissionServices {
  db: Db;
  engine: Engine;
  brand: EmailBrand;
  settings: Pick<Settings, "mail">;
  outbox: Pick<OutboxWorker, "wake">;
  logger?: Pick<Logger, "error">;
  /** The outbox's caps (the configuration's VISITOR_MESSAGES_PER_HOUR) and the CVs' (CV_STORAGE_MB). */
  config: MessageCaps & Pick<Config, "cvStorageBytes">;
}
type Services = SubmissionServices & { config: Pick<Config, "sessionSecrets" | "formMinFillMs"> };

type Output<K extends SubmissionName> = z.output<SubmissionKinds[K]["schema"]>;
/** What came with the answers: the file, and the request's client key (its network, as every per-client limit counts it). */
interface Sent {
  file?: SentFile | undefined;
  client?: string | undefined;
}
type Store<K extends SubmissionName> = (services: SubmissionServices, input: Output<K>, now?: Date, sent?: Sent) => Promise<{ id: number }>;

/** Applications from the same email or mobile within this many days are flagged for staff. */
export const DUPLICATE_WINDOW_DAYS = 30;

/** Stores one record of `kind` in its table (with its name, where the table is shared); the caller's transaction, if any. */
async function insertRecord(db: Db, kind: SubmissionKind, values: Record<string, unknown>, now: Date): Promise<number> {
  const row = { ...values, ...(kind.discriminator ? { kind: kind.name } : {}), created_at: now.toISOString() };
  // The descriptor names the table; the schema has checked the values against it.
  const { id } = await db
    .insertInto(kind.table as "contact_messages")
    .values(row as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * The join-us application: flagged when the same person applied lately, with
 * a thank-you and the staff's alert, and the CV if one came with it; then the
 * marketing boxes' answers, kept apart from it. The CV is stored within the
 * CVs' bounds, last, so the CVs' lock (PostgreSQL) is held for as little as
 * can be: a CV past them rolls the whole application back (CvRefusal, for the
 * caller to answer).
 */
export const storeJoinUs: Store<"joinus"> = async (services, { marketing_email, marketing_sms, ...input }, now = new Date(), { file: cv, client } = {}) => {
  const { db, brand } = services;
  const kind = submissionKinds.joinus;
  const since = new Date(now.getTime() - DUPLICATE_WINDOW_DAYS * 86_400_000).toISOString();
  const salon = await db.selectFrom("salons").select("name").where("id", "=", input.salon).executeTakeFirst();

  const bounds = { engine: services.engine, cvStorageBytes: services.config.cvStorageBytes };
  let id: number;
  try {
    // Full already: refused before any work, without the lock (the check that counts is the one inside the transaction).
    if (cv) await refuseCvWhenFull(db, bounds, cv);
    id = await db.transaction().execute(async (trx) => {
      const earlier = await trx
        .selectFrom("job_applicants")
        .select("id")
        .where((eb) => eb.or([eb("email", "=", input.email), eb("mobile", "=", input.mobile)]))
        .where("created_at", ">", since)
        .executeTakeFirst();
      const at = now.toISOString();
      const id = await insertRecord(trx, kind, { ...input, follow_up: "", possible_duplicate: earlier ? 1 : 0, updated_at: at }, now);
      const data: ApplicantMessageData = {
        id,
        firstName: firstName(input.name),
        fullName: input.name,
        role: labelOf(roles, input.role),
        position: labelOf(positions, input.position),
        salonName: salon?.name ?? brand.name,
        possibleDuplicate: Boolean(earlier),
      };
      const related = { type: kind.name, id: String(id) };
      const [thanks, alert] = await Promise.all([renderApplicantThankYou(brand, data), renderApplicantAlert(brand, data)]);
      await enqueue(trx, { channel: "email", to: input.email, template: "applicant-thank-you", related, ...thanks }, services.config, now);
      await enqueue(trx, { channel: "email", to: services.settings.mail.staffNotify, template: "applicant-alert", trigger: "staff-alert", related, ...alert }, services.config, now);
      if (cv) await storeCvWithinBounds(trx, bounds, id, cv, client ?? "unknown", now);
      return id;
    });
  } catch (error) {
    if (error instanceof CvRefusal && error.reason === "storage-full") {
      // The applicant's answer does not wait on the alert's fate: one that cannot be queued now is queued by the next refusal.
      await alertCvStorageFull(services, now).catch((failure: unknown) => services.logger?.error({ err: failure }, "the CV storage alert could not be queued"));
    }
    throw error;
  }
  services.outbox.wake();
  // The application is stored and on its way: a consent that cannot be stored is logged, never a failure to retry.
  const { name, email, mobile } = input;
  await recordMarketingConsent(services.db, { source: "joinus", name, email, mobile, choices: { marketing_email, marketing_sms } }).catch(
    (error: unknown) => services.logger?.error({ err: error }, "a marketing consent could not be stored"),
  );
  return { id };
};

/** A contact message: stored, and emailed to the salon with Reply-To the visitor. */
export const storeContactMessage: Store<"messages"> = async (services, input, now = new Date()) => {
  const { db, brand } = services;
  const kind = submissionKinds.messages;
  const rendered = await renderContactMessage(brand, input);
  const id = await db.transaction().execute(async (trx) => {
    const id = await insertRecord(trx, kind, input, now);
    const alert = { channel: "email", to: services.settings.mail.staffNotify, trigger: "staff-alert", replyTo: input.email } as const;
    await enqueue(trx, { ...alert, template: "contact-message", related: { type: kind.name, id: String(id) }, ...rendered }, services.config, now);
    return id;
  });
  services.outbox.wake();
  return { id };
};

/**
 * The kinds whose store does more than keep the checked answers as a row of
 * their table (messages to send, answers turned into columns). Any other kind
 * is stored as its schema's output, as it is.
 */
const stores: { [K in SubmissionName]?: Store<K> } = {
  joinus: storeJoinUs,
  models: async ({ db }, input, now = new Date()) => {
    const health = input.health_consent && input.health ? input.health : null;
    const values = { name: input.name, mobile: input.mobile, info: input.info, health, health_consent_at: health ? now.toISOString() : null };
    return { id: await insertRecord(db, submissionKinds.models, values, now) };
  },
  messages: storeContactMessage,
  feedback: async ({ db }, input, now = new Date()) => ({
    id: await insertRecord(db, submissionKinds.feedback, { name: input.name, mobile: input.mobile, feedback: input.feedback || null }, now),
  }),
};

export const TOO_FAST_MESSAGE = "That was quick! Please check your answers, then send the form again.";
/** A page's form sent without our token, with a forged one, or a day after it was shown. */
export const FORM_USED_MESSAGE = "This form has already been sent, so it was not sent again. To send another, please reload the page.";
export const FORM_TOKEN_MESSAGE = "This form has expired or did not come from our page. Your answers are still here: please send it again.";

export type SubmissionResult =
  | { kind: "stored"; id: number }
  /** A honeypot hit: answer as if stored, store nothing. */
  | { kind: "ignored" }
  | { kind: "too-fast" }
  /** A page's form without a valid token (see FORM_TOKEN_MESSAGE). */
  | { kind: "no-token" }
  /** A token already taken by a post that was stored: the same form sent again (see FORM_USED_MESSAGE). */
  | { kind: "replayed" }
  | { kind: "invalid"; fields: Record<string, string> }
  /** The CV past the CVs' bounds (./cv-storage.server.tsx): 413 or 429, the words beside the file's field; nothing stored. */
  | { kind: "cv-refused"; status: 413 | 429; field: string; message: string; retryAfter?: number | undefined };

/**
 * `requireToken`: the pages' forms always carry the signed token, so there a
 * missing or forged one is refused; the JSON API's contract has none.
 * `file`: what the kind's upload field carried, judged by the caller (only
 * the join-us kind keeps one: its CV).
 */
export async function submit(
  services: Services,
  name: SubmissionName,
  body: unknown,
  options: { requireToken?: boolean; file?: SentFile | undefined; client?: string } = {},
): Promise<SubmissionResult> {
  const record = (body && typeof body === "object" && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const honeypot = record[HONEYPOT_FIELD];
  if (typeof honeypot === "string" && honeypot.trim() !== "") return { kind: "ignored" };
  const parsed = submissionKinds[name].schema.safeParse(record);
  // Field errors first: they help a person and store nothing, however fast they came.
  if (!parsed.success) return { kind: "invalid", fields: fieldErrors(parsed.error) };
  const { sessionSecrets, formMinFillMs } = services.config;
  const token = checkFormToken(record[TOKEN_FIELD], sessionSecrets, formMinFillMs);
  if (options.requireToken && (token === "unsigned" || token === "expired")) return { kind: "no-token" };
  if (token === "too-fast") return { kind: "too-fast" };
  // A signed token is good for one stored post (a JSON post without one has nothing to take).
  const taken = token === "ok" ? (record[TOKEN_FIELD] as string) : null;
  if (taken !== null && !(await claimFormToken(services.db, taken))) return { kind: "replayed" };
  const store = stores[name] as Store<SubmissionName> | undefined;
  try {
    const { id } = store
      ? await store(services, parsed.data as never, new Date(), { file: options.file, client: options.client })
      : { id: await insertRecord(services.db, submissionKinds[name], parsed.data as Record<string, unknown>, new Date()) };
    return { id, kind: "stored" };
  } catch (error) {
    // Nothing was stored: the same form may be sent again (without the CV, when that was refused).
    if (taken !== null) await releaseFormToken(services.db, taken).catch(() => undefined);
    if (!(error instanceof CvRefusal)) throw error;
    const field = (submissionKinds[name] as SubmissionKind).upload?.field ?? "cv";
    return { kind: "cv-refused", status: error.status, field, message: error.fieldMessage, retryAfter: error.retryAfter };
  }
}
