/**
 * `npm run bench:scale`: two instances of the site on one fresh PostgreSQL
 * database, as behind a load balancer (docs/scaling.md), both under a steady load
 * of quote saves and form posts, and checks what must hold across them:
 *   1. a staff member signed in on one instance is signed in on the other, and
 *      signing out on the other ends the session on the first;
 *   2. notes two staff write at once through both instances all survive;
 *   3. the per-address rate limit counts posts to both instances together;
 *   4. with both outbox workers running, every message is delivered exactly once;
 *   5. a studio change made through A is served by B within 2 s, and by A at
 *      once (decision record 0054);
 *   6. a visitor's content page makes no database query: the transactions
 *      PostgreSQL counts (pg_stat_database) during a burst of page requests,
 *      less those of a quiet window as long, per request.
 * Prints the figures and exits 1 if any check fails.
 *
 *   npm run bench:scale -- [--seconds=30] [--rate=8] [--notes=30] [--pages=3000]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { STAFF, StaffClient, staffAccountsEnv } from "../tests/support/staff-client";
import { args, benchDatabase, drainOutbox, sleep, startSinks, startSite, steadyLoad, tally, type SiteProcess } from "./bench-support";

const options = args();
const seconds = Number(options.get("seconds") ?? 30);
const rate = Number(options.get("rate") ?? 8);
const notesEach = Number(options.get("notes") ?? 30);
const pageRequests = Number(options.get("pages") ?? 3000);
const ports = [Number(process.env.BENCH_PORT ?? 3552), Number(process.env.BENCH_PORT_B ?? 3553)];
const PER_MINUTE = 10;

const { smtp, sms } = await startSinks({ smtp: 3562, sms: 3563 });
const database = await benchDatabase("postgres");
const secondDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bha-scale-b-"));

const env = {
  ...database.env,
  ...sms.env,
  SMTP_URL: smtp.url,
  STAFF_ACCOUNTS: staffAccountsEnv,
  // The bench poses as many clients by X-Forwarded-For, as the balancer on this host would say.
  TRUST_PROXY: "loopback",
  RATE_LIMIT_PER_MINUTE: String(PER_MINUTE),
  OUTBOX_POLL_MS: "200",
  VISITOR_MESSAGES_PER_HOUR: "100000000",
  FORM_MIN_FILL_MS: "0",
};
const started = Date.now();
const log = (message: string) => console.log(`${((Date.now() - started) / 1000).toFixed(1).padStart(5)}s  ${message}`);

// One after the other: both migrate and seed the same database at start, which must be safe too.
const sites: SiteProcess[] = [];
sites.push(await startSite(ports[0]!, env));
sites.push(await startSite(ports[1]!, { ...env, DATA_DIR: secondDataDir }));
const [a, b] = sites as [SiteProcess, SiteProcess];
log(`two instances on one PostgreSQL database: ${a.url} and ${b.url}`);

const checks: { what: string; ok: boolean; detail: string }[] = [];
const check = (what: string, ok: boolean, detail: string) => {
  checks.push({ what, ok, detail });
  log(`${ok ? "ok  " : "FAIL"} ${what}: ${detail}`);
};

/** A client with its own cookie jar and address, for either instance (the tests' StaffClient, given whole addresses). */
function client(address: string) {
  const jar = new StaffClient("", address);
  return (site: SiteProcess, method: string, url: string, body?: unknown) => jar.request(method, `${site.url}${url}`, { json: body });
}

