import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inboxKinds, type InboxKind } from "~/modules/inbox/inbox-kinds";
import { submissionKinds } from "~/modules/submissions/kinds";
import { engines } from "../support/databases";
import { submitPublicForm } from "../support/desk";
import { STAFF, staffAccountsEnv, StaffClient } from "../support/staff-client";
import { startTestServer, type TestServer } from "../support/test-server";

const EVIL = "https://evil.example";

// The staff desk's JSON API (api-contract.md, "Staff desk") on a real server and database.
describe.each(engines)("staff desk API on %s", (engine) => {
  let server: TestServer;
  let morgan: StaffClient;
  let address = 0;
  const client = () => new StaffClient(server.url, `203.0.113.${++address}`);
  const auditOf = (subjectType: string, subjectId?: number | string) =>
    server.services.db
      .selectFrom("audit_events")
      .select(["actor", "action", "subject_type", "subject_id", "detail"])
      .where("subject_type", "=", subjectType)
      .$if(subjectId !== undefined, (qb) => qb.where("subject_id", "=", String(subjectId)))
      .orderBy("id")
      .execute();

  beforeAll(async () => {
    server = await startTestServer(engine, {
      STAFF_ACCOUNTS: staffAccountsEnv,
      RATE_LIMIT_PER_MINUTE: "1000",
      RATE_LIMIT_PER_HOUR: "10000",
    });
    morgan = client();
    expect((await morgan.signIn(STAFF.morgan.pin)).status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
  });

  const endpoints: [string, string, unknown?][] = [
    ...inboxKinds.map((kind): [string, string] => ["GET", `/api/staff/inbox/${kind}`]),
    ...inboxKinds.map((kind): [string, string, unknown] => ["PATCH", `/api/staff/inbox/${kind}/1`, { handled: true }]),
    ["GET", "/api/staff/settings"],
    ["PATCH", "/api/staff/settings", { hideOffers: true }],
    ["POST", "/api/staff/news-items", { title: "A title", text: "Some text" }],
    ["PATCH", "/api/staff/news-items/anything", { title: "A title" }],
    ["DELETE", "/api/staff/news-items/anything"],
  ];

  it.each(endpoints)("%s %s answers 401 without a session, in the error shape, never cached", async (method, path, json) => {
    const response = await client().request(method, path, json === undefined ? {} : { json });
    expect(response.status).toBe(401);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ error: "Please sign in with your PIN first." });
  });

  it.each(endpoints.filter(([method]) => method !== "GET"))("%s %s from another site is refused with 403, session or not", async (method, path, json) => {
    const before = await server.services.db.selectFrom("audit_events").select("id").execute();
    const response = await morgan.request(method, path, { ...(json === undefined ? {} : { json }), headers: { origin: EVIL } });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: expect.stringContaining("another site") });
    expect(await server.services.db.selectFrom("audit_events").select("id").execute()).toEqual(before);
  });

  it.each(inboxKinds)("lists what the %s form stored, newest first, with its fields, and records the look", async (kind) => {
    const first = await submitPublicForm(server.url, kind, `First ${kind}`);
    const second = await submitPublicForm(server.url, kind, `Second ${kind}`);
    const response = await morgan.request("GET", `/api/staff/inbox/${kind}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const list = (await response.json()) as Record<string, unknown>[];
    expect(list.map((r) => r.id).slice(0, 2)).toEqual([second.id, first.id]);
    const fields = { models: ["name", "mobile", "info"], messages: ["name", "email", "message"], "open-evening": ["name", "mobile"], feedback: ["name", "mobile", "feedback"] }[kind];
    const stored = list.find((r) => r.id === second.id)!;
    expect(stored).toMatchObject({ id: second.id, handled_at: null, created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    for (const field of fields) {
      const sent = second.body[field]!;
      // Mobiles are stored in E.164: "07700 912345" as "+447700912345".
      expect(stored[field]).toBe(field === "mobile" ? `+44${sent.replace(/\s/g, "").slice(1)}` : sent);
    }
    // Open-evening and feedback share a table: neither lists the other's.
    const other: InboxKind | undefined = kind === "feedback" ? "open-evening" : kind === "open-evening" ? "feedback" : undefined;
    if (other) {
      const others = (await (await morgan.request("GET", `/api/staff/inbox/${other}`)).json()) as { id: number }[];
      expect(others.map((r) => r.id)).not.toContain(second.id);
    }
    expect(await auditOf(kind)).toContainEqual({ actor: "Morgan", action: "listed", subject_type: kind, subject_id: null, detail: "all" });
  });

  it("answers 404 for an unknown kind, in the error shape", async () => {
    const response = await morgan.request("GET", "/api/staff/inbox/applicants");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: expect.stringContaining("no such inbox") });
    expect((await morgan.request("PATCH", "/api/staff/inbox/nope/1", { json: { handled: true } })).status).toBe(404);
  });

  it.each(inboxKinds)("marks a %s record handled and back, answering the updated record, each change audited once", async (kind) => {
    const { id } = await submitPublicForm(server.url, kind, `Handle ${kind}`);
    const done = await morgan.request("PATCH", `/api/staff/inbox/${kind}/${id}`, { json: { handled: true } });
    expect(done.status).toBe(200);
    const record = (await done.json()) as { id: number; handled_at: string | null; handled_by: string | null };
    expect(record).toMatchObject({ id, handled_by: "Morgan", handled_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    // The same again changes nothing, and records nothing.
    const again = await morgan.request("PATCH", `/api/staff/inbox/${kind}/${id}`, { json: { handled: true } });
    expect(((await again.json()) as { handled_at: string }).handled_at).toBe(record.handled_at);
    const undone = await morgan.request("PATCH", `/api/staff/inbox/${kind}/${id}`, { json: { handled: false } });
    expect(await undone.json()).toMatchObject({ id, handled_at: null, handled_by: null });

    // Each kind is audited under its one name.
    const subject = submissionKinds[kind].name;
    expect(await auditOf(subject, id)).toEqual([
      { actor: "Morgan", action: "marked-handled", subject_type: subject, subject_id: String(id), detail: null },
      { actor: "Morgan", action: "marked-not-handled", subject_type: subject, subject_id: String(id), detail: null },
    ]);
  });

  it("answers 404 for an unknown id (or one of the other kind) and 400 for a bad body", async () => {
    const { id } = await submitPublicForm(server.url, "feedback", "Bad Body");
    expect((await morgan.request("PATCH", "/api/staff/inbox/feedback/999999", { json: { handled: true } })).status).toBe(404);
    expect((await morgan.request("PATCH", "/api/staff/inbox/feedback/abc", { json: { handled: true } })).status).toBe(404);
    expect((await morgan.request("PATCH", `/api/staff/inbox/open-evening/${id}`, { json: { handled: true } })).status).toBe(404);
    for (const body of [{}, { handled: "yes" }, { handled: 1 }]) {
      const response = await morgan.request("PATCH", `/api/staff/inbox/feedback/${id}`, { json: body });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: expect.any(String), fields: { handled: "handled must be true or false" } });
    }
    const malformed = await fetch(`${server.url}/api/staff/inbox/feedback/${id}`, {
      method: "PATCH",
      headers: { cookie: morgan.cookieHeader, "content-type": "application/json" },
      body: '{"handled":',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: "The request body is not valid JSON" });
    const big = await morgan.request("PATCH", `/api/staff/inbox/feedback/${id}`, { json: { handled: true, padding: "x".repeat(70 * 1024) } });
    expect(big.status).toBe(413);
    const form = await morgan.request("PATCH", `/api/staff/inbox/feedback/${id}`, { form: { handled: "true" } });
    expect(form.status).toBe(415);
  });
});
