/**
 * The bounds on the CVs the public may store (issue 31; api-contract.md,
 * "Applicant desk"): all stored CVs together at most CV_STORAGE_MB, and at
 * most CVS_PER_NETWORK_PER_DAY from one client network a day. Both are
 * counted inside the transaction that stores the CV, so requests arriving at
 * once can never pass them together: on PostgreSQL the transaction takes the
 * CVs' advisory lock before it counts, and SQLite has one writer at a time
 * (this transaction holds the write lock from the application's insert
 * before it counts). A refusal throws CvRefusal, which rolls the whole
 * application back: nothing is stored. Past the storage cap a manager is
 * told, once a day (the day's claim is a row in the database, so two
 * instances send one alert).
 */
import { Text } from "@react-email/components";
import { sql } from "kysely";
import type { Engine } from "~/.server/db/database.server";
import type { Db } from "~/.server/db/schema";
import { EmailLayout, text, type EmailBrand } from "~/.server/email/layout";
import { renderEmail } from "~/.server/email/render.server";
import { enqueue, type MessageCaps } from "~/.server/outbox/outbox.server";
import { hit } from "~/.server/rate-limit.server";
import { safeFileName, sizeText } from "~/modules/uploads/file-kinds";
import type { SentFile } from "./judge-file.server";

/** At most this many CVs a day from one client network (an IPv6 /64, an IPv4 address). */
export const CVS_PER_NETWORK_PER_DAY = 5;
const DAY_MS = 86_400_000;

/** Beside the CV field when the CVs stored together have reached CV_STORAGE_MB (413). */
export const CV_STORAGE_FULL_MESSAGE =
  "We can't take CVs online at the moment. Please send your application without one: remove the file and send it again. We'll ask for your CV if we need it.";
/** Beside the CV field when one network has sent its day's CVs (429). */
export const CV_PER_NETWORK_MESSAGE = `We've already had ${CVS_PER_NETWORK_PER_DAY} CVs from your network today. Please send your application without one, or send it with your CV tomorrow.`;

export const CV_STORAGE_ALERT_TEMPLATE = "cv-storage-full";

/** A CV refused by the bounds above: the status, the words beside the field, and when to try again (429). */
export class CvRefusal extends Error {
  constructor(
    readonly reason: "storage-full" | "per-network",
    readonly status: 413 | 429,
    readonly fieldMessage: string,
    readonly retryAfter?: number,
  ) {
    super(`CV refused: ${reason}`);
    this.name = "CvRefusal";
  }
}

/** What the CV's bounds need: the engine (for its lock) and the cap in bytes (CV_STORAGE_MB). */
export interface CvBounds {
  engine: Engine;
  cvStorageBytes: number;
}

/** All the CVs stored now, in bytes. */
export async function storedCvBytes(db: Db): Promise<number> {
  const { total } = await db
    .selectFrom("applicant_cvs")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>("size"), sql<number>`0`).as("total"))
    .executeTakeFirstOrThrow();
  return Number(total);
}

/**
 * Stores `cv` as applicant `applicantId`'s, within the bounds, in the caller's
 * transaction `trx` (the one that stores the application); throws CvRefusal
 * past them. `client`: the request's client key (its network), as every
 * per-client limit counts it.
 */
export async function storeCvWithinBounds(trx: Db, bounds: CvBounds, applicantId: number, cv: SentFile, client: string, now: Date): Promise<void> {
  // One CV counted and stored at a time, until this transaction ends: two at once cannot both fit in the last room.
  if (bounds.engine === "postgres") await sql`select pg_advisory_xact_lock(hashtext('base-hair-academy:cv-storage'))`.execute(trx);
  // Counted only when stored: a refused application (this one, below) rolls its count back with it.
  const perNetwork = await hit(trx, { name: "cv-per-day", windowMs: DAY_MS, max: CVS_PER_NETWORK_PER_DAY }, client, now);
  if (!perNetwork.allowed) throw new CvRefusal("per-network", 429, CV_PER_NETWORK_MESSAGE, perNetwork.retryAfter);
  await refuseCvWhenFull(trx, bounds, cv);
  await trx
    .insertInto("applicant_cvs")
    .values({ applicant_id: applicantId, file_name: safeFileName(cv.name, cv.kind), kind: cv.kind, size: cv.bytes.length, bytes: cv.bytes, created_at: now.toISOString() })
    .execute();
}

/** Throws the storage refusal when `cv` would not fit now: a cheap first look, before the application's work. */
export async function refuseCvWhenFull(db: Db, bounds: Pick<CvBounds, "cvStorageBytes">, cv: SentFile): Promise<void> {
  if ((await storedCvBytes(db)) + cv.bytes.length > bounds.cvStorageBytes) throw new CvRefusal("storage-full", 413, CV_STORAGE_FULL_MESSAGE);
}

interface AlertServices {
  db: Db;
  brand: EmailBrand;
  settings: { mail: { staffNotify: string } };
  outbox: { wake(): void };
  config: MessageCaps & Pick<CvBounds, "cvStorageBytes">;
}

function StorageFull({ brand, stored, cap }: { brand: EmailBrand; stored: string; cap: string }) {
  return (
    <EmailLayout brand={brand} preview="The site is refusing CVs">
      <Text style={text}>
        The CVs applicants have sent now fill the room set aside for them ({stored} of {cap}, CV_STORAGE_MB). Until there is room again, the join-us form
        asks applicants to send their application without a CV; applications themselves still arrive.
      </Text>
      <Text style={text}>
        To make room, erase applicants you no longer need on the staff desk (their CVs go with them), or ask whoever runs the site to raise CV_STORAGE_MB
        if the disk has space. This email is sent at most once a day.
      </Text>
    </EmailLayout>
  );
}

/**
 * Tells the staff (STAFF_NOTIFY_EMAIL) that CVs are being refused, once a day:
 * the day's claim is counted in the same transaction that queues the alert,
 * so of two instances refusing at once only one queues it, and a failure to
 * queue leaves the day unclaimed. True when this call queued it.
 */
export async function alertCvStorageFull(services: AlertServices, now = new Date()): Promise<boolean> {
  const { db, brand, config } = services;
  const queued = await db.transaction().execute(async (trx) => {
    const claim = await hit(trx, { name: CV_STORAGE_ALERT_TEMPLATE, windowMs: DAY_MS, max: 1 }, "site", now);
    if (!claim.allowed) return false;
    const stored = sizeText(await storedCvBytes(trx));
    const email = await renderEmail("CVs are being refused: their storage is full", <StorageFull brand={brand} stored={stored} cap={sizeText(config.cvStorageBytes)} />);
    const day = now.toISOString().slice(0, 10);
    await enqueue(
      trx,
      { channel: "email", to: services.settings.mail.staffNotify, template: CV_STORAGE_ALERT_TEMPLATE, trigger: "staff-alert", related: { type: CV_STORAGE_ALERT_TEMPLATE, id: day }, ...email },
      config,
      now,
    );
    return true;
  });
  if (queued) services.outbox.wake();
  return queued;
}
