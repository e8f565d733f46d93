/**
 * A real SMTP server for tests (smtp-server), keeping every message it
 * receives. It can be stopped and started again on the same port to play an
 * outage.
 */
import type { AddressInfo } from "node:net";
import PostalMime, { type Email } from "postal-mime";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  outboxId: string;
  replyTo: string | undefined;
  raw: string;
}

export class SmtpSink {
  readonly messages: ReceivedMail[] = [];
  /** Recipients this server refuses for good (550, no such mailbox). */
  readonly refused = new Set<string>();
  private server: SMTPServer | undefined;
  port = 0;

  /** Starts listening (on the previous port when restarted). */
  async start(): Promise<void> {
    const server = new SMTPServer({
      disabledCommands: ["STARTTLS"],
      authOptional: true,
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (!this.refused.has(address.address)) return callback();
        callback(Object.assign(new Error("No such mailbox here"), { responseCode: 550 }));
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          PostalMime.parse(raw)
            .then((email: Email) => {
              const header = (name: string) => email.headers.find((h) => h.key === name)?.value ?? "";
              this.messages.push({
                from: email.from?.address ?? "",
                to: session.envelope.rcptTo.map((r) => r.address),
                subject: email.subject ?? "",
                text: email.text ?? "",
                html: email.html ?? "",
                messageId: email.messageId ?? "",
                outboxId: header("x-outbox-id"),
                replyTo: email.replyTo?.[0]?.address,
                raw,
              });
              callback();
            })
            .catch(callback);
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => {
        server.off("error", reject);
        // A client that vanishes mid-session (a site killed with SIGKILL) resets its connection:
        // that message was not received, which the counts show; it must not stop the server.
        server.on("error", () => undefined);
        resolve();
      });
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops listening and drops open connections: the mail server is down. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}?ignoreTLS=true`;
  }
}
