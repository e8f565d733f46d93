/**
 * The probe's sign-in findings (issue 18), each proven against a real server
 * over real connections, on both engines: guesses sent together, a colleague
 * guessing, outsiders locking staff out. The counts are read from the
 * answers: 401 means the PIN was checked, 429 that it was refused unchecked.
 */
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../support/databases";
import { STAFF, staffAccountsEnv, StaffClient } from "../support/staff-client";
import { startTestServer, type TestServer } from "../support/test-server";

/** A wrong PIN that no rule would stop being tried: guesses need only be digits. */
const guess = (n: number) => `9${String(n).padStart(5, "0")}`;

/** Counts the answers' statuses. */
function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
}

/** One sign-in POST on `agent`'s connections, posing as `address`; resolves to the status. */
function post(base: string, agent: http.Agent, address: string, body: unknown, cookie?: string): Promise<number> {
  const payload = JSON.stringify(body);
  const url = new URL("/api/staff/session", base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: "POST",
        agent,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
          "x-forwarded-for": address,
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

describe.each(engines)("sign-in under attack on %s", (engine) => {
  let server: TestServer;
  let block = 0;
  /** Addresses from a /24 no other test uses. */
  const addresses = () => {
    block++;
    return (i: number) => `10.${block}.${Math.floor(i / 250)}.${(i % 250) + 1}`;
  };
  const forgetCounts = () => server.services.db.deleteFrom("staff_sign_in_counts").execute();

  beforeAll(async () => {
    server = await startTestServer(engine, { STAFF_ACCOUNTS: staffAccountsEnv });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("guesses sent together are counted: 50 at once from one address get exactly 10 checks", async () => {
    await forgetCounts();
    const from = addresses()(0);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
    const statuses = await Promise.all(Array.from({ length: 50 }, (_, i) => post(server.url, agent, from, { name: "Sam", pin: guess(i) })));
    agent.destroy();
    expect(tally(statuses)).toEqual({ 401: 10, 429: 40 });
    // Even the right PIN waits now.
    expect((await new StaffClient(server.url, from).signIn(STAFF.sam)).status).toBe(429);
  });

  it("guesses sent together are counted: 60 pipelined on one connection get exactly 10 checks", async () => {
    await forgetCounts();
    const from = addresses()(0);
    const { port } = new URL(server.url);
    const socket = net.connect(Number(port), "127.0.0.1");
    const requests = Array.from({ length: 60 }, (_, i) => {
      const body = JSON.stringify({ name: "Morgan", pin: guess(i) });
      return `POST /api/staff/session HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nX-Forwarded-For: ${from}\r\n\r\n${body}`;
    });
    let received = "";
    const done = new Promise<void>((resolve, reject) => {
      socket.on("data", (chunk) => {
        received += chunk.toString("latin1");
        if ((received.match(/HTTP\/1\.1 \d{3} /g) ?? []).length >= 60) resolve();
      });
      socket.on("error", reject);
    });
    socket.setTimeout(30_000, () => socket.destroy(new Error(`only ${(received.match(/HTTP\/1\.1 \d{3} /g) ?? []).length} answers`)));
    socket.write(requests.join(""));
    await done;
    socket.destroy();
    const statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));
    expect(tally(statuses)).toEqual({ 401: 10, 429: 50 });
  });

  it("guesses sent together are counted: 400 over 200 addresses and 5 connections at one account get 10 checks", async () => {
    await forgetCounts();
    const at = addresses();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 5 });
    const statuses = await Promise.all(Array.from({ length: 400 }, (_, i) => post(server.url, agent, at(i % 200), { name: "sam", pin: guess(i) })));
    agent.destroy();
    // The account's count stops every device Sam never used after 10 checks, whatever the address.
    expect(tally(statuses)).toEqual({ 401: 10, 429: 390 });
  }, 120_000);

  it("guesses sent together are counted: 400 over 100 addresses, 20 connections and many names get at most 100 checks an hour", async () => {
    await forgetCounts();
    const at = addresses();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
    // Four tries from each address, each at a different name: under every device and account limit, so only the site-wide one holds.
    const statuses = await Promise.all(Array.from({ length: 400 }, (_, i) => post(server.url, agent, at(i % 100), { name: `Guess ${i}`, pin: guess(i) })));
    agent.destroy();
    expect(tally(statuses)).toEqual({ 401: 100, 429: 300 });
  }, 120_000);

  it("any staff member can guess colleagues' PINs without limit: no longer, their own sign-in clears only their own count", async () => {
    await forgetCounts();
    const sam = new StaffClient(server.url, addresses()(0));
    expect((await sam.signIn(STAFF.sam)).status).toBe(200);
    const checked: number[] = [];
    for (let i = 0; i < 60; i++) {
      const status = (await sam.signIn({ name: "Morgan", pin: guess(i) })).status;
      if (status !== 401) {
        expect(status).toBe(429);
        break;
      }
      checked.push(i);
      // Sam signs in as herself now and then: it used to wipe the count.
      if (i % 3 === 2) expect((await sam.signIn(STAFF.sam)).status).toBe(200);
    }
    expect(checked.length).toBeLessThanOrEqual(10);
    // Sam's own typos on her own account are forgiven by her own sign-in.
    await forgetCounts();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 9; i++) expect((await sam.signIn({ name: "Sam", pin: guess(i) })).status).toBe(401);
      expect((await sam.signIn(STAFF.sam)).status).toBe(200);
    }
  });

  it("an outsider can keep new devices locked out: a known device still signs in through every lock", async () => {
    await forgetCounts();
    const office = addresses()(0);
    const morgansPhone = new StaffClient(server.url, office);
    expect((await morgansPhone.signIn(STAFF.morgan)).status).toBe(200);
    expect((await morgansPhone.request("DELETE", "/api/staff/session")).status).toBe(204);
    // An outsider on the same network locks the address and Morgan's account, then fills the site-wide count.
    const outsider = new StaffClient(server.url, office);
    for (let i = 0; i < 12; i++) await outsider.signIn({ name: "Morgan", pin: guess(i) });
    const others = addresses();
    await Promise.all(Array.from({ length: 120 }, (_, i) => new StaffClient(server.url, others(i % 30)).signIn({ name: `Nobody ${i}`, pin: guess(i) })));
    expect((await outsider.signIn(STAFF.morgan)).status).toBe(429);
    expect((await new StaffClient(server.url, others(200)).signIn(STAFF.sam)).status).toBe(429);
    // Morgan's phone is counted by its own cookie and known to the account: it gets in.
    const back = await morgansPhone.signIn(STAFF.morgan);
    expect(back.status).toBe(200);
    expect(await back.json()).toMatchObject({ name: "Morgan" });
  }, 60_000);

  it("a name with the PIN: without regard to case, and one answer for a wrong name or a wrong PIN", async () => {
    await forgetCounts();
    const at = addresses();
    const right = await new StaffClient(server.url, at(0)).signIn({ name: "  mORGAN ", pin: STAFF.morgan.pin });
    expect(right.status).toBe(200);
    expect(await right.json()).toMatchObject({ name: "Morgan" });
    const wrongName = await new StaffClient(server.url, at(1)).signIn({ name: "Morgana", pin: STAFF.morgan.pin });
    const wrongPin = await new StaffClient(server.url, at(2)).signIn({ name: "Morgan", pin: STAFF.sam.pin });
    const othersPin = await new StaffClient(server.url, at(3)).signIn({ name: "Sam", pin: STAFF.morgan.pin });
    for (const answer of [wrongName, wrongPin, othersPin]) {
      expect(answer.status).toBe(401);
      expect(await answer.json()).toEqual({ error: "That name and PIN don't match. Please try again." });
    }
  });

  it("sign-ins, failures and locks go to the audit trail, never the PIN", async () => {
    await forgetCounts();
    const db = server.services.db;
    const { last } = await db.selectFrom("audit_events").select((eb) => eb.fn.max("id").as("last")).executeTakeFirstOrThrow();
    const from = new StaffClient(server.url, addresses()(0));
    for (let i = 0; i < 10; i++) await from.signIn({ name: "Sam", pin: guess(i) });
    expect((await from.signIn(STAFF.sam)).status).toBe(429);
    const member = new StaffClient(server.url, addresses()(0));
    await member.signIn(STAFF.morgan);
    await member.request("DELETE", "/api/staff/session");
    const events = await db.selectFrom("audit_events").selectAll().where("subject_type", "=", "staff").where("id", ">", Number(last ?? 0)).orderBy("id").execute();
    const actions = events.map((e) => `${e.actor} ${e.action}`);
    expect(actions.filter((a) => a === "Sam sign-in-failed")).toHaveLength(10);
    expect(actions).toContain("Sam sign-in-locked");
    expect(actions).toContain("Sam sign-in-refused");
    expect(actions).toContain("Morgan signed-in");
    expect(actions).toContain("Morgan signed-out");
    const text = JSON.stringify(events);
    expect(text).not.toContain(STAFF.sam.pin);
    expect(text).not.toContain(STAFF.morgan.pin);
    expect(text).not.toContain(guess(3));
  });
});
