/**
 * "A manager can be talked into giving an outsider a manager's session"
 * (issue 31, Medium; ASVS 6.3.4). The probe's chain: 10 wrong PINs at Robin
 * (so "I'm locked out" is true), the outsider asks for a device approval as
 * Sam, Morgan types the code and the outsider collects a manager session.
 * Now the approver types the name the device asks for with its code: a name
 * that differs voids the request (409), a device asking for a manager account
 * is let in only by that manager (403 for anyone else) and reception lets in
 * none (403). Run as real requests, at once where it matters, against a
 * running server on both engines; the page (/staff/access) answers the same.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../support/databases";
import { decodeEntities } from "../support/page-forms";
import { RAE, STAFF, StaffClient } from "../support/staff-client";
import { startTestServer, type TestServer } from "../support/test-server";

const ROBIN = { name: "Robin", pin: "604183" };

describe.each(engines)("finding: a manager can be talked into giving an outsider a manager's session, on %s", (engine) => {
  let server: TestServer;
  let address = 0;
  const client = () => new StaffClient(server.url, `203.0.113.${++address}`);
  const own = () => ({ origin: server.url });
  const signedIn = async (who: { name: string; pin: string }) => {
    const c = client();
    expect((await c.signIn(who)).status).toBe(200);
    return c;
  };
  /** A new device asks to be let in as `name`: its client (holding the request's cookie) and the code it shows. */
  const ask = async (name: string) => {
    const device = client();
    const asked = await device.request("POST", "/api/staff/device-approval", { json: { name }, headers: own() });
    expect(asked.status).toBe(201);
    const body = (await asked.json()) as { code: string; expires_at: string };
    expect(body.code).toMatch(/^[A-Z2-9]{6}$/);
    expect(new Date(body.expires_at).getTime()).toBeGreaterThan(Date.now());
    return { device, code: body.code };
  };
  const collect = (device: StaffClient) => device.request("POST", "/api/staff/device-approval/collect", { json: {}, headers: own() });
  const approve = (approver: StaffClient, code: string, name: string) => approver.request("POST", "/api/staff/device-approvals", { json: { code, name }, headers: own() });
  const sessionsOf = async (name: string) =>
    Number(
      (
        await server.services.db
          .selectFrom("staff_sessions as s")
          .innerJoin("staff_accounts as a", "a.id", "s.staff_id")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("a.name", "=", name)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const trail = async () => (await server.services.db.selectFrom("audit_events").select(["actor", "action", "detail"]).where("subject_type", "=", "staff").orderBy("id").execute());

  beforeAll(async () => {
    const accounts = [`${STAFF.morgan.name}:${STAFF.morgan.pin}`, `${STAFF.sam.name}:${STAFF.sam.pin}`, `${ROBIN.name}:${ROBIN.pin}:reception`, `${RAE.name}:${RAE.pin}:reception`];
    server = await startTestServer(engine, { STAFF_ACCOUNTS: accounts.join(","), RATE_LIMIT_PER_MINUTE: "1000", RATE_LIMIT_PER_HOUR: "10000" }, { pages: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("the probe's chain: Robin locked out, the outsider asks as Sam; Morgan and reception are refused, a wrong name voids the request, only Sam lets Sam's device in", async () => {
    const morgan = await signedIn(STAFF.morgan);
    const rae = await signedIn(RAE);
    const sam = await signedIn(STAFF.sam);
    const samSessions = await sessionsOf(STAFF.sam.name);

    // 10 wrong PINs at Robin, all at once: "I'm locked out" is true.
    const outsider = client();
    const guesses = await Promise.all(Array.from({ length: 10 }, (_, i) => outsider.signIn({ name: ROBIN.name, pin: `71${String(i).padStart(4, "0")}` })));
    expect(guesses.map((g) => g.status)).toEqual(Array<number>(10).fill(401));
    expect((await client().signIn(ROBIN)).status).toBe(429);

    // The outsider asks as Sam, a manager. Morgan, another manager, types the code and "Sam", and reception too, at once: both refused.
    const asSam = await ask(STAFF.sam.name);
    const [byMorgan, byRae] = await Promise.all([approve(morgan, asSam.code, STAFF.sam.name), approve(rae, asSam.code, STAFF.sam.name)]);
    expect(byMorgan.status).toBe(403);
    expect(((await byMorgan.json()) as { error: string }).error).toContain(`only ${STAFF.sam.name} can let it in`);
    expect(byRae.status).toBe(403);
    expect(((await byRae.json()) as { error: string }).error).toBe("Only a manager can let a new device in.");
    // Nothing granted: the device still waits, and no session of Sam's was made.
    const waiting = await collect(asSam.device);
    expect(waiting.status).toBe(202);
    expect(await waiting.json()).toEqual({ code: asSam.code });
    expect(await sessionsOf(STAFF.sam.name)).toBe(samSessions);

    // Morgan types the name he was told ("Robin"): not the account the device asked for. 409, and the request is void.
    const told = await approve(morgan, asSam.code.toLowerCase(), ROBIN.name);
    expect(told.status).toBe(409);
    expect(((await told.json()) as { error: string }).error).toContain(`That device did not ask for ${ROBIN.name}`);
    expect((await collect(asSam.device)).status).toBe(410);
    // Void for everyone: not even Sam can let it in now.
    expect((await approve(sam, asSam.code, STAFF.sam.name)).status).toBe(404);
    expect((await collect(asSam.device)).status).toBe(410);
    expect(await sessionsOf(STAFF.sam.name)).toBe(samSessions);
    expect((await outsider.request("GET", "/api/staff/session")).status).toBe(401);
    expect((await asSam.device.request("GET", "/api/staff/session")).status).toBe(401);

    // Sam's own new device: Sam, signed in elsewhere, lets it in, once, however many approvals and collects arrive at once.
    const samsPhone = await ask(STAFF.sam.name);
    const approvals = await Promise.all(Array.from({ length: 5 }, () => approve(sam, samsPhone.code, "  sam ")));
    expect(approvals.map((a) => a.status).sort()).toEqual([200, 404, 404, 404, 404]);
    expect(await approvals.find((a) => a.status === 200)!.json()).toEqual({ name: STAFF.sam.name });
    const collects = await Promise.all(Array.from({ length: 4 }, () => collect(samsPhone.device)));
    expect(collects.map((c) => c.status).sort()).toEqual([200, 410, 410, 410]);
    expect(await collects.find((c) => c.status === 200)!.json()).toEqual({ name: STAFF.sam.name, role: "manager" });
    expect(await (await samsPhone.device.request("GET", "/api/staff/session")).json()).toEqual({ name: STAFF.sam.name, role: "manager" });
    expect(await sessionsOf(STAFF.sam.name)).toBe(samSessions + 1);

    const events = (await trail()).map((e) => `${e.actor} ${e.action}: ${e.detail}`);
    expect(events).toContain(`${STAFF.morgan.name} device-approval-refused: a new device asking for ${STAFF.sam.name}, a manager`);
    expect(events).toContain(`${STAFF.morgan.name} device-approval-voided: the approver named another account than the device asked for`);
    expect(events.filter((e) => e.includes("device-approved"))).toEqual([`${STAFF.sam.name} device-approved: a new device of ${STAFF.sam.name}`]);
  }, 60_000);

  it("a manager lets in a device asking for a colleague at reception once its name is typed too; reception lets in none", async () => {
    const morgan = await signedIn(STAFF.morgan);
    const rae = await signedIn(RAE);
    const robinsPhone = await ask(ROBIN.name);
    expect((await approve(rae, robinsPhone.code, ROBIN.name)).status).toBe(403);
    expect((await collect(robinsPhone.device)).status).toBe(202);
    // No code or no name: said which, nothing changed.
    const missing = await approve(morgan, robinsPhone.code, " ");
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ fields: { name: "Enter the name the new device asks for" } });
    expect((await approve(morgan, "", ROBIN.name)).status).toBe(400);
    expect((await approve(morgan, "ZZZZZZ", ROBIN.name)).status).toBe(404);

    const approved = await approve(morgan, robinsPhone.code, ROBIN.name.toUpperCase());
    expect(approved.status).toBe(200);
    expect(await approved.json()).toEqual({ name: ROBIN.name });
    const collected = await collect(robinsPhone.device);
    expect(collected.status).toBe(200);
    expect(await collected.json()).toEqual({ name: ROBIN.name, role: "reception" });
    expect((await collect(robinsPhone.device)).status).toBe(410);
  });

  it("the page a manager types the code on asks for the name too, and says whose device it is only once the name matched", async () => {
    const morgan = await signedIn(STAFF.morgan);
    const post = async (form: Record<string, string>) => {
      const response = await morgan.request("POST", "/staff/access", { form: { intent: "approve-device", ...form }, headers: own() });
      return { status: response.status, text: decodeEntities((await response.text()).replace(/<!-- -->/g, "")) };
    };
    const form = decodeEntities(await (await morgan.request("GET", "/staff/access")).text());
    expect(form).toContain("Code on the new device");
    expect(form).toContain("Name it asks for");

    const asSam = await ask(STAFF.sam.name);
    const other = await post({ code: asSam.code, name: STAFF.sam.name });
    expect(other.status).toBe(403);
    expect(other.text).toContain(`only ${STAFF.sam.name} can let it in`);
    expect(other.text).not.toContain("Done:");
    const wrong = await post({ code: asSam.code, name: ROBIN.name });
    expect(wrong.status).toBe(409);
    expect(wrong.text).toContain(`That device did not ask for ${ROBIN.name}: nothing was let in`);
    expect(wrong.text).not.toContain("Done:");
    expect((await collect(asSam.device)).status).toBe(410);

    const robinsPhone = await ask(ROBIN.name);
    expect((await post({ code: robinsPhone.code })).status).toBe(400);
    const done = await post({ code: robinsPhone.code, name: ROBIN.name });
    expect(done.status).toBe(200);
    expect(done.text).toContain(`Done: the device signs in as ${ROBIN.name} in a moment.`);
    expect(await (await collect(robinsPhone.device)).json()).toEqual({ name: ROBIN.name, role: "reception" });

    // Reception posting the form by hand gets the API's answer: 403.
    const rae = await signedIn(RAE);
    const another = await ask(ROBIN.name);
    const byReception = await rae.request("POST", "/staff/access", { form: { intent: "approve-device", code: another.code, name: ROBIN.name }, headers: own() });
    expect(byReception.status).toBe(403);
    expect((await collect(another.device)).status).toBe(202);
  });
});
