import type { AddressInfo } from "node:net";
import http from "node:http";
import express, { Router } from "express";
import { createStaticHandler, RouterContextProvider, type RouteObject } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientAddressContext, servicesContext } from "~/web/context";
import * as staffLayout from "~/routes/staff/layout";
import * as staffManagers from "~/routes/staff/managers-layout";
import staffRoutes from "~/routes";
import { CROSS_ORIGIN_MESSAGE } from "~/web/same-origin";
import { requireRole, staffRouter } from "../../server/api/staff";
import { staffDeskRouter } from "../../server/api/staff-desk";
import { staffPhotosRouter } from "../../server/api/staff-photos";
import { staffVisitsRouter } from "../../server/api/staff-visits";
import { studioRouter } from "../../server/api/studio";
import { engines } from "../support/databases";
import { submitPublicForm } from "../support/desk";
import { applyAsVisitor, type StaffClient } from "../support/staff-client";
import { RAE, staffTeamFor } from "../support/staff-team";
import { startTestServer, type TestServer } from "../support/test-server";

// Roles (api-contract.md, "Roles") and the one staff gate (decision 0053):
// every staff page and call is refused before its own code runs, signed out
// (401), written from another site (403) or without the role it needs (403),
// on both engines.

/** Who may make a staff API call: signing in needs no session; the rest need one, some a manager's (api-contract.md, "Roles"). */
type Needs = "sign-in" | "staff" | "manager";

/**
 * Every staff API call, by who may make it. The test reads the routes from the
 * routers themselves and fails on one missing here, so a new call cannot
 * escape the walk below.
 */
const apiCalls: Record<string, Needs> = {
  "POST /staff/session": "sign-in",
  "POST /staff/passkey-sign-in/options": "sign-in",
  "POST /staff/passkey-sign-in": "sign-in",
  "POST /staff/device-approval": "sign-in",
  "POST /staff/device-approval/collect": "sign-in",
  "GET /staff/session": "staff",
  "DELETE /staff/session": "staff",
  "POST /staff/passkeys/options": "staff",
  "POST /staff/passkeys": "staff",
  "GET /staff/passkeys": "staff",
  "DELETE /staff/passkeys/:id": "staff",
  "POST /staff/device-approvals": "staff",
  "GET /joinus-applicants/:sortCriteria": "staff",
  "GET /joinus-applicant/:id": "staff",
  "PATCH /joinus-applicant/:id": "staff",
  "PATCH /joinus-email-response": "manager",
  "POST /staff/applicants/:id/email-preview": "staff",
  // Reception invites, moves and cancels, and takes back what it sent (the outbox call refuses it any other email itself).
  "POST /staff/applicants/:id/invitation": "staff",
  "GET /staff/applicants/:id/invitations": "staff",
  "PATCH /staff/invitations/:id": "staff",
  "DELETE /staff/invitations/:id": "staff",
  "DELETE /staff/outbox/:message_id": "staff",
  "GET /staff/email-templates/:template": "staff",
  "PUT /staff/email-templates/:template": "manager",
  "GET /staff/due": "staff",
  "GET /staff/applicants/:id/cv": "staff",
  "POST /staff/applicants/:id/restore": "staff",
  "PATCH /joinus-update-role/:id": "staff",
  "DELETE /delete-applicant/:id": "staff",
  "GET /staff/inbox/:kind": "staff",
  "PATCH /staff/inbox/:kind/:id": "staff",
  "GET /staff/settings": "manager",
  "PATCH /staff/settings": "manager",
  "POST /staff/news-items": "manager",
  "PATCH /staff/news-items/:slug": "manager",
  "DELETE /staff/news-items/:slug": "manager",
  "POST /staff/photos": "manager",
  "DELETE /staff/photos/:id": "manager",
  "GET /staff/visits": "manager",
  "PATCH /staff/studio/services/:id": "manager",
  "POST /staff/studio/services": "manager",
  "PATCH /staff/studio/stylists/:slug": "manager",
  "POST /staff/studio/stylists": "manager",
  "POST /staff/studio/posts": "manager",
  "PATCH /staff/studio/posts/:slug": "manager",
  "DELETE /staff/studio/posts/:slug": "manager",
  "POST /staff/studio/offers": "manager",
  "PATCH /staff/studio/offers/:slug": "manager",
  "DELETE /staff/studio/offers/:slug": "manager",
  "PUT /staff/studio/rating": "manager",
  "DELETE /staff/studio/rating": "manager",
  "GET /staff/studio/export": "manager",
  "GET /staff/history": "manager",
  "POST /staff/history/:id/undo": "manager",
};

