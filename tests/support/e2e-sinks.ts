/**
 * The browser tests' mail and text-message catchers, run by Playwright as a
 * second web server (playwright.config.ts): a real SMTP server and a local
 * Twilio stand-in on known ports, and GET /messages to read what arrived.
 *
 *   node --import tsx tests/support/e2e-sinks.ts <smtp port> <sms port> <inspect port>
 */
import http from "node:http";
import { SmsSink } from "./sms-sink";
import { SmtpSink } from "./smtp-sink";

const [smtpPort, smsPort, inspectPort] = process.argv.slice(2).map(Number);
if (!smtpPort || !smsPort || !inspectPort) throw new Error("usage: e2e-sinks.ts <smtp port> <sms port> <inspect port>");

const smtp = new SmtpSink();
smtp.port = smtpPort;
await smtp.start();
const sms = new SmsSink();
sms.port = smsPort;
await sms.start();

http
  .createServer((req, res) => {
    res.setHeader("content-type", "application/json");
    if (req.url !== "/messages") {
      res.statusCode = 404;
      return res.end("{}");
    }
    res.end(
      JSON.stringify({
        mail: smtp.messages.map(({ to, subject, text, html, raw }) => ({ to, subject, text, html, raw })),
        sms: sms.messages.map(({ to, body }) => ({ to, body })),
      }),
    );
  })
  .listen(inspectPort, "127.0.0.1");

const stop = async () => {
  await smtp.stop();
  await sms.stop();
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
