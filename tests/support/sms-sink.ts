/**
 * A local HTTP server standing in for Twilio's Messages API: it records each
 * request the way Twilio would receive it, lists what it took (newest first,
 * filtered by To and From) as Twilio's list call does, and can be told to fail.
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
  sid: string;
  /** When it was taken, as Twilio says it (RFC 2822). */
  dateCreated: string;
}

export class SmsSink {
  readonly messages: ReceivedSms[] = [];
  /** When each text refused because of `failWith` was asked for (Date.now()). */
  readonly refusedAt: number[] = [];
  /** How many times the site asked for its list of texts (after a send a killed process may have made). */
  lookups = 0;
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
    const listMatch = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json\?/.exec(req.url ?? "");
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      res.setHeader("content-type", "application/json");
      if (req.method === "GET" && listMatch) {
        this.lookups++;
        const query = new URL(req.url ?? "", "http://sink").searchParams;
        const listed = this.messages
          .filter((m) => m.accountSid === decodeURIComponent(listMatch[1]!) && (!query.has("To") || m.to === query.get("To")) && (!query.has("From") || m.from === query.get("From")))
          .reverse()
          .slice(0, Number(query.get("PageSize") ?? 50))
          .map((m) => ({ sid: m.sid, to: m.to, from: m.from, body: m.body, date_created: m.dateCreated, status: "sent" }));
        return res.end(JSON.stringify({ messages: listed, page: 0, page_size: listed.length }));
      }
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
      const sid = `SM${(this.messages.length + 1).toString().padStart(32, "0")}`;
      this.messages.push({
        sid,
        dateCreated: new Date().toUTCString(),
        to: form.get("To") ?? "",
        from: form.get("From") ?? "",
        body: form.get("Body") ?? "",
        accountSid: decodeURIComponent(match[1]!),
        authorization: req.headers.authorization ?? "",
        idempotencyKey: req.headers["idempotency-key"] as string | undefined,
      });
      res.statusCode = 201;
      res.end(JSON.stringify({ sid, status: "queued" }));
    });
  }
}
