/**
 * `npm run bench:faults`: the site under a steady load of form posts while its
 * mail server goes down and comes back, and the site itself restarts. Reports
 * what was accepted, queued, sent, failed, duplicated and lost; the last three
 * must be 0 (exit code 1 otherwise).
 *
 *   npm run bench:faults -- [seconds=40] [postsPerSecond=15]
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { SmtpSink } from "../tests/support/smtp-sink";

const seconds = Number(process.argv[2] ?? 40);
const rate = Number(process.argv[3] ?? 15);
const port = 3600 + Math.floor(Math.random() * 300);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bha-faults-"));
const base = `http://127.0.0.1:${port}`;

const smtp = new SmtpSink();
await smtp.start();

function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      LOG_LEVEL: "error",
      OUTBOX_POLL_MS: "200",
      OUTBOX_RETRY_BASE_MS: "500",
      RATE_LIMIT_PER_MINUTE: "100000",
      RATE_LIMIT_PER_HOUR: "1000000",
      VISITOR_MESSAGES_PER_HOUR: "100000000",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 120_000;
    const poll = () =>
      fetch(`${base}/api/levels`)
        .then(() => resolve(child))
        .catch(() => (Date.now() > deadline ? reject(new Error("server did not start")) : setTimeout(poll, 100)));
    poll();
  });
}

const stopServer = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    child.once("exit", resolve);
    child.kill("SIGTERM");
  });

const log = (message: string) => console.log(`${((Date.now() - started) / 1000).toFixed(1).padStart(5)}s  ${message}`);

let server = await startServer();
const started = Date.now();
const counts = { posted: 0, accepted: 0, refused: 0, errors: 0 };
let n = 0;

async function postOne() {
  const i = ++n;
  counts.posted++;
  try {
    const response = await fetch(`${base}/api/sendMessage`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: `Visitor ${i}`, email: `visitor${i}@example.com`, message: `Fault test message ${i}` }),
    });
    if (response.status === 201) counts.accepted++;
    else counts.errors++;
  } catch {
    counts.refused++; // the server was restarting: nothing was stored, and the visitor's page says so
  }
}

const at = (fraction: number) => started + fraction * seconds * 1000;
const schedule = [
  { when: at(0.2), what: "mail server stopped", run: () => smtp.stop() },
  {
    when: at(0.45),
    what: "site restarted (SIGTERM, then start)",
    run: async () => {
      await stopServer(server);
      server = await startServer();
    },
  },
  { when: at(0.7), what: "mail server started again", run: () => smtp.start() },
];

log(`load: ${rate} contact-form posts a second for ${seconds}s; mail server on ${smtp.port}`);
const inFlight = new Set<Promise<void>>();
const timer = setInterval(() => {
  const p = postOne().finally(() => inFlight.delete(p));
  inFlight.add(p);
}, 1000 / rate);
for (const step of schedule) {
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, step.when - Date.now())));
  log(step.what);
  await step.run();
}
await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + seconds * 1000 - Date.now())));
clearInterval(timer);
await Promise.all(inFlight);
log(`load finished: ${counts.accepted} accepted; waiting for the outbox to drain`);

const db = new SQLite(path.join(dataDir, "base.sqlite"), { readonly: true });
const status = () =>
  Object.fromEntries(
    (db.prepare("select status, count(*) as n from outbox_messages group by status").all() as { status: string; n: number }[]).map((r) => [r.status, r.n]),
  ) as Record<string, number>;
const drainDeadline = Date.now() + 120_000;
while (((status().pending ?? 0) > 0 || (status().sending ?? 0) > 0) && Date.now() < drainDeadline) {
  await new Promise((resolve) => setTimeout(resolve, 250));
}
await new Promise((resolve) => setTimeout(resolve, 500));

const final = status();
const stored = (db.prepare("select count(*) as n from contact_messages").get() as { n: number }).n;
const queuedIds = new Set((db.prepare("select id from outbox_messages").all() as { id: string }[]).map((r) => r.id));
const received = smtp.messages.map((m) => m.outboxId);
const duplicated = received.length - new Set(received).size;
const lost = [...queuedIds].filter((id) => !received.includes(id)).length;
const maxAttempts = (db.prepare("select max(attempts) as n from outbox_messages").get() as { n: number }).n;
db.close();
await stopServer(server);
await smtp.stop();
fs.rmSync(dataDir, { recursive: true, force: true });

const report = {
  "posts sent": counts.posted,
  "accepted (201)": counts.accepted,
  "refused while restarting": counts.refused,
  "other answers": counts.errors,
  "contact messages stored": stored,
  "messages queued": queuedIds.size,
  "messages sent": final.sent ?? 0,
  "messages failed": final.failed ?? 0,
  "messages still waiting": (final.pending ?? 0) + (final.sending ?? 0),
  "emails received": received.length,
  "duplicated": duplicated,
  "lost": lost,
  "most attempts for one message": maxAttempts,
};
console.table(report);
const ok = report["messages failed"] === 0 && duplicated === 0 && lost === 0 && stored === counts.accepted && report["messages still waiting"] === 0;
console.log(ok ? "PASS: nothing failed, lost or duplicated." : "FAIL: see the table above.");
process.exit(ok ? 0 : 1);