/** A path's parameters filled in with values of the right form. */
function fill(path: string, values: Record<string, string> = {}): string {
  const defaults: Record<string, string> = { kind: "models", sortCriteria: "all", template: "interview", message_id: "00000000-0000-4000-8000-000000000000" };
  return path.replace(/:(\w+)/g, (_, name: string) => values[name] ?? defaults[name] ?? "1");
}

interface RouteEntry {
  id?: string;
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

/** Every page under the staff layout (app/routes.ts), and whether it sits under the managers' layout. */
function staffPages(): { path: string; managers: boolean }[] {
  const layout = (staffRoutes as RouteEntry[]).find((r) => r.id === "staff-layout");
  if (!layout) throw new Error("No staff layout in app/routes.ts");
  const walk = (entries: RouteEntry[], managers: boolean): { path: string; managers: boolean }[] =>
    entries.flatMap((r) => [...(r.path ? [{ path: `/${r.path}`, managers }] : []), ...walk(r.children ?? [], managers || r.id === "staff-managers")]);
  return walk(layout.children ?? [], false);
}

describe.each(engines)("staff roles on %s", (engine) => {
  const team = staffTeamFor(engine, { pages: true });
  let server: TestServer;
  let morgan: StaffClient;
  let rae: StaffClient;
  const client = () => team.client();
  const html = async (response: Response) => (await response.text()).replace(/\s+/g, " ");
  const db = () => server.services.db;

  const apply = (name: string) => applyAsVisitor(server.url, name);

  beforeAll(() => {
    ({ server, morgan, rae } = team);
  });

  it("says who is signed in and with which role", async () => {
    expect(await (await rae.request("GET", "/api/staff/session")).json()).toEqual({ name: "Rae", role: "reception" });
    expect(await (await morgan.request("GET", "/api/staff/session")).json()).toEqual({ name: "Morgan", role: "manager" });
    const signIn = await client().signIn(RAE);
    expect(await signIn.json()).toEqual({ name: "Rae", role: "reception" });
  });

  it("answers reception 403 from every manager-only call of the API, changing nothing, and lets it do its own work", async () => {
    const id = await apply("Api Roleless");
    const { id: model } = await submitPublicForm(server.url, "models", "Api Model");
    const before = await db().selectFrom("audit_events").select("id").execute();
    const refused: [string, string, unknown?][] = [
      ["PATCH", "/api/joinus-email-response", { ID: id, EmailResponse: "maybe" }],
      ["GET", "/api/staff/settings"],
      ["PATCH", "/api/staff/settings", { hideOffers: true }],
      ["POST", "/api/staff/news-items", { title: "Reception news", text: "Should not appear" }],
      ["PATCH", "/api/staff/news-items/anything", { title: "Changed" }],
      ["DELETE", "/api/staff/news-items/anything"],
      ["GET", "/api/staff/visits"],
      ["POST", "/api/staff/photos", { for: "hero", alt: "Reception's photo", consent: "true" }],
      ["DELETE", "/api/staff/photos/1"],
    ];
    for (const [method, path, json] of refused) {
      const response = await rae.request(method, path, json === undefined ? {} : { json });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.json()).toEqual({ error: "Only a manager can do that. Ask a manager if it needs doing." });
    }
    expect(await db().selectFrom("audit_events").select("id").execute()).toEqual(before);
    expect(await db().selectFrom("job_applicants").select("email_response").where("id", "=", id).executeTakeFirst()).toEqual({ email_response: null });
    expect(await db().selectFrom("site_news_items").select("title").where("title", "=", "Reception news").execute()).toEqual([]);

    // What reception is for: reading and noting applicants, ticking off enquiries.
    expect((await rae.request("GET", "/api/joinus-applicants/all")).status).toBe(200);
    expect((await rae.request("PATCH", `/api/joinus-applicant/${id}`, { json: { note: "Called back", follow_up: "maybe" } })).status).toBe(200);
    expect((await rae.request("PATCH", `/api/staff/inbox/models/${model}`, { json: { handled: true } })).status).toBe(200);
    // And a manager may do the manager's part.
    expect((await morgan.request("GET", "/api/staff/settings")).status).toBe(200);
    expect((await morgan.request("PATCH", "/api/joinus-email-response", { json: { ID: id, EmailResponse: "maybe" } })).status).toBe(202);
  });

  it("answers reception 403 from every manager-only page and action, and hides them from its pages", async () => {
    const id = await apply("Page Roleless");
    const { id: model } = await submitPublicForm(server.url, "models", "Page Model");
    const refused: [string, string, Record<string, string>?][] = [
      ["GET", "/staff/site"],
      ["POST", "/staff/site", { intent: "offers", hideOffers: "true" }],
      ["POST", "/staff/site", { intent: "reset" }],
      ["POST", `/applicant/${id}`, { intent: "email", response: "unsuccessful" }],
      ["GET", `/applicant/${id}/erase`],
      ["POST", `/applicant/${id}/erase`, { intent: "erase", confirm: "ERASE" }],
      ["GET", `/staff/models/${model}/erase`],
      ["POST", `/staff/models/${model}/erase`, { intent: "erase", confirm: "ERASE" }],
      ["GET", "/staff/visits"],
      ["GET", "/staff/marketing"],
      ["POST", "/staff/marketing", { intent: "remove", id: "1" }],
      ["GET", "/staff/studio/photos"],
      ["POST", "/staff/studio/photos", { intent: "remove", id: "1" }],
    ];
    for (const [method, path, form] of refused) {
      const response = await rae.request(method, path, form ? { form } : {});
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const page = await html(response);
      expect(page).toContain("Managers only");
      expect(page).toContain("Only a manager can do that.");
    }
    // A download has no page to show the refusal in: a bare 403, and no file.
    const download = await rae.request("POST", "/staff/marketing/export", { form: { intent: "export" } });
    expect(download.status).toBe(403);
    expect(download.headers.get("content-disposition")).toBeNull();
    expect(await db().selectFrom("job_applicants").select(["email_response"]).where("id", "=", id).executeTakeFirst()).toEqual({ email_response: null });
    expect(await db().selectFrom("model_applicants").select("id").where("id", "=", model).executeTakeFirst()).toEqual({ id: model });
    expect(await db().selectFrom("site_settings").select("key").execute()).toEqual([]);

    // Reception's pages leave out what it cannot do; a manager's show it.
    const raeApplicant = await html(await rae.request("GET", `/applicant/${id}`));
    expect(raeApplicant).toMatch(/Signed in as <strong[^>]*>Rae<\/strong><span[^>]*> \(Reception\)<\/span>/);
    expect(raeApplicant).toContain("Add a note or change the follow-up");
    expect(raeApplicant).not.toContain("Erase this applicant");
    expect(raeApplicant).not.toContain("Email response");
    const morganApplicant = await html(await morgan.request("GET", `/applicant/${id}`));
    expect(morganApplicant).toContain("Erase this applicant");
    expect(morganApplicant).toContain("Email response");
    expect(await html(await rae.request("GET", "/staff"))).not.toContain('href="/staff/site"');
    expect(await html(await morgan.request("GET", "/staff"))).toContain('href="/staff/site"');
    expect(await html(await rae.request("GET", "/staff/models"))).not.toContain(`/staff/models/${model}/erase`);
    expect(await html(await morgan.request("GET", "/staff/models"))).toContain(`/staff/models/${model}/erase`);

    // What reception may do, it does from the page.
    const noted = await rae.request("POST", `/applicant/${id}`, { form: { intent: "update", note: "Left a voicemail", follow_up: "maybe" } });
    expect(noted.status).toBe(200);
    expect(await html(noted)).toMatch(/Rae \d\d\/\d\d\/\d\d:<\/span> <span[^>]*>Left a voicemail/);
  });

  it("walks every staff API call and every staff page through the one gate: 401 signed out, 403 cross-origin, 403 to reception where a manager is needed", async () => {
    // The calls as the routers have them, in the order create-app.ts mounts them.
    const routers = [staffRouter, staffDeskRouter, staffPhotosRouter, staffVisitsRouter, studioRouter].map((make) => make(server.services));
    const calls = routers.flatMap((router) =>
      (router.stack as { route?: { path: string; methods: Record<string, boolean> } }[]).flatMap((layer) =>
        layer.route ? Object.keys(layer.route.methods).map((method) => `${method.toUpperCase()} ${layer.route!.path}`) : [],
      ),
    );
    expect(calls.toSorted(), "every staff API call is in the table of who may make it").toEqual(Object.keys(apiCalls).toSorted());

    const evil = "http://evil.example";
    const signedOut = client();
    for (const call of calls) {
      const [method, path] = call.split(" ") as [string, string];
      const url = `/api${fill(path)}`;
      const needs = apiCalls[call]!;
      if (needs !== "sign-in") {
        const response = await signedOut.request(method, url);
        expect(response.status, `${call} signed out`).toBe(401);
        expect(response.headers.get("cache-control")).toBe("no-store");
        expect(await response.json()).toEqual({ error: "Please sign in with your PIN first." });
      }
      if (method !== "GET") {
        // With a manager's valid session, from another site: refused before anything runs (the session stays).
        const response = await morgan.request(method, url, { headers: { origin: evil } });
        expect(response.status, `${call} cross-origin`).toBe(403);
        expect(await response.json()).toEqual({ error: CROSS_ORIGIN_MESSAGE });
      }
      if (needs === "manager") {
        const response = await rae.request(method, url);
        expect(response.status, `${call} as reception`).toBe(403);
        expect(await response.json()).toEqual({ error: "Only a manager can do that. Ask a manager if it needs doing." });
      }
    }
    expect((await morgan.request("GET", "/api/staff/session")).status).toBe(200);

    const pages = staffPages();
    expect(pages.length).toBeGreaterThan(20);
    const { id: model } = await submitPublicForm(server.url, "models", "Gate Model");
    const id = await apply("Gate Walk");
    for (const { path, managers } of pages) {
      const url = fill(path, { id: String(path.startsWith("/staff/:kind") ? model : id) });
      const out = await signedOut.request("GET", url);
      expect(out.status, `${path} signed out`).toBe(401);
      expect(out.headers.get("cache-control")).toBe("no-store");
      const crossOrigin = await morgan.request("POST", url, { form: { intent: "anything" }, headers: { origin: evil } });
      expect(crossOrigin.status, `${path} cross-origin`).toBe(403);
      expect(await crossOrigin.text()).toContain("This request came from another site");
      // Without Origin, as an older browser posts: refused by its Referer.
      const byReferer = await morgan.request("POST", url, { form: { intent: "anything" }, headers: { referer: `${evil}/form` } });
      expect(byReferer.status, `${path} cross-origin by Referer`).toBe(403);
      if (managers) {
        const refused = await rae.request("GET", url);
        expect(refused.status, `${path} as reception`).toBe(403);
        expect(refused.headers.get("cache-control")).toBe("no-store");
      }
    }
    expect((await morgan.request("GET", "/staff")).status).toBe(200);
  });

  it("guards a new staff API route by the staff router's gate alone: 401 signed out, 403 without the role", async () => {
    // A route of the future, mounted after the staff router as the desk's routes are, with no check of its own.
    const app = express();
    app.set("trust proxy", "loopback");
    app.use((req, _res, next) => {
      (req as unknown as { log: unknown }).log = server.services.logger;
      next();
    });
    app.use(express.json());
    app.use(staffRouter(server.services));
    app.use(
      Router()
        .get("/staff/new-report", (_req, res) => void res.json({ secret: "figures" }))
        .post("/staff/new-report", requireRole("manager"), (_req, res) => void res.status(201).json({ made: true })),
    );
    const probe = http.createServer(app);
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
    try {
      const as = (who: StaffClient | null, method = "GET") =>
        fetch(`${base}/staff/new-report`, { method, headers: who ? { cookie: who.cookieHeader } : {} });
      const signedOut = await as(null);
      expect(signedOut.status).toBe(401);
      expect(await signedOut.json()).toEqual({ error: "Please sign in with your PIN first." });
      expect((await as(rae)).status).toBe(200);
      expect((await as(rae, "POST")).status).toBe(403);
      expect((await as(morgan, "POST")).status).toBe(201);
    } finally {
      await new Promise<void>((resolve) => probe.close(() => resolve()));
    }
  });

  it("guards a new staff page by the layout alone: the PIN form signed out, 403 under the managers' layout", async () => {
    // The app's own staff layouts (their middleware and loader), with two new routes that have a loader and nothing else.
    const routes = [
      {
        id: "root",
        path: "/",
        hasErrorBoundary: true,
        loader: () => ({ root: true }),
        children: [
          {
            id: "staff-layout",
            middleware: staffLayout.middleware,
            loader: staffLayout.loader,
            children: [
              { id: "new-page", path: "new-page", loader: () => ({ secret: "the new page's data" }) },
              {
                id: "staff-managers",
                middleware: staffManagers.middleware,
                children: [{ id: "new-manager-page", path: "new-manager-page", loader: () => ({ secret: "the managers' data" }) }],
              },
            ],
          },
        ],
      },
    ];
    // The route modules' types are framework mode's; the route objects are the same functions.
    const handler = createStaticHandler(routes as unknown as RouteObject[]);
    const visit = async (path: string, who: StaffClient | null) => {
      const request = new Request(`${server.url}${path}`, { headers: who ? { cookie: who.cookieHeader } : {} });
      const context = new RouterContextProvider();
      context.set(servicesContext, server.services);
      context.set(clientAddressContext, "127.0.0.1");
      const response = await handler.query(request, {
        requestContext: context,
        generateMiddlewareResponse: async (query) => {
          const result = await query(request);
          if (result instanceof Response) return result;
          return Response.json({ loaderData: result.loaderData, errors: result.errors }, { status: result.statusCode });
        },
      });
      if (!(response instanceof Response)) throw new Error("With middleware, query answers a Response");
      return { status: response.status, cacheControl: response.headers.get("cache-control"), body: JSON.stringify(await response.json()) };
    };

    for (const path of ["/new-page", "/new-manager-page"]) {
      const signedOut = await visit(path, null);
      expect(signedOut.status, path).toBe(401);
      expect(signedOut.cacheControl).toBe("no-store");
      expect(signedOut.body).toContain('"refusal":"sign-in"');
      expect(signedOut.body).not.toMatch(/the new page's data|the managers' data/);
    }
    const page = await visit("/new-page", rae);
    expect(page.status).toBe(200);
    expect(page.body).toContain("the new page's data");
    expect(page.body).toContain('"role":"reception"');
    const forbidden = await visit("/new-manager-page", rae);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toContain('"refusal":"forbidden"');
    expect(forbidden.body).not.toContain("the managers' data");
    const allowed = await visit("/new-manager-page", morgan);
    expect(allowed.status).toBe(200);
    expect(allowed.body).toContain("the managers' data");
  });
});

describe.each(engines)("a fresh install on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, {}, { pages: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("says at the PIN form that no staff account exists yet, and how to add one", async () => {
    const response = await fetch(`${server.url}/staff`);
    expect(response.status).toBe(401);
    const page = (await response.text()).replace(/\s+/g, " ");
    expect(page).toContain("No staff account exists yet, so no PIN will work.");
    expect(page).toContain("npm run staff -- add NAME");
    expect(page).toMatch(/<form id="staff-sign-in"[^>]*action="\/staff" method="post"/);

    await server.services.db
      .insertInto("staff_accounts")
      .values({ name: "Morgan", name_key: "morgan", pin_hash: "not a hash", created_at: new Date().toISOString(), updated_at: new Date().toISOString() })
      .execute();
    expect(await (await fetch(`${server.url}/staff`)).text()).not.toContain("No staff account exists yet");
  });
});
