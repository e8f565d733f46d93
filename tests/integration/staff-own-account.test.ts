/**
 * A staff member's own PIN and sessions (/staff/account, issue 18, ASVS 6.2.2,
 * 7.4.5, 7.5.2), as a browser without JavaScript uses the page, on both
 * engines: the PIN now is a guess counted before it is checked; a weak new
 * PIN is refused with the reason; a change ends every other session; the list
 * of sessions, ending one or all the others; and removing a device or a
 * passkey ends the sessions it made.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pinMessages } from "~/modules/staff/pin-rules";
import { engines } from "../support/databases";
import { decodeEntities } from "../support/page-forms";
import { SoftPasskey } from "../support/soft-passkey";
import { STAFF, StaffClient } from "../support/staff-client";
import { startTestServer, type TestServer } from "../support/test-server";

const RAE = { name: "Rae", pin: "572914" };
const LEE = { name: "Lee", pin: "630847" };
const KIT = { name: "Kit", pin: "418296" };
const JO = { name: "Jo", pin: "295073" };
const ASH = { name: "Ash", pin: "507318" };
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:132.0) Gecko/20100101 Firefox/132.0";

describe.each(engines)("your PIN and sessions on %s", (engine) => {
  let server: TestServer;
  let address = 0;
  const client = () => new StaffClient(server.url, `198.51.100.${++address}`);
  const signedIn = async (who: { name: string; pin: string }, userAgent = ANDROID) => {
    const c = client();
    expect((await c.signIn(who, { "user-agent": userAgent })).status).toBe(200);
    return c;
  };
  const page = async (c: StaffClient) => {
    const response = await c.request("GET", "/staff/account");
    return { status: response.status, text: decodeEntities((await response.text()).replace(/<!-- -->/g, "")) };
  };
  const post = async (c: StaffClient, form: Record<string, string>) => {
    const response = await c.request("POST", "/staff/account", { form, headers: { origin: server.url } });
    return { status: response.status, headers: response.headers, text: decodeEntities((await response.text()).replace(/<!-- -->/g, "")) };
  };
  const changePin = (c: StaffClient, currentPin: string, newPin: string, confirmPin = newPin) => post(c, { intent: "change-pin", currentPin, newPin, confirmPin });
  /** Whether this client's session still lets it in (the API's own answer: 200 or 401). */
  const sessionStatus = async (c: StaffClient) => (await c.request("GET", "/api/staff/session")).status;
  const refsIn = (html: string) => [...html.matchAll(/name="ref" value="([0-9a-f]{16})"/g)].map((m) => m[1]!);
  const audit = async (name: string) =>
    server.services.db.selectFrom("audit_events").select(["actor", "action", "detail"]).where("subject_type", "=", "staff").where("actor", "=", name).orderBy("id").execute();

  beforeAll(async () => {
    const accounts = [STAFF.morgan, RAE, LEE, KIT, JO, ASH].map((p, i) => `${p.name}:${p.pin}${i === 0 ? "" : ":reception"}`).join(",");
    server = await startTestServer(engine, { STAFF_ACCOUNTS: accounts, RATE_LIMIT_PER_MINUTE: "1000", RATE_LIMIT_PER_HOUR: "10000" }, { pages: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("changes your own PIN: a weak one refused with the reason, then the change ends every other session and keeps this one", async () => {
    const here = await signedIn(RAE, ANDROID);
    const phone = await signedIn(RAE, MAC);
    const elsewhere = await signedIn(RAE, MAC);

    const weak = await changePin(here, RAE.pin, "123456");
    expect(weak.status).toBe(400);
    expect(weak.text).toContain(pinMessages.run);
    const mismatch = await changePin(here, RAE.pin, "736158", "736159");
    expect(mismatch.status).toBe(400);
    expect(mismatch.text).toContain("The two new PINs are not the same");
    // ASVS 6.2.12: a PIN from leaked password lists, which passes the shape rules, is refused on the server with its reason.
    const breached = await changePin(here, RAE.pin, "8675309");
    expect(breached.status).toBe(400);
    expect(breached.text).toContain(pinMessages.breached);
    // Refused before the PIN now was looked at: none of that was a guess.
    expect((await audit(RAE.name)).map((e) => e.action)).not.toContain("pin-change-failed");

    const changed = await changePin(here, RAE.pin, "736158");
    expect(changed.status).toBe(200);
    expect(changed.text).toContain("Your PIN is changed");
    expect(changed.text).toContain("2 sessions elsewhere were signed out");
    expect(await sessionStatus(here)).toBe(200);
    expect(await sessionStatus(phone)).toBe(401);
    // The ended session's page shows the sign-in form in its place.
    const ended = await page(elsewhere);
    expect(ended.status).toBe(401);
    expect(ended.text).toContain('name="pin"');

    expect((await client().signIn(RAE)).status).toBe(401);
    expect((await client().signIn({ name: RAE.name, pin: "736158" })).status).toBe(200);
    const trail = await audit(RAE.name);
    expect(trail.find((e) => e.action === "pin-changed")?.detail).toBe("by Rae themselves; 2 sessions elsewhere ended");
    for (const entry of trail) expect(`${entry.detail}`).not.toMatch(/572914|736158|123456/);
  });

  it("counts every wrong PIN-now before checking it: 12 at once, exactly 10 checked, then even the right one waits", async () => {
    const lee = await signedIn(LEE);
    const tries = await Promise.all(Array.from({ length: 12 }, () => changePin(lee, "947382", "583719")));
    const statuses = tries.map((t) => t.status).sort();
    expect(statuses).toEqual([...Array<number>(10).fill(400), 429, 429]);
    expect(tries.filter((t) => t.text.includes("That isn't the PIN you have now")).length).toBe(10);
    expect(tries.filter((t) => t.text.includes("changing your PIN (and signing in) on this device is paused for 15 minutes")).length).toBe(1);

    const right = await changePin(lee, LEE.pin, "583719");
    expect(right.status).toBe(429);
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(800);
    expect(right.text).toContain("Too many wrong PINs in a row on this device");
    const trail = (await audit(LEE.name)).map((e) => e.action);
    expect(trail.filter((a) => a === "pin-change-failed")).toHaveLength(10);
    expect(trail).toContain("pin-change-refused");
    expect(trail).not.toContain("pin-changed");
    // The same run as sign-in's on this device: it can't try PINs at sign-in either.
    expect((await lee.signIn(LEE)).status).toBe(429);
    // Counted by the device, not the account: Lee on another device is not held back.
    expect((await client().signIn(LEE)).status).toBe(200);
  });

  it("finding: 10 wrong PINs from any one address kept a named account from changing its own PIN; now the form counts by the signed-in device", async () => {
    const here = await signedIn(ASH, MAC);
    // An outsider's wrong PINs at Ash, from one address, all at once: the account's public count is full.
    const outsider = client();
    const guesses = await Promise.all(Array.from({ length: 12 }, (_, i) => outsider.signIn({ name: ASH.name, pin: `81${String(i).padStart(4, "0")}` })));
    expect(guesses.map((g) => g.status).sort()).toEqual([...Array<number>(10).fill(401), 429, 429]);
    expect((await client().signIn(ASH)).status).toBe(429);

    // Ash's own wrong PIN on Ash's own device is still just a wrong PIN, and the right one changes it.
    const typo = await changePin(here, "951357", "264839");
    expect(typo.status).toBe(400);
    expect(typo.text).toContain("That isn't the PIN you have now. Please try again.");
    const changed = await changePin(here, ASH.pin, "264839");
    expect(changed.status).toBe(200);
    expect(changed.text).toContain("Your PIN is changed");
    // Ash proved the PIN: the run at the account ends, as a sign-in would end it.
    expect((await client().signIn({ name: ASH.name, pin: "264839" })).status).toBe(200);
    const trail = (await audit(ASH.name)).map((e) => `${e.action}: ${e.detail}`);
    expect(trail).toContain("pin-change-failed: wrong current PIN, 1 in a row from this device");
  });

  it("lists your sessions, this one marked, and ends one or all the others", async () => {
    const here = await signedIn(KIT, ANDROID);
    const laptop = await signedIn(KIT, MAC);
    const third = await signedIn(KIT, MAC);
    const listed = await page(here);
    expect(listed.status).toBe(200);
    expect(listed.text).toContain("Chrome on an Android phone");
    expect(listed.text).toContain("This device");
    expect(listed.text).toContain("Firefox on a Mac");
    const refs = refsIn(listed.text);
    expect(refs).toHaveLength(2);

    // The laptop's session: the one the laptop's own page does not offer to end.
    const seenFromLaptop = refsIn((await page(laptop)).text);
    const laptopRef = refs.find((ref) => !seenFromLaptop.includes(ref));
    const ended = await post(here, { intent: "end-session", ref: laptopRef! });
    expect(ended.status).toBe(200);
    expect(ended.text).toContain("Signed out there.");
    expect(await sessionStatus(laptop)).toBe(401);
    expect((await page(laptop)).status).toBe(401);
    expect(await sessionStatus(third)).toBe(200);
    // Gone already: said so, nothing else ended.
    expect((await post(here, { intent: "end-session", ref: laptopRef! })).status).toBe(404);

    const all = await post(here, { intent: "end-other-sessions" });
    expect(all.text).toContain("Signed out everywhere else (1 session).");
    expect(await sessionStatus(third)).toBe(401);
    expect(await sessionStatus(here)).toBe(200);
    expect((await page(here)).text).toContain("You're signed in only here.");
    const trail = (await audit(KIT.name)).map((e) => `${e.action}: ${e.detail}`);
    expect(trail).toContain("session-ended: their session (Firefox on a Mac), ended by themselves");
    expect(trail).toContain("sessions-ended: 1 session elsewhere, ended by themselves");
  });

  it("removing a device or a passkey ends the sessions made with it", async () => {
    const morgan = await signedIn(STAFF.morgan);
    // Jo on two devices; a manager removes one of them (a lost phone).
    const lost = await signedIn(JO, ANDROID);
    const desk = await signedIn(JO, MAC);
    const devices = (await server.services.db.selectFrom("staff_devices as d").innerJoin("staff_accounts as a", "a.id", "d.staff_id").select(["d.id_hash", "a.id"]).where("a.name", "=", JO.name).orderBy("d.created_at").execute());
    expect(devices).toHaveLength(2);
    const accessPage = await (await morgan.request("GET", "/staff/access")).text();
    const lostRef = devices[0]!.id_hash.slice(0, 16);
    expect(accessPage).toContain(`value="${lostRef}"`);
    // An account id that is not one as the page writes it removes nothing.
    for (const staffId of ["", `${devices[0]!.id}.0`, "-1", "abc"]) {
      const refused = await morgan.request("POST", "/staff/access", { form: { intent: "remove-device", staffId, ref: lostRef }, headers: { origin: server.url } });
      expect(refused.status, staffId).toBe(404);
    }
    expect(await sessionStatus(lost)).toBe(200);
    const removed = await morgan.request("POST", "/staff/access", { form: { intent: "remove-device", staffId: String(devices[0]!.id), ref: lostRef }, headers: { origin: server.url } });
    expect(removed.status).toBe(200);
    expect(await sessionStatus(lost)).toBe(401);
    expect(await sessionStatus(desk)).toBe(200);

    // Jo adds a passkey at the desk and signs in with it on another browser; removing it ends that session only.
    const passkey = new SoftPasskey(server.url);
    await passkey.register(desk, "Jo's security key");
    const withKey = client();
    expect((await passkey.signIn(withKey)).status).toBe(200);
    expect(await sessionStatus(withKey)).toBe(200);
    const listed = await page(desk);
    expect(listed.text).toContain("with the passkey “Jo's security key”");
    const removedKey = await desk.request("DELETE", `/api/staff/passkeys/${encodeURIComponent(passkey.id)}`, { headers: { origin: server.url } });
    expect(removedKey.status).toBe(204);
    expect(await sessionStatus(withKey)).toBe(401);
    expect(await sessionStatus(desk)).toBe(200);

    const trail = (await server.services.db.selectFrom("audit_events").select(["actor", "action", "detail"]).where("action", "=", "sessions-ended").execute()).map((e) => `${e.actor}: ${e.detail}`);
    expect(trail).toContain("Morgan: 1 session made on the removed device");
    expect(trail).toContain(`Jo: 1 session made with the passkey "Jo's security key"`);
  });

  it("finding: a passkey whose credential id another account holds gave 500; now 409 with a message, and the passkey stays its owner's", async () => {
    const lee = await signedIn(LEE);
    const jo = await signedIn(JO);
    const passkey = new SoftPasskey(server.url);
    expect((await passkey.offer(lee, "Lee's phone")).status).toBe(201);

    // The same credential offered by another account, and again by its own: refused, said why.
    for (const [who, label] of [[jo, "Jo's phone"], [lee, "Lee's phone again"]] as const) {
      const again = await passkey.offer(who, label);
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({ error: "This device's passkey is already added to a staff account, so it was not added again. Use it to sign in, or remove it there first." });
    }
    // Two accounts offering one new passkey at the same moment: one keeps it, the other is told.
    const shared = new SoftPasskey(server.url);
    const atOnce = await Promise.all([shared.offer(lee, "Lee's key"), shared.offer(jo, "Jo's key")]);
    expect(atOnce.map((r) => r.status).sort()).toEqual([201, 409]);

    const kept = await server.services.db.selectFrom("staff_passkeys as p").innerJoin("staff_accounts as a", "a.id", "p.staff_id").select(["p.id", "a.name", "p.label"]).where("p.id", "in", [passkey.id, shared.id]).execute();
    expect(kept.filter((k) => k.id === passkey.id)).toEqual([{ id: passkey.id, name: LEE.name, label: "Lee's phone" }]);
    expect(kept.filter((k) => k.id === shared.id)).toHaveLength(1);
    // The first passkey still signs its owner in.
    const elsewhere = client();
    expect((await passkey.signIn(elsewhere)).status).toBe(200);
    expect(await (await elsewhere.request("GET", "/api/staff/session")).json()).toMatchObject({ name: LEE.name });
  });
});
