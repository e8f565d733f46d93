import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import * as tar from "tar";
import { beforeAll, describe, expect, it } from "vitest";
import { readContentFiles } from "~/modules/site/content-store.server";
import { importContent } from "~/modules/studio/content-io.server";
import { engines } from "../support/databases";
import { saveQuote, savedQuoteLink } from "../support/quotes";
import { STAFF, type StaffClient } from "../support/staff-client";
import { staffTeamFor } from "../support/staff-team";
import { caughtUp, startTestServer, type TestServer } from "../support/test-server";

const ROOTS = 3; // the fixture's Roots Touch-up: £15 + £5 product, 90 minutes
const quoteBody = { name: "Priya Shah", mobile: "+44 7700 900123", email: "priya.shah@example.com", referral: "google", salon_id: 3, regular: true, selector: "Level", level_id: 1 };

// The studio's API (api-contract.md, "Studio (managers)") on a real server and database.
describe.each(engines)("studio API on %s", (engine) => {
  let server: TestServer;
  let morgan: StaffClient;
  let rae: StaffClient;
  const team = staffTeamFor(engine, { pages: true, network: "203.0.113" });
  const client = () => team.client();
  const publicServices = async (url = server.url) =>
    (await (await fetch(`${url}/api/services`)).json()) as { id: number; service: string; price: number; minutes: number }[];
  const history = async () => (await (await morgan.request("GET", "/api/staff/history")).json()) as { id: number; at: string; staff: string; what: string; summary: string }[];
  const patch = (id: number, json: unknown) => morgan.request("PATCH", `/api/staff/studio/services/${id}`, { json });

  beforeAll(() => {
    ({ server, morgan, rae } = team);
  });

  const calls: [string, string, unknown?][] = [
    ["PATCH", `/api/staff/studio/services/${ROOTS}`, { price: 99 }],
    ["POST", "/api/staff/studio/services", { service: "Fringe Shape", price: 5, product_price: 0, cat1: 1, cat2: 0, minutes: 15 }],
    ["GET", "/api/staff/history"],
    ["POST", "/api/staff/history/1/undo"],
    ["GET", "/api/staff/studio/export"],
    ["PATCH", "/api/staff/studio/stylists/idris", { taking_new_clients: true }],
    ["POST", "/api/staff/studio/stylists", { first_name: "Jo", last_name: "Marsh", level: 1, salon: 3, para_1: "Jo joined us this spring." }],
    ["POST", "/api/staff/studio/posts", { title: "A post", body: "Words.", author: "Morgan" }],
    ["PATCH", "/api/staff/studio/posts/patch-test-basics", { draft: true }],
    ["DELETE", "/api/staff/studio/posts/patch-test-basics"],
    ["POST", "/api/staff/studio/offers", { title: "An offer", percent: 10, text: "Ten per cent off any colour appointment booked this month." }],
    ["PATCH", "/api/staff/studio/offers/rosa", { percent: 20 }],
    ["DELETE", "/api/staff/studio/offers/rosa"],
  ];

  it.each(calls)("%s %s answers 401 without a session and 403 to reception, changing nothing", async (method, path, json) => {
    const options = json === undefined ? {} : { json };
    const anonymous = await client().request(method, path, options);
    expect(anonymous.status).toBe(401);
    const refused = await rae.request(method, path, options);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: expect.stringContaining("Only a manager") });
    expect((await publicServices()).find((s) => s.id === ROOTS)?.price).toBe(15);
    expect(await server.services.db.selectFrom("studio_history").select("id").execute()).toEqual([]);
  });

  it("keeps the studio's pages from reception (403) and shows them to a manager", async () => {
    for (const page of ["/staff/studio/prices", "/staff/studio/team", "/staff/studio/posts", "/staff/studio/offers", "/staff/studio/history"]) {
      expect((await rae.request("GET", page)).status).toBe(403);
      expect((await rae.request("POST", page, { form: { intent: "service", id: String(ROOTS), service: "Roots", price: "1", product_price: "0", minutes: "30" }, headers: { origin: server.url } })).status).toBe(403);
      const shown = await morgan.request("GET", page);
      expect(shown.status).toBe(200);
    }
    expect(await (await morgan.request("GET", "/staff/studio/prices")).text()).toContain("Roots Touch-up");
    expect(await history()).toEqual([]);
  });

  it("refuses bad input with 400 and a message beside each field, saving nothing", async () => {
    const response = await patch(ROOTS, { price: "fourteen", minutes: 2, hidden: "maybe", service: "   " });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; fields: Record<string, string> };
    expect(body.fields).toEqual({
      price: "Give the price in pounds, like 14 or 14.50",
      minutes: "The chair time is at least 5 minutes",
      hidden: "Say whether it is hidden: true or false",
      service: "Give the service a name",
    });
    const missing = await morgan.request("POST", "/api/staff/studio/services", { json: { service: "Fringe Shape", price: -1 } });
    expect(missing.status).toBe(400);
    expect(Object.keys(((await missing.json()) as { fields: object }).fields).sort()).toEqual(["cat1", "cat2", "minutes", "price", "product_price"]);
    expect((await patch(999, { price: 10 })).status).toBe(404);
    expect(await history()).toEqual([]);
  });

  it("refuses hidden control characters in the studio's words, saving nothing", async () => {
    const response = await patch(ROOTS, { service: "Roots\u0000Touch-up" });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fields: Record<string, string> }).fields).toEqual({ service: "Please remove the hidden control characters from this answer" });
    expect((await publicServices()).find((s) => s.id === ROOTS)?.service).toBe("Roots Touch-up");
    expect(await history()).toEqual([]);
  });

  it("changes a price: the API and the offers' claims follow at once; saved quotes keep theirs; undo puts it back", async () => {
    const link = await savedQuoteLink(server.url, { ...quoteBody, service_ids: [ROOTS, 2] });
    const claimBefore = server.services.content.copy.offers.claims.starterFrom!.price;

    const response = await patch(ROOTS, { price: 16, minutes: "100" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: ROOTS, service: "Roots Touch-up", price: 16, product_price: 5, cat1: 2, cat2: 0, minutes: 100, hidden: false, version: expect.any(String) });
    expect((await publicServices()).find((s) => s.id === ROOTS)).toMatchObject({ price: 16, minutes: 100 });
    // The starter's "from" price is Roots Touch-up and a Blow-dry at level 1: a pound more.
    expect(server.services.content.copy.offers.claims.starterFrom!.price).toBe(claimBefore + 1);
    const quote = (await (await fetch(`${server.url}/api/get-quote-details/${link}`)).json()) as { quote: { services: { price: number }[] } };
    expect(quote.quote.services.map((s) => s.price)).toEqual([20, 11]);

    const [entry] = await history();
    expect(entry).toEqual({ id: expect.any(Number), at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), staff: "Morgan", what: "price list", summary: "Roots Touch-up: £15 → £16, 90 → 100 minutes" });

    const undo = await morgan.request("POST", `/api/staff/history/${entry!.id}/undo`);
    expect(undo.status).toBe(200);
    expect(await undo.json()).toMatchObject({ staff: "Morgan", summary: "Undid “Roots Touch-up: £15 → £16, 90 → 100 minutes”" });
    expect((await publicServices()).find((s) => s.id === ROOTS)).toMatchObject({ price: 15, minutes: 90 });
    expect(server.services.content.copy.offers.claims.starterFrom!.price).toBe(claimBefore);
    expect((await history()).map((e) => e.summary).slice(0, 2)).toEqual(["Undid “Roots Touch-up: £15 → £16, 90 → 100 minutes”", "Roots Touch-up: £15 → £16, 90 → 100 minutes"]);
    // Once undone, undone: a second undo names the undo.
    const again = await morgan.request("POST", `/api/staff/history/${entry!.id}/undo`);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toContain("undone already");
  });

  it("refuses with 409 an undo that a later change to the same service stands in the way of, naming it", async () => {
    expect((await patch(ROOTS, { price: 17 })).status).toBe(200);
    expect((await patch(ROOTS, { price: 18 })).status).toBe(200);
    const [later, first] = await history();
    const refused = await morgan.request("POST", `/api/staff/history/${first!.id}/undo`);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: `A later change stands in the way: “Roots Touch-up £17 → £18” by Morgan (history entry ${later!.id}). Undo that one first.` });
    expect((await publicServices()).find((s) => s.id === ROOTS)?.price).toBe(18);
    // In order, both go back.
    expect((await morgan.request("POST", `/api/staff/history/${later!.id}/undo`)).status).toBe(200);
    expect((await morgan.request("POST", `/api/staff/history/${first!.id}/undo`)).status).toBe(200);
    expect((await publicServices()).find((s) => s.id === ROOTS)?.price).toBe(15);
  });

  it("adds a service (201 with its id) and hides one: it leaves the price list and new quotes", async () => {
    const added = await morgan.request("POST", "/api/staff/studio/services", { json: { service: "Fringe Shape", price: "5.50", product_price: 0, cat1: 1, cat2: 0, minutes: 15 } });
    expect(added.status).toBe(201);
    const { id } = (await added.json()) as { id: number };
    expect((await publicServices()).find((s) => s.id === id)).toEqual({ id, service: "Fringe Shape", price: 5.5, product_price: 0, cat1: 1, cat2: 0, minutes: 15 });

    expect((await patch(id, { hidden: true })).status).toBe(200);
    expect((await publicServices()).some((s) => s.id === id)).toBe(false);
    expect((await saveQuote(server.url, { ...quoteBody, service_ids: [id] })).status).toBe(400);
    expect((await history())[0]!.summary).toBe("Fringe Shape: hidden");
  });

  it("refuses a change that would break the site's content, naming why, and saves nothing", async () => {
    // The offers claim Roots Touch-up's price: hiding it would leave a claim with nothing to price.
    const response = await patch(ROOTS, { hidden: true });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/nothing was saved: content\/offers\.yaml/);
    expect((await publicServices()).some((s) => s.id === ROOTS)).toBe(true);
  });

  it("changes a price from the page's form without JavaScript, says what is wrong beside the field, and undoes it from the history page", async () => {
    const own = { origin: server.url };
    const form = { intent: "service", id: String(ROOTS), service: "Roots Touch-up", product_price: "5", minutes: "90" };
    // The page gives the price as each level charges it; the base price is worked out from them.
    const at = (prices: Record<number, string>) => Object.fromEntries(Object.entries(prices).flatMap(([level, price], i) => [[`prices[${i}].level`, level], [`prices[${i}].price`, price]]));
    const bad = await morgan.request("POST", "/staff/studio/prices", { form: { ...form, ...at({ 1: "lots" }) }, headers: own });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("The salon charges whole pounds: give the price like 20");
    const apart = await morgan.request("POST", "/staff/studio/prices", { form: { ...form, ...at({ 1: "20", 7: "60" }) }, headers: own });
    expect(apart.status).toBe(400);
    expect((await apart.text()).replace(/&#x27;/g, "'")).toContain("These prices cannot all be right: at £20 for New Starter, Director charges £70, not £60. Each level adds its own share");
    const saved = await morgan.request("POST", "/staff/studio/prices", { form: { ...form, ...at({ 1: "21", 2: "29" }) }, headers: own });
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Saved: Roots Touch-up £15 → £16.");
    expect((await publicServices()).find((s) => s.id === ROOTS)?.price).toBe(16);
    const [entry] = await history();
    const undone = await morgan.request("POST", "/staff/studio/history", { form: { id: String(entry!.id) }, headers: own });
    expect(undone.status).toBe(200);
    expect(await undone.text()).toContain("Undid “Roots Touch-up £15 → £16”. The website shows what was there before.");
    expect((await publicServices()).find((s) => s.id === ROOTS)?.price).toBe(15);
  });

  it("downloads the content as a .tar.gz of content/, and importing it back gives the same site, as one entry of the history", async () => {
    const before = await readContentFiles(server.services.db);
    const response = await morgan.request("GET", "/api/staff/studio/export");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/gzip");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="content-\d{4}-\d\d-\d\d\.tar\.gz"$/);
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "studio-export-"));
    try {
      await pipeline(Readable.from(Buffer.from(await response.arrayBuffer())), tar.x({ cwd: work }));
      const dir = path.join(work, "content");
      expect(fs.readFileSync(path.join(dir, "services.yaml"), "utf8")).toBe(before.get("services.yaml"));
      expect(fs.existsSync(path.join(dir, "images"))).toBe(true);

      expect((await patch(ROOTS, { price: 19 })).status).toBe(200);
      const outcome = await importContent(server.services, { name: "Developer" }, dir);
      expect(outcome).toMatchObject({ kind: "done", entry: { staff: "Developer", what: "content", summary: "Imported the content files: 1 file changed (services.yaml)" } });
      expect(await readContentFiles(server.services.db)).toEqual(before);
      expect((await publicServices()).find((s) => s.id === ROOTS)?.price).toBe(15);
      // Importing the same again changes nothing.
      expect((await importContent(server.services, { name: "Developer" }, dir)).kind).toBe("unchanged");
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });

  it("finding: an aborted studio export leaves its copy (content and photos) in the system temp folder", async () => {
    // Photos enough that the download cannot all sit in the connection's buffers: it is still being sent when the client goes.
    const noise = () => crypto.randomBytes(4 * 1024 * 1024);
    const at = new Date().toISOString();
    const ids: number[] = [];
    for (const alt of ["Noise one", "Noise two", "Noise three"]) {
      const row = await server.services.db
        .insertInto("photos")
        .values({
          target: "hero", bytes: noise(), kind: "jpeg", width: 2400, height: 1800, placeholder: "data:image/webp;base64,", alt,
          focus_x: 0.5, focus_y: 0.5, consent_by: "Morgan", consent_at: at, created_by: "Morgan", created_at: at, removed_by: null, removed_at: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids.push(Number(row.id));
    }
    // The server writes its copy under the system temp folder: here, a folder of this test's own.
    const temp = fs.mkdtempSync(path.join(os.tmpdir(), "export-abort-"));
    const before = process.env.TMPDIR;
    process.env.TMPDIR = temp;
    try {
      expect(os.tmpdir()).toBe(temp);
      const url = new URL("/api/staff/studio/export", server.url);
      // The first bytes of the archive arrive; then the client goes.
      const received = await new Promise<number>((resolve, reject) => {
        const request = http.get(url, { headers: { cookie: morgan.cookieHeader } }, (response) => {
          expect(response.statusCode).toBe(200);
          response.once("data", (chunk: Buffer) => {
            expect(fs.readdirSync(temp).length).toBe(1);
            request.destroy();
            resolve(chunk.length);
          });
        });
        request.on("error", (error) => (request.destroyed ? undefined : reject(error)));
      });
      expect(received).toBeGreaterThan(0);
      await expect.poll(() => fs.readdirSync(temp), { timeout: 5_000 }).toEqual([]);
      // And a download to the end leaves nothing either.
      const whole = await morgan.request("GET", "/api/staff/studio/export");
      expect(whole.status).toBe(200);
      expect((await whole.arrayBuffer()).byteLength).toBeGreaterThan(3 * 4 * 1024 * 1024);
      expect(fs.readdirSync(temp)).toEqual([]);
    } finally {
      if (before === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = before;
      fs.rmSync(temp, { recursive: true, force: true });
      await server.services.db.deleteFrom("photos").where("id", "in", ids).execute();
    }
  }, 30_000);

  it("changes a stylist, hides one (off the team, the calculator and the sitemap; the profile answers 404), and adds one with a slug of their own", async () => {
    const bad = await morgan.request("PATCH", "/api/staff/studio/stylists/idris", { json: { level: 99, first_name: " ", taking_new_clients: "yes" } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: object }).fields).toEqual({
      first_name: "Give their first name",
      taking_new_clients: "Say whether they are taking new clients: true or false",
    });
    const unknownLevel = await morgan.request("PATCH", "/api/staff/studio/stylists/idris", { json: { level: 99 } });
    expect(await unknownLevel.json()).toEqual({ error: "Please check the stylist", fields: { level: "Choose one of the levels" } });
    expect((await morgan.request("PATCH", "/api/staff/studio/stylists/nobody", { json: { level: 1 } })).status).toBe(404);

    const changed = await morgan.request("PATCH", "/api/staff/studio/stylists/idris", { json: { taking_new_clients: true, favourite_style: "Skin fades", para_3: "" } });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ slug: "idris", taking_new_clients: true, favourite_style: "Skin fades", para_3: null });
    const team = async () => (await (await fetch(`${server.url}/api/team`)).json()) as { slug: string; taking_new_clients: boolean; para_3: string | null }[];
    expect((await team()).find((t) => t.slug === "idris")).toMatchObject({ taking_new_clients: true, para_3: null });
    expect((await history())[0]!.summary).toBe("Idris Fenwick: taking new clients, new favourite style, third paragraph");

    expect((await morgan.request("PATCH", "/api/staff/studio/stylists/lowri", { json: { hidden: true } })).status).toBe(200);
    expect((await team()).some((t) => t.slug === "lowri")).toBe(false);
    expect((await fetch(`${server.url}/team/lowri`)).status).toBe(404);
    expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).not.toContain("/team/lowri");
    const stylists = (await (await fetch(`${server.url}/api/stylists`)).json()) as { slug: string }[];
    expect(stylists.some((t) => t.slug === "lowri")).toBe(false);

    const added = await morgan.request("POST", "/api/staff/studio/stylists", { json: { first_name: "Rosa", last_name: "Pike", level: 1, salon: 3, para_1: "Rosa joined us this spring." } });
    expect(added.status).toBe(201);
    expect(await added.json()).toEqual({ slug: "rosa-pike", version: expect.any(String) });
    expect((await team()).map((t) => t.slug)).toContain("rosa-pike");
    expect((await fetch(`${server.url}/team/rosa-pike`)).status).toBe(200);

    // The team page's order, from the studio's team page (a form without JavaScript).
    const order = (await team()).map((t) => t.slug);
    const last = order.at(-1)!;
    const moved = await morgan.request("POST", "/staff/studio/team", { form: { intent: "move", slug: last, direction: "up" }, headers: { origin: server.url } });
    expect(moved.status).toBe(200);
    expect((await team()).map((t) => t.slug)).toEqual([...order.slice(0, -2), last, order.at(-2)]);
  });

  it("writes a draft post (listed nowhere, its page for staff only, marked), previews it, publishes it and removes it", async () => {
    const bad = await morgan.request("POST", "/api/staff/studio/posts", { json: { title: " ", body: "" } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: object }).fields).toEqual({ title: "Give the post a title", body: "Write the post", author: "Say who wrote it" });
    const leap = await morgan.request("POST", "/api/staff/studio/posts", { json: { title: "Leap day", body: "Words.", author: "Morgan", date: "2027-02-29" } });
    expect(leap.status).toBe(400);
    expect(((await leap.json()) as { fields: object }).fields).toEqual({ date: "That date does not exist" });

    const body = "Our new colour bar opens on **Monday**.\n\nCome and see it: [book here](/prices).";
    const preview = await morgan.request("POST", "/staff/studio/posts", { form: { intent: "preview", slug: "", title: "The colour bar", author: "Morgan", date: "2026-11-20", body }, headers: { origin: server.url } });
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain("Our new colour bar opens on <strong>Monday</strong>.");
    // The live preview, as the words are typed: the words alone, made safe, and nothing saved.
    const live = await morgan.request("POST", "/staff/studio/posts", { form: { intent: "live-preview", slug: "", body: "So **bright**.<script>alert(1)</script>" }, headers: { origin: server.url } });
    expect(live.status).toBe(200);
    const liveHtml = await live.text();
    expect(liveHtml).toContain("So <strong>bright</strong>.");
    expect(liveHtml).not.toContain("<script>alert");
    expect(await history()).not.toContainEqual(expect.objectContaining({ what: "posts" }));

    const created = await morgan.request("POST", "/api/staff/studio/posts", { json: { title: "The colour bar", body, author: "Morgan", date: "2026-11-20", draft: true } });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ slug: "the-colour-bar", version: expect.any(String) });
    const listed = async () => ((await (await fetch(`${server.url}/api/blog-posts`)).json()) as { slug: string }[]).map((p) => p.slug);
    expect(await listed()).not.toContain("the-colour-bar");
    expect((await fetch(`${server.url}/blog/the-colour-bar`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/blog-post/the-colour-bar`)).status).toBe(404);
    expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).not.toContain("the-colour-bar");
    const staffView = await morgan.request("GET", "/blog/the-colour-bar");
    expect(staffView.status).toBe(200);
    expect(staffView.headers.get("cache-control")).toBe("private, no-store");
    expect(await staffView.text()).toContain("Draft: only signed-in staff can see this page.");
    // Still nothing for the public after a signed-in look (no cache kept it).
    expect((await fetch(`${server.url}/blog/the-colour-bar`)).status).toBe(404);

    const published = await morgan.request("PATCH", "/api/staff/studio/posts/the-colour-bar", { json: { draft: false } });
    expect(published.status).toBe(200);
    expect(await published.json()).toMatchObject({ slug: "the-colour-bar", draft: false, title: "The colour bar" });
    expect((await history())[0]!.summary).toBe("Published “The colour bar”");
    expect(await listed()).toContain("the-colour-bar");
    const page = await fetch(`${server.url}/blog/the-colour-bar`);
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain("Draft: only signed-in staff");
    // Its picture is one the site knows now: a plain tile until a photograph is added.
    expect((await fetch(`${server.url}/images/blog/the-colour-bar-480.jpg`)).status).toBe(200);

    expect((await morgan.request("DELETE", "/api/staff/studio/posts/the-colour-bar")).status).toBe(204);
    expect(await listed()).not.toContain("the-colour-bar");
    expect((await morgan.request("DELETE", "/api/staff/studio/posts/the-colour-bar")).status).toBe(404);
  });

  it("adds an offer with its dates, code, percentage and words (the price placeholders still worked out), changes it and removes it", async () => {
    const bad = await morgan.request("POST", "/api/staff/studio/offers", { json: { title: "", percent: 0, text: "Too short.", startDate: "2027-03-01", endDate: "2027-02-01" } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: object }).fields).toEqual({
      title: "Give the offer a title",
      percent: "Give a percentage from 1 to 100",
      text: "Say what the offer is in a sentence or two (at least 50 characters): search results show it",
    });
    // A day the calendar has not was taken, and became the 2nd of March.
    for (const [field, day] of [["startDate", "2027-02-30"], ["endDate", "2027-04-31"]] as const) {
      const impossible = await morgan.request("POST", "/api/staff/studio/offers", { json: { title: "Leap", percent: 10, text: "Ten per cent off any colour appointment booked this month.", startDate: "2027-02-01", endDate: "2027-05-01", [field]: day } });
      expect(impossible.status).toBe(400);
      expect(await impossible.json()).toEqual({ error: "Please check the offer", fields: { [field]: "That date does not exist" } });
    }
    const backwards = await morgan.request("POST", "/api/staff/studio/offers", { json: { title: "Backwards", percent: 10, text: "Ten per cent off any colour appointment booked this month.", startDate: "2027-03-01", endDate: "2027-02-01" } });
    expect(await backwards.json()).toEqual({ error: "Please check the offer", fields: { endDate: "The offer ends before it starts" } });
    const starter = server.services.content.copy.offers.claims.starterFrom!.price;
    const text = "Take 20% off any colour this spring.\n\nRoots and a blow-dry start from {{starterFrom}} with our New Starters.";
    const created = await morgan.request("POST", "/api/staff/studio/offers", { json: { title: "Spring colour", code: "spring20", percent: 20, startDate: "2026-01-01", endDate: "2027-12-31", text } });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ slug: "spring-colour", version: expect.any(String) });
    const page = await fetch(`${server.url}/offers/spring-colour`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("SPRING20");
    expect(html).toContain(`Roots and a blow-dry start from £${starter} with our New Starters.`);

    const changed = await morgan.request("PATCH", "/api/staff/studio/offers/spring-colour", { json: { percent: 25, code: "" } });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({ slug: "spring-colour", title: "Spring colour", code: null, percent: 25, startDate: "2026-01-01", endDate: "2027-12-31", text, audience: "everyone", services: [], small_print: "", publish_at: null, version: expect.any(String) });
    expect((await history())[0]!.summary).toBe("Offer “Spring colour”: 25% off, no code");
    expect((await morgan.request("PATCH", "/api/staff/studio/offers/nothing", { json: { percent: 5 } })).status).toBe(404);

    // Moved to next year, it has not started: visitors read when it starts, staff see the whole offer under a banner.
    expect((await morgan.request("PATCH", "/api/staff/studio/offers/spring-colour", { json: { percent: 20, code: "spring20", startDate: "2027-03-01" } })).status).toBe(200);
    const upcoming = await (await fetch(`${server.url}/offers/spring-colour`)).text();
    expect(upcoming).toContain("Starts 1 March 2027");
    expect(upcoming).not.toContain("SPRING20");
    expect(upcoming).not.toContain("Preview for staff");
    const preview = await morgan.request("GET", "/offers/spring-colour");
    expect(preview.headers.get("cache-control")).toBe("private, no-store");
    const previewHtml = await preview.text();
    expect(previewHtml).toContain("Preview for staff: this offer starts 1 March 2027. Until then visitors see when it starts");
    expect(previewHtml).toContain("SPRING20");
    expect(await (await morgan.request("GET", "/staff/studio/offers")).text()).toContain("Preview its page");
    // A signed-in look left nothing for the public to see.
    expect(await (await fetch(`${server.url}/offers/spring-colour`)).text()).not.toContain("SPRING20");

    expect((await morgan.request("DELETE", "/api/staff/studio/offers/spring-colour")).status).toBe(204);
    expect((await fetch(`${server.url}/offers/spring-colour`)).status).toBe(404);

    // The offers page's form sends every field back: only what differs is changed (Rosa's dates are written day first in the file).
    const rosa = (await (await morgan.request("GET", "/staff/studio/offers")).text()).includes("15% off your first visit with Rosa");
    expect(rosa).toBe(true);
    const fromPage = await morgan.request("POST", "/staff/studio/offers", {
      form: { intent: "offer", slug: "rosa", title: "15% off your first visit with Rosa", percent: "20", code: "ROSA15", startDate: "", endDate: "", text: "Rosa's favourite work is soft copper balayage. Book with her for the first time and take 15% off." },
      headers: { origin: server.url },
    });
    expect(fromPage.status).toBe(200);
    expect((await history())[0]!.summary).toBe("Offer “15% off your first visit with Rosa”: 20% off");
  });

  it("keeps the shop's news in the history: each change undone puts the item back, a later change named first", async () => {
    const news = async () => (await (await fetch(`${server.url}/api/news-items`)).json()) as { slug: string; title: string; text: string }[];
    const added = await morgan.request("POST", "/api/staff/news-items", { json: { title: "Gift sets are in", text: "Boxed sets for the holidays, in all three salons." } });
    expect(added.status).toBe(201);
    const { slug } = (await added.json()) as { slug: string };
    expect((await history())[0]).toMatchObject({ staff: STAFF.morgan.name, what: "news", summary: "News “Gift sets are in” added" });
    expect((await morgan.request("PATCH", `/api/staff/news-items/${slug}`, { json: { title: "Gift boxes are in", text: "Boxed sets, wrapped." } })).status).toBe(200);
    const [edit, add] = await history();
    expect(edit!.summary).toBe("News “Gift sets are in”: title → “Gift boxes are in”, words");

    // The item's first entry waits for the later edit to be undone.
    const blocked = await morgan.request("POST", `/api/staff/history/${add!.id}/undo`);
    expect(blocked.status).toBe(409);
    expect(((await blocked.json()) as { error: string }).error).toContain("News “Gift sets are in”: title → “Gift boxes are in”, words");
    expect((await morgan.request("POST", `/api/staff/history/${edit!.id}/undo`)).status).toBe(200);
    expect((await news()).find((n) => n.slug === slug)).toMatchObject({ title: "Gift sets are in", text: "Boxed sets for the holidays, in all three salons." });
    expect((await morgan.request("POST", `/api/staff/history/${add!.id}/undo`)).status).toBe(200);
    expect((await news()).map((n) => n.slug)).not.toContain(slug);

    // A removed item comes back with its undo, from the site page's form as from the API.
    const [first] = await news();
    const removed = await morgan.request("POST", "/staff/site", { form: { intent: "news-remove", slug: first!.slug }, headers: { origin: server.url } });
    expect(removed.status).toBe(200);
    const [removal] = await history();
    expect(removal!.summary).toBe(`News “${first!.title}” removed`);
    expect((await morgan.request("POST", `/api/staff/history/${removal!.id}/undo`)).status).toBe(200);
    expect((await news()).find((n) => n.slug === first!.slug)).toEqual(first);
  });

  it.runIf(engine === "postgres")("shows a change made through one server to a second server on the same database within 2 s", async () => {
    const second = await startTestServer(engine, {}, { database: server.database });
    try {
      expect((await publicServices(second.url)).find((s) => s.id === ROOTS)?.price).toBe(15);
      const claim = second.services.content.copy.offers.claims.starterFrom!.price;
      expect((await patch(ROOTS, { price: 21 })).status).toBe(200);
      await caughtUp(second);
      expect((await publicServices(second.url)).find((s) => s.id === ROOTS)?.price).toBe(21);
      expect(second.services.content.copy.offers.claims.starterFrom!.price).toBe(claim + 6);
    } finally {
      await second.close();
    }
  });
});
