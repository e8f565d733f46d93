/**
 * Outbox rows for tests that put messages in the database themselves (the
 * purge, the private files), and the wait for a test's messages to go out
 * before the next test starts.
 */
import type { Db } from "~/.server/db/schema";
import type { OutboxMessage } from "~/.server/outbox/outbox.server";
import { waitFor } from "./wait";

/** A message row as the outbox stores it: an email to someone@example.com, sent once, at `at`; `fields` set the rest. */
export function outboxRow(id: string, at: string, fields: Partial<OutboxMessage> = {}): OutboxMessage {
  return {
    id,
    channel: "email",
    template: "t",
    recipient: "someone@example.com",
    recipient_key: "someone@example.com",
    trigger: "visitor",
    client_key: null,
    subject: "s",
    body_text: "b",
    body_html: null,
    reply_to: null,
    held_reason: null,
    digest_id: null,
    interrupted_at: null,
    render_on_send: 0,
    status: "sent",
    attempts: 1,
    next_attempt_at: at,
    locked_until: null,
    locked_by: null,
    last_error: null,
    provider_id: null,
    held_until: null,
    related_type: null,
    related_id: null,
    created_at: at,
    updated_at: at,
    sent_at: null,
    ...fields,
  };
}

/** Lets this test's messages finish going out (so none arrives during the next), then empties the outbox and `tables`. */
export async function drainOutboxAndClear(db: Db, tables: readonly Parameters<Db["deleteFrom"]>[0][] = []): Promise<void> {
  await waitFor("the outbox to drain", async () => {
    const busy = await db.selectFrom("outbox_messages").select("id").where("status", "in", ["pending", "sending"]).execute();
    return busy.length === 0;
  });
  await db.deleteFrom("outbox_messages").execute();
  for (const table of tables) await db.deleteFrom(table).execute();
}
