/**
 * Storing and listing marketing consents. A row only when a box was ticked:
 * who (name, and the email or mobile they agreed to be contacted on), when,
 * on which form, and the words of each ticked box as shown.
 */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/.server/db/schema";
import { CONSENT_SOURCES, MARKETING_WORDS, type ConsentSource, type MarketingChoices } from "./consent-words";

export interface ConsentGiven {
  source: ConsentSource;
  name: string;
  email: string | null;
  mobile: string | null;
  choices: MarketingChoices;
}

/** Records the visitor's choices; nothing when both boxes were left empty. Returns whether a row was written. */
export async function recordMarketingConsent(db: Kysely<Database> | Transaction<Database>, given: ConsentGiven, now = new Date()): Promise<boolean> {
  const { marketing_email: byEmail, marketing_sms: bySms } = given.choices;
  if (!byEmail && !bySms) return false;
  await db
    .insertInto("marketing_consents")
    .values({
      given_at: now.toISOString(),
      source: given.source,
      name: given.name,
      email: byEmail ? given.email : null,
      mobile: bySms ? given.mobile : null,
      email_agreed: byEmail ? 1 : 0,
      sms_agreed: bySms ? 1 : 0,
      email_words: byEmail ? MARKETING_WORDS.email : null,
      sms_words: bySms ? MARKETING_WORDS.sms : null,
    })
    .execute();
  return true;
}

/** Every consent, newest first. */
export async function listMarketingConsents(db: Kysely<Database>) {
  const rows = await db.selectFrom("marketing_consents").selectAll().orderBy("given_at", "desc").orderBy("id", "desc").execute();
  return rows.map((r) => ({
    id: r.id,
    givenAt: r.given_at,
    source: r.source,
    sourceLabel: CONSENT_SOURCES[r.source as ConsentSource] ?? r.source,
    name: r.name,
    email: r.email,
    mobile: r.mobile,
    emailAgreed: r.email_agreed === 1,
    smsAgreed: r.sms_agreed === 1,
    emailWords: r.email_words,
    smsWords: r.sms_words,
  }));
}

/** The list as a table for a CSV file (with its header line): one line per consent, with the words agreed to. */
export function marketingConsentsTable(rows: Awaited<ReturnType<typeof listMarketingConsents>>): string[][] {
  return [
    ["Given at (UTC)", "Form", "Name", "Email offers", "Email", "Text offers", "Mobile", "Email words shown", "Text words shown"],
    ...rows.map((r) => [
      r.givenAt,
      r.sourceLabel,
      r.name,
      r.emailAgreed ? "yes" : "no",
      r.email ?? "",
      r.smsAgreed ? "yes" : "no",
      r.mobile ?? "",
      r.emailWords ?? "",
      r.smsWords ?? "",
    ]),
  ];
}

/** Deletes a consent (the person asked to stop). Returns whether there was one. */
export async function removeMarketingConsent(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom("marketing_consents").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