// The background load: quote saves and contact posts on both instances, each from its own address.
// A stylist's own salon and level, so every quote is one the salon can give.
const { salon, level } = ((await (await fetch(`${a.url}/api/stylists`)).json()) as { salon: number; level: number }[])[0]!;
const service = ((await (await fetch(`${a.url}/api/services`)).json()) as { id: number }[])[0]!.id;
const load = { sent: 0, accepted: 0, other: new Map<number | string, number>() };
let n = 0;
async function postOne() {
  const i = ++n;
  const site = sites[Math.floor(i / 2) % 2]!; // quotes and contact posts to both
  const email = `scale-${i}@example.com`;
  const quote = i % 2 === 0;
  load.sent++;
  try {
    const response = await fetch(`${site.url}${quote ? "/api/save-quote-details" : "/api/sendMessage"}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
      body: JSON.stringify(
        quote
          ? { name: "Alex Scale", mobile: `07700 9${String(i % 100_000).padStart(5, "0")}`, email, referral: "google", salon_id: salon, regular: false, selector: "Level", level_id: level, service_ids: [service] }
          : { name: "Alex Scale", email, message: `Do you have space on Saturday? (${i})` },
      ),
    });
    await response.arrayBuffer();
    if (response.status === 201) load.accepted++;
    else load.other.set(response.status, (load.other.get(response.status) ?? 0) + 1);
  } catch {
    load.other.set("refused", (load.other.get("refused") ?? 0) + 1);
  }
}
const stopLoad = steadyLoad(rate, postOne);
log(`load: ${rate} quote saves and contact posts a second, alternating between the instances`);
await sleep((seconds * 1000) / 4); // let the load and both workers get going before the checks

// 1. Sessions: signed in on A, honoured on B; signed out on B, gone on A.
const morgan = client("192.0.2.10");
const signIn = await morgan(a, "POST", "/api/staff/session", STAFF.morgan);
const onB = await morgan(b, "GET", "/api/staff/session");
const onBBody = onB.status === 200 ? ((await onB.json()) as { name?: string }) : {};
check("signed in on A, signed in on B", signIn.status === 200 && onB.status === 200 && onBBody.name === STAFF.morgan.name, `sign-in on A ${signIn.status}, session on B ${onB.status} (${onBBody.name ?? "nobody"})`);

// 2. Notes: Morgan and Sam each write through both instances at once.
const sam = client("192.0.2.11");
const samIn = await sam(b, "POST", "/api/staff/session", STAFF.sam);
const applicant = await fetch(`${a.url}/api/joinus`, {
  method: "POST",
  headers: { "content-type": "application/json", "x-forwarded-for": "192.0.2.12" },
  body: JSON.stringify({ name: "Jordan Reyes", mobile: "07700 900501", email: "jordan.reyes@example.com", role: "Apprentice", position: "school", about: "I cut my friends' hair.", why_hair: "I love it.", why_us: "My sister trained here." }),
});
const { id: applicantId } = (await applicant.json()) as { id: number };
const writers = [
  { who: morgan, tag: "M" },
  { who: sam, tag: "S" },
];
const noteStatuses = tally(
  await Promise.all(
    writers.flatMap(({ who, tag }) =>
      Array.from({ length: notesEach }, (_, k) => who(sites[k % 2]!, "PATCH", `/api/joinus-applicant/${applicantId}`, { note: `note ${tag}${k} called back` }).then((r) => String(r.status))),
    ),
  ),
);
const after = await morgan(b, "GET", `/api/joinus-applicant/${applicantId}`);
const notesText = JSON.stringify(((await after.json()) as { notes?: unknown }).notes ?? "");
const missing = writers.flatMap(({ tag }) => Array.from({ length: notesEach }, (_, k) => `note ${tag}${k} called back`)).filter((note) => !notesText.includes(note));
check(
  "notes from two staff through both instances at once all survive",
  samIn.status === 200 && missing.length === 0 && noteStatuses.get("200") === notesEach * 2,
  `${notesEach * 2} written (answers ${JSON.stringify(Object.fromEntries(noteStatuses))}), ${notesEach * 2 - missing.length} found, ${missing.length} missing`,
);

// 3. Rate limit: one address, posts alternating between the instances, counted together.
const windowLeft = 60_000 - (Date.now() % 60_000);
if (windowLeft < 15_000) await sleep(windowLeft + 100); // stay within one fixed minute window
const limited: number[] = [];
for (let k = 0; k < PER_MINUTE + 6; k++) {
  const response = await fetch(`${sites[k % 2]!.url}/api/sendMessage`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.99" },
    body: JSON.stringify({ name: "Casey Limit", email: `casey.${k}@example.com`, message: "Just checking opening hours." }),
  });
  await response.arrayBuffer();
  limited.push(response.status);
}
const limitedTally = tally(limited.map(String));
check(
  `the per-address limit (${PER_MINUTE} a minute) counts both instances together`,
  limitedTally.get("201") === PER_MINUTE && limitedTally.get("429") === 6 && limited.slice(0, PER_MINUTE).every((s) => s === 201),
  `${limited.length} posts alternating A/B: ${JSON.stringify(Object.fromEntries(limitedTally))}`,
);

// 5. A studio change through A: served by A at once, by B (asked nothing special) within 2 s.
const [stylist] = (await (await fetch(`${a.url}/api/stylists`)).json()) as { slug: string }[];
const profile = `/team/${stylist!.slug}`;
for (let k = 0; k < 2; k++) await (await fetch(`${b.url}${profile}`)).arrayBuffer(); // B keeps the page as bytes
const sentence = `Trained in Milan, back in ${Date.now()}.`;
const changed = await morgan(a, "PATCH", `/api/staff/studio/stylists/${stylist!.slug}`, { para_1: sentence });
const changedAt = performance.now();
const onA = (await (await fetch(`${a.url}${profile}`)).text()).includes(sentence);
let servedByB: number | undefined;
while (performance.now() - changedAt < 10_000) {
  if ((await (await fetch(`${b.url}${profile}`)).text()).includes(sentence)) {
    servedByB = performance.now() - changedAt;
    break;
  }
  await sleep(10);
}
check(
  "a studio change through A is served by A at once and by B within 2 s",
  changed.status === 200 && onA && servedByB !== undefined && servedByB < 2000,
  `change ${changed.status}; on A at once: ${onA ? "yes" : "no"}; on B after ${servedByB === undefined ? "more than 10 s" : `${Math.round(servedByB)} ms`}`,
);

// Signing out on B ends the session on A.
await morgan(b, "DELETE", "/api/staff/session");
const afterOut = await fetch(`${a.url}/api/staff/session`, { headers: { "x-forwarded-for": "192.0.2.10", cookie: signIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") } });
check("signed out on B, signed out on A", afterOut.status === 401, `session on A after sign-out on B: ${afterOut.status}`);

await sleep(Math.max(0, started + seconds * 1000 - Date.now()));
await stopLoad();
log(`load finished: ${load.accepted} of ${load.sent} accepted; waiting for the outbox to drain`);

// 4. The outbox: both workers, each message once.
type Row = { id: string; status: string; locked_by: string | null };
const outbox = () => database.query<Row>("select id, status, locked_by from outbox_messages");
const { queued, deliveries, duplicated, lost } = await drainOutbox(outbox, 120_000, { smtp, sms });
const byWorker = tally(queued.map((r) => r.locked_by ?? "none"));
check(
  "with both workers running, every message delivered exactly once",
  duplicated === 0 && lost === 0 && byWorker.size >= 2,
  `${queued.length} queued, ${deliveries.size} delivered, ${duplicated} duplicated, ${lost} lost; sent by ${byWorker.size} workers (${[...byWorker.values()].join(" + ")})`,
);

// 6. Queries per content page: PostgreSQL's count of transactions in this database (every statement the sites
// send is one) over a burst of visitors' page requests to both instances, less a quiet window as long. A backend's
// counts reach the statistics within 10 s of going idle (PostgreSQL 15), so each window starts and ends 11 s after
// the work before it: otherwise the outbox's last deliveries are counted as the pages'.
const transactions = async () =>
  Number((await database.query<{ n: string }>("select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()"))[0]!.n);
const contentPages = ["/", "/team", "/about", "/online-shop", "/offers", profile];
// A page's first render after a change reads its content (then it is kept until the next change): done here, once
// per page and instance, so the window counts what every later visitor costs.
for (const site of sites) for (const page of contentPages) await (await fetch(`${site.url}${page}`, { headers: { "x-forwarded-for": "192.0.2.20" } })).arrayBuffer();
await sleep(11_000);
const burstStart = await transactions();
const burstBegan = performance.now();
for (let k = 0; k < pageRequests; k += 20) {
  await Promise.all(
    Array.from({ length: Math.min(20, pageRequests - k) }, async (_, j) => {
      const response = await fetch(`${sites[(k + j) % 2]!.url}${contentPages[(k + j) % contentPages.length]}`, { headers: { "x-forwarded-for": "192.0.2.20" } });
      await response.arrayBuffer();
    }),
  );
}
const burstMs = performance.now() - burstBegan;
await sleep(11_000);
const burstEnd = await transactions();
await sleep(burstMs);
await sleep(11_000);
const quietEnd = await transactions();
const perPage = (burstEnd - burstStart - (quietEnd - burstEnd)) / pageRequests;
check(
  "a visitor's content page makes no database query",
  perPage < 0.05,
  `${pageRequests} page requests in ${(burstMs / 1000).toFixed(1)} s: ${burstEnd - burstStart} transactions in that window, ${quietEnd - burstEnd} in a quiet one as long: ${perPage.toFixed(3)} per page`,
);

for (const site of sites) await site.kill("SIGTERM");
await smtp.stop();
await sms.stop();
await database.drop();
fs.rmSync(secondDataDir, { recursive: true, force: true });

console.table({
  "date (UTC)": new Date().toISOString().slice(0, 16).replace("T", " "),
  "load: posts sent / accepted": `${load.sent} / ${load.accepted}`,
  "load: other answers": JSON.stringify(Object.fromEntries(load.other)),
  "messages queued / delivered": `${queued.length} / ${deliveries.size}`,
  "duplicated / lost": `${duplicated} / ${lost}`,
  "messages per worker": [...byWorker.values()].join(" + "),
  "notes written / kept": `${notesEach * 2} / ${notesEach * 2 - missing.length}`,
  "rate-limit posts: 201 / 429": `${limitedTally.get("201") ?? 0} / ${limitedTally.get("429") ?? 0}`,
  "studio change on A, served by B after": servedByB === undefined ? "more than 10 s" : `${Math.round(servedByB)} ms`,
  "queries per content page request": perPage.toFixed(3),
  "machine load (1, 5, 15 min)": os.loadavg().map((l) => l.toFixed(2)).join(", "),
});
const failed = checks.filter((c) => !c.ok);
console.log(failed.length ? `FAIL: ${failed.map((c) => c.what).join("; ")}.` : `PASS: all ${checks.length} checks held across the two instances.`);
process.exit(failed.length ? 1 : 0);
