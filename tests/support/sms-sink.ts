/**
 * A local HTTP server standing in for Twilio's Messages API: it records each
 * request the way Twilio would receive it, and can be told to fail.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedSms {
  to: string;
  from: string;
  body: string;
  accountSid: string;
  authorization: string;
  idempotencyKey: string | undefined;
}

export class SmsSink {
  readonly messages: ReceivedSms[] = [];
  /** When each text refused because of `failWith` was asked for (Date.now()). */
  readonly refusedAt: number[] = [];
  /** Answer with this status instead of 201 (e.g. 503 for an outage, 400 for a bad number). */
  failWith: number | undefined;
  private readonly server = http.createServer((req, res) => this.handle(req, res));
  port = 0;

  async start(): Promise<void> {
    // Port 0 (the default) picks a free port; set `port` first to listen on a known one.
    await new Promise<void>((resolve) => this.server.listen(this.port, "127.0.0.1", resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  get apiBase(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The environment that points the site's Twilio transport here. */
  get env(): Record<string, string> {
    return {
      SMS_TRANSPORT: "twilio",
      TWILIO_ACCOUNT_SID: "AC_test_account",
      TWILIO_AUTH_TOKEN: "test-token",
      TWILIO_FROM: "+447700900999",
      TWILIO_API_BASE: this.apiBase,
    };
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(req.url ?? "");
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      res.setHeader("content-type", "application/json");
      if (req.method !== "POST" || !match) {
        res.statusCode = 404;
        return res.end(JSON.stringify({ code: 20404, message: "The requested resource was not found" }));
      }
      if (this.failWith) {
        this.refusedAt.push(Date.now());
        res.statusCode = this.failWith;
        return res.end(JSON.stringify({ code: this.failWith === 400 ? 21211 : 20500, message: "Refused by the test" }));
      }
      const form = new URLSearchParams(body);
      this.messages.push({
        to: form.get("To") ?? "",
        from: form.get("From") ?? "",
        body: form.get("Body") ?? "",
        accountSid: decodeURIComponent(match[1]!),
        authorization: req.headers.authorization ?? "",
        idempotencyKey: req.headers["idempotency-key"] as string | undefined,
      });
      res.statusCode = 201;
      res.end(JSON.stringify({ sid: `SM${this.messages.length.toString().padStart(32, "0")}`, status: "queued" }));
    });
  }
}
