import { expect } from "@playwright/test";
import { inspectUrl } from "./ports";

export interface InboxEmail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The whole message as it arrived (MIME), for the parts the fields above leave out: a calendar file. */
  raw: string;
}
export interface InboxText {
  to: string;
  body: string;
}

/** Everything the site has sent to the local SMTP server and the Twilio stand-in so far (tests/support/e2e-sinks.ts). */
export async function readInbox(): Promise<{ emails: InboxEmail[]; texts: InboxText[] }> {
  const response = await fetch(inspectUrl);
  const caught = (await response.json()) as { mail: InboxEmail[]; sms: InboxText[] };
  return { emails: caught.mail, texts: caught.sms };
}

export async function waitForEmail(match: (email: InboxEmail) => boolean): Promise<InboxEmail> {
  let found: InboxEmail | undefined;
  await expect.poll(async () => (found = (await readInbox()).emails.find(match)), { timeout: 15_000 }).toBeDefined();
  return found!;
}

export async function waitForText(match: (text: InboxText) => boolean): Promise<InboxText> {
  let found: InboxText | undefined;
  await expect.poll(async () => (found = (await readInbox()).texts.find(match)), { timeout: 15_000 }).toBeDefined();
  return found!;
}
