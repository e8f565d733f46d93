import { expect } from "@playwright/test";
import { providerPorts } from "../../../playwright.config";

export interface InboxEmail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}
export interface InboxText {
  to: string;
  from: string;
  body: string;
}

/** Everything the site has sent to the local SMTP server and the Twilio stand-in so far. */
export async function readInbox(): Promise<{ emails: InboxEmail[]; texts: InboxText[] }> {
  const response = await fetch(`http://127.0.0.1:${providerPorts.inbox}/inbox`);
  return (await response.json()) as { emails: InboxEmail[]; texts: InboxText[] };
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
