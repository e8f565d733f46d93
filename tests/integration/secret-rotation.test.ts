import { afterAll, describe, expect, it } from "vitest";
import { STAFF, staffAccountsEnv, StaffClient } from "../support/staff-client";
import { startTestServer, type TestServer } from "../support/test-server";

// Changing SESSION_SECRET without signing everyone out: "new,old" signs with
// the new secret and still accepts the old one's cookies; dropping the old one
// later ends what it signed. Three instances of the site on one database.
describe("SESSION_SECRET rotation", () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    // The first made the database: it is closed last.
    for (const server of servers.reverse()) await server.close();
  });

  it("keeps a staff member signed in across a new secret added in front, and ends it once the old one is dropped", async () => {
    const before = await startTestServer("sqlite", { STAFF_ACCOUNTS: staffAccountsEnv, SESSION_SECRET: "old-secret-for-rotation" });
    servers.push(before);
    const morgan = new StaffClient(before.url);
    expect((await morgan.signIn(STAFF.morgan.pin)).status).toBe(200);

    const during = await startTestServer("sqlite", { SESSION_SECRET: "new-secret-for-rotation,old-secret-for-rotation" }, { database: before.database });
    servers.push(during);
    const carried = new StaffClient(during.url);
    for (const [name, value] of morgan.cookies) carried.cookies.set(name, value);
    expect((await carried.request("GET", "/api/staff/session")).status).toBe(200);
    const fresh = new StaffClient(during.url);
    expect((await fresh.signIn(STAFF.sam.pin)).status).toBe(200);

    const after = await startTestServer("sqlite", { SESSION_SECRET: "new-secret-for-rotation" }, { database: before.database });
    servers.push(after);
    const old = new StaffClient(after.url);
    for (const [name, value] of morgan.cookies) old.cookies.set(name, value);
    expect((await old.request("GET", "/api/staff/session")).status).toBe(401);
    const signedWithNew = new StaffClient(after.url);
    for (const [name, value] of fresh.cookies) signedWithNew.cookies.set(name, value);
    expect(await (await signedWithNew.request("GET", "/api/staff/session")).json()).toEqual({ name: "Sam", role: "manager" });
  });
});
