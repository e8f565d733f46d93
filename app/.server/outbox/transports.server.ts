/**
 * How messages leave: email over SMTP (or to .eml files when no SMTP server is
 * configured), text messages through Twilio's Messages API (or to the log).
 */
import { ensurePrivateDir, writePrivateFile } from "../private-files.server";
import path from "node:path";
import nodemailer from "nodemailer";
import { maskPhone } from "~/utils/phone";
import type { Config } from "../config.server";
import type { Logger } from "../logger.server";
import type { OutboxMessage } from "./outbox.server";

export interface Delivery {
  /** The provider's id for the message (SMTP message id, Twilio SID). */
  providerId?: string;
}

/** What a message carries beyond its stored bodies, made by the worker as it sends it. */
export interface DeliveryExtras {
  /** An RFC 5545 calendar (METHOD:REQUEST or CANCEL): the email carries it as its text/calendar part (an invitation, its move or its cancellation). */
  calendar?: string;
}

export interface Transport {
  readonly name: string;
  send(message: OutboxMessage, extras?: DeliveryExtras): Promise<Delivery>;
  /**
   * For a message whose earlier send may have been cut off (the process died between the provider taking it
   * and the outbox recording it): the provider's record of it when it already has it, else null. Only a
   * provider that can be asked has this; SMTP cannot be (decision 0021).
   */
  findSent?(message: OutboxMessage, since: Date): Promise<Delivery | null>;
  close?(): void;
}

/** A failure that no retry can mend (an address the server refuses, a number that does not exist). */
export class PermanentDeliveryError extends Error {}

export function createEmailTransport(config: Config, from: string, logger: Logger): Transport {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? "localhost";
  const envelope = (message: OutboxMessage, extras: DeliveryExtras = {}) => ({
    from,
    to: message.recipient,
    replyTo: message.reply_to ?? undefined,
    subject: message.subject ?? "",
    text: message.body_text,
    html: message.body_html ?? undefined,
    // Made from the outbox id: copies of a send retried after an uncertain outcome carry the same id, and mail systems treat them as one.
    messageId: `<${message.id}@${domain}>`,
    headers: { "X-Outbox-Id": message.id },
    // nodemailer adds it as the text/calendar alternative (method=REQUEST or CANCEL, as the file says) that mail programs offer to add to a calendar.
    icalEvent: extras.calendar ? { method: calendarMethod(extras.calendar), filename: "invitation.ics", content: extras.calendar } : undefined,
  });

  if (!config.smtpUrl) {
    const dir = path.join(config.dataDir, "mail");
    const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
    return {
      name: "email:file",
      async send(message, extras) {
        const info = await writer.sendMail(envelope(message, extras));
        await ensurePrivateDir(dir);
        const file = path.join(dir, `${message.created_at.replace(/[:.]/g, "-")}-${message.template}-${message.id}.eml`);
        await writePrivateFile(file, info.message as Buffer);
        logger.info({ file, template: message.template }, "email written to disk (no SMTP_URL set)");
        return { providerId: info.messageId };
      },
    };
  }

  // nodemailer reads options from the URL's query; unless the URL says otherwise, give up on a
  // silent server within 20 s (well inside the worker's claim). One connection per message is
  // plenty at a salon's volume, and a dropped connection can never strand a pool.
  const url = new URL(config.smtpUrl);
  const defaults = [["connectionTimeout", "10000"], ["greetingTimeout", "10000"], ["socketTimeout", "20000"]] as const;
  for (const [key, value] of defaults) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  }
  const smtp = nodemailer.createTransport(url.toString());
  return {
    name: "email:smtp",
    async send(message, extras) {
      try {
        const info = await smtp.sendMail(envelope(message, extras));
        return { providerId: info.messageId };
      } catch (error) {
        const e = error as { responseCode?: number; command?: string; message: string };
        // A 5xx answer to the recipient is final (no such mailbox); anything else may pass later.
        if (e.responseCode && e.responseCode >= 500 && /RCPT/i.test(e.command ?? "")) {
          throw new PermanentDeliveryError(`SMTP refused the recipient: ${e.responseCode} ${e.message}`);
        }
        throw error;
      }
    },
    close: () => smtp.close(),
  };
}

export function createSmsTransport(config: Config, logger: Logger): Transport {
  if (config.sms.transport === "log") {
    const dir = path.join(config.dataDir, "sms");
    return {
      name: "sms:log",
      async send(message) {
        await ensurePrivateDir(dir);
        await writePrivateFile(path.join(dir, `${message.created_at.replace(/[:.]/g, "-")}-${message.id}.txt`), `To: ${message.recipient}\n\n${message.body_text}\n`);
        logger.info({ to: maskPhone(message.recipient), template: message.template }, "text message logged (SMS_TRANSPORT=log)");
        return { providerId: `log-${message.id}` };
      },
    };
  }

  const { accountSid, authToken, from, apiBase } = config.sms;
  const url = `${apiBase}/2010-04-01/Accounts/${encodeURIComponent(accountSid!)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
  return {
    name: "sms:twilio",
    async findSent(message, since) {
      // Twilio lists an account's messages newest first; these filters narrow it to one sender and number.
      const query = new URLSearchParams({ To: message.recipient, From: from!, PageSize: "50" });
      const response = await fetch(`${url}?${query}`, { headers: { authorization }, signal: AbortSignal.timeout(15_000) });
      if (!response.ok) throw new Error(`Twilio answered ${response.status} when asked whether the text was already sent`);
      const { messages = [] } = (await response.json()) as { messages?: { sid: string; body: string; date_created: string }[] };
      // Clocks differ a little: a minute's grace before the claim that may have sent it.
      const found = messages.find((m) => m.body === message.body_text && Date.parse(m.date_created) >= since.getTime() - 60_000);
      return found ? { providerId: found.sid } : null;
    },
    async send(message) {
      const response = await fetch(url, {
        method: "POST",
        headers: {
          authorization,
          "content-type": "application/x-www-form-urlencoded",
          // Twilio does not yet dedupe on this, but providers that do will, and it marks retries in their logs.
          "idempotency-key": message.id,
        },
        body: new URLSearchParams({ To: message.recipient, From: from!, Body: message.body_text }),
        signal: AbortSignal.timeout(15_000),
      });
      const body = (await response.json().catch(() => ({}))) as { sid?: string; message?: string; code?: number };
      if (response.ok) return { providerId: body.sid };
      const reason = `Twilio answered ${response.status}${body.code ? ` (code ${body.code})` : ""}: ${body.message ?? response.statusText}`;
      // 400 and 404 mean this message can never go as it is (a bad number, a blocked recipient).
      // 401/403 (credentials), 429 and 5xx may mend themselves or be mended: try again later.
      if (response.status === 400 || response.status === 404) throw new PermanentDeliveryError(reason);
      throw new Error(reason);
    },
  };
}

/** The METHOD an RFC 5545 calendar names (REQUEST when it names none): the MIME part must say the same. */
export function calendarMethod(calendar: string): string {
  return /^METHOD:([A-Z-]+)\r?$/m.exec(calendar)?.[1] ?? "REQUEST";
}
