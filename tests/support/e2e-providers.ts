/**
 * The outside world for browser tests, as one process that Playwright starts
 * beside the site: a real SMTP server, a stand-in for Twilio's Messages API,
 * and an inbox that tests read over HTTP (GET /inbox) to find what was sent.
 *
 *   tsx tests/support/e2e-providers.ts <smtpPort> <twilioPort> <inboxPort>
 */
import http from "node:http";
import { SmsSink } from "./sms-sink";
import { SmtpSink } from "./smtp-sink";

const [smtpPort, twilioPort, inboxPort] = process.argv.slice(2).map(Number);
if (!smtpPort || !twilioPort || !inboxPort) throw new Error("usage: e2e-providers <smtpPort> <twilioPort> <inboxPort>");

const smtp = new SmtpSink();
smtp.port = smtpPort;
await smtp.start();
const sms = new SmsSink();
await sms.start(twilioPort);

http
  .createServer((req, res) => {
    res.setHeader("content-type", "application/json");
    if (req.url === "/inbox") {
      return res.end(JSON.stringify({ emails: smtp.messages.map(({ raw: _raw, ...m }) => m), texts: sms.messages }));
    }
    res.statusCode = 404;
    res.end("{}");
  })
  .listen(inboxPort, "127.0.0.1", () => console.log(`providers ready: smtp ${smtpPort}, twilio ${twilioPort}, inbox ${inboxPort}`));
