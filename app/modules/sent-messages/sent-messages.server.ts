/**
 * What the site has sent, for the staff: every email and text in the outbox,
 * newest first, with why one is waiting, failed or was not sent, and "send
 * again" for one that failed. The outbox rows follow the retention of the
 * records they belong to (app/modules/privacy/purge.server.ts).
 */
import type { Selection } from "kysely";
import type { Database, Db } from "~/.server/db/schema";
import { recordAudit, recordLook, type Actor } from "~/modules/audit/audit.server";
import { headline, SENT_LIST_LIMIT, statusesOf, type SentFilter } from "./sent-message-views";

export const OUTBOX_SUBJECT = "outbox-message";

/** The columns a message is read with: the list's and the one message's. */
const COLUMNS = ["id", "channel", "template", "recipient", "subject", "body_text", "status", "attempts", "last_error", "created_at", "sent_at", "next_attempt_at", "held_until"] as const;

/**
 * A message as staff read it: `headline`, the email's subject or the text's first line; `reason`, why it failed or
 * was not sent, or the last error of a retry in progress; `text`, the words as sent (or as they will go), empty for
 * one written only when it goes.
 */
function sentMessage({ subject, body_text, last_error, held_until, ...row }: Selection<Database, "outbox_messages", (typeof COLUMNS)[number]>) {
  return { ...row, subject, text: body_text, headline: headline({ channel: row.channel, subject, body_text }), reason: last_error, heldUntil: held_until };
}

export async function listSentMessages(db: Db, filter: SentFilter, limit = SENT_LIST_LIMIT) {
  const rows = await db
    .selectFrom("outbox_messages")
    .select(COLUMNS)
    .where("status", "in", statusesOf[filter])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(sentMessage);
}

export async function countSentMessages(db: Db, filter: SentFilter): Promise<number> {
  const { n } = await db
    .selectFrom("outbox_messages")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("status", "in", statusesOf[filter])
    .executeTakeFirstOrThrow();
  return Number(n);
}

export type SendAgainResult = "queued" | "not-found" | "not-failed";

/**
 * Puts a failed message back in the queue, to be sent at once with a fresh
 * set of attempts. Only a failed one: a message still waiting is already
 * queued, and a sent one is not sent twice. An id not shaped like a message's (a UUID) is not found.
 */
export async function sendAgain(db: Db, actor: Actor, id: string, now = new Date()): Promise<SendAgainResult> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return "not-found";
  const at = now.toISOString();
  return db.transaction().execute(async (trx): Promise<SendAgainResult> => {
    const updated = await trx
      .updateTable("outbox_messages")
      .set({ status: "pending", attempts: 0, next_attempt_at: at, locked_by: null, locked_until: null, updated_at: at })
      .where("id", "=", id)
      .where("status", "=", "failed")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      const found = await trx.selectFrom("outbox_messages").select("id").where("id", "=", id).executeTakeFirst();
      return found ? "not-failed" : "not-found";
    }
    await recordAudit(trx, { actor: actor.name, action: "sent-again", subjectType: OUTBOX_SUBJECT, subjectId: id }, now);
    return "queued";
  });
}

/** One message as it was sent, for staff to read from "Messages sent"; undefined when there is none by that id (or it is no UUID). */
export async function getSentMessage(db: Db, id: string) {
  const row = /^[0-9a-f-]{36}$/.test(id) ? await db.selectFrom("outbox_messages").select(COLUMNS).where("id", "=", id).executeTakeFirst() : undefined;
  return row && sentMessage(row);
}

/** Reading a message's words is a look at personal data: it goes to the audit trail like opening an applicant. */
export function recordMessageRead(db: Db, actor: Actor, id: string, now = new Date()) {
  return recordLook(db, { actor: actor.name, action: "viewed", subjectType: OUTBOX_SUBJECT, subjectId: id }, now);
}
