import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContent } from "~/modules/site/load-content.server";
import { seedContent } from "~/modules/site/seed-content.server";
import { engines } from "../support/databases";
import { fixture, fixtureContentDir, people, salons, services } from "../support/fixture";
import { priya, savedQuoteLink } from "../support/quotes";
import { STAFF, staffAccountsEnv, StaffClient } from "../support/staff-client";
import { caughtUp, startTestServer, type TestServer } from "../support/test-server";

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET as a browser sends it, the body as it came over the wire (not decompressed). */
function rawGet(base: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

/** The page's text, however it was sent. */
const textOf = (raw: Raw) => (raw.headers["content-encoding"] === "gzip" ? zlib.gunzipSync(raw.body) : raw.body).toString("utf8");
/** A page answered from the cache says its length; one rendered and compressed on the way is chunked. */
const kept = (raw: Raw) => raw.headers["content-length"] !== undefined && raw.headers["transfer-encoding"] === undefined;
const gzip = { "accept-encoding": "gzip" };

// The HTML cache (decision records 0020, 0028, 0054): content pages are rendered
// once and kept as bytes (they carry no nonce) under the site snapshot's
// revision; a staff switch or a content change made through a second server
// sharing the database is seen once this one's snapshot has caught up (within
// 2 s); pages with personal data or a form token are never kept.
describe.each(engines)("the HTML cache on %s", (engine) => {
  let first: TestServer;
  let second: TestServer;
  let morgan: StaffClient;
  const env = { STAFF_ACCOUNTS: staffAccountsEnv, RATE_LIMIT_PER_MINUTE: "1000", RATE_LIMIT_PER_HOUR: "10000" };

  beforeAll(async () => {
    first = await startTestServer(engine, env, { pages: true });
    second = await startTestServer(engine, env, { pages: true, database: first.database });
    morgan = new StaffClient(second.url, "192.0.2.30");
    expect((await morgan.signIn(STAFF.morgan)).status).toBe(200);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("keeps a content page as bytes: the same page each time, plain, gzipped or in brotli, with no nonce", async () => {
    const responses = [];
    for (let i = 0; i < 3; i++) responses.push(await rawGet(first.url, "/team", gzip));
    responses.push(await rawGet(first.url, "/team"));
    expect(responses.slice(1).every(kept)).toBe(true);
    const pages = responses.map(textOf);
    expect(new Set(pages).size).toBe(1);
    expect(pages[0]).toContain(people.lead.first_name);
    expect(pages[0]).not.toContain("nonce");
    for (const response of responses) expect(response.headers["content-security-policy"]).not.toContain("nonce");
    expect(responses[1]!.headers["content-encoding"]).toBe("gzip");
    expect(responses[3]!.headers["content-encoding"]).toBeUndefined();
    expect(responses[1]!.headers["cache-control"]).toBe("public, max-age=0, s-maxage=30");
    expect(responses[1]!.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(responses[1]!.headers.etag).toBe(responses[0]!.headers.etag);
    // Brotli, once made (off the main thread, just after the first render).
    await expect.poll(async () => (await rawGet(first.url, "/team", { "accept-encoding": "br, gzip" })).headers["content-encoding"]).toBe("br");
    const br = await rawGet(first.url, "/team", { "accept-encoding": "br, gzip" });
    expect(zlib.brotliDecompressSync(br.body).toString("utf8")).toBe(pages[0]);
  });

  it("finding: the reviews page and the price list, the same for every visitor, were rendered afresh for each", async () => {
    for (const path of ["/reviews", "/prices/list"]) {
      const rendered = await rawGet(first.url, path, gzip);
      const again = await rawGet(first.url, path, gzip);
      expect(rendered.status, path).toBe(200);
      expect(kept(again), path).toBe(true);
      expect(textOf(again), path).toBe(textOf(rendered));
      expect(again.headers["cache-control"], path).toBe("public, max-age=0, s-maxage=30");
    }
  });

  it("shows a staff switch changed through another server once caught up", async () => {
    const before = await rawGet(first.url, "/", gzip);
    expect(textOf(before)).toContain('id="offers"');
    expect(kept(await rawGet(first.url, "/", gzip))).toBe(true);

    expect((await morgan.request("PATCH", "/api/staff/settings", { json: { hideOffers: true }, headers: { origin: second.url } })).status).toBe(200);
    await caughtUp(first);
    const hidden = await rawGet(first.url, "/", gzip);
    expect(textOf(hidden)).not.toContain('id="offers"');

    expect((await morgan.request("PATCH", "/api/staff/settings", { json: { hideOffers: false }, headers: { origin: second.url } })).status).toBe(200);
    await caughtUp(first);
    expect(textOf(await rawGet(first.url, "/", gzip))).toContain('id="offers"');
  });

  it("finding: twenty visitors at once just after a change had the page rendered for each of them on PostgreSQL; one render serves them all", async () => {
    expect(kept(await rawGet(first.url, "/", gzip)) || kept(await rawGet(first.url, "/", gzip))).toBe(true);
    expect((await morgan.request("PATCH", "/api/staff/settings", { json: { hideOffers: true }, headers: { origin: second.url } })).status).toBe(200);
    await caughtUp(first);
    const answers = await Promise.all(Array.from({ length: 20 }, () => rawGet(first.url, "/", gzip)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => !kept(a))).toHaveLength(1);
    expect(new Set(answers.map(textOf)).size).toBe(1);
    expect(textOf(answers[0]!)).not.toContain('id="offers"');

    expect((await morgan.request("PATCH", "/api/staff/settings", { json: { hideOffers: false }, headers: { origin: second.url } })).status).toBe(200);
    await caughtUp(first);
  });

  it("shows a news item added through another server once caught up", async () => {
    await rawGet(first.url, "/online-shop");
    expect(kept(await rawGet(first.url, "/online-shop"))).toBe(true);
    const title = `Late opening this Thursday ${engine}`;
    const added = await morgan.request("POST", "/api/staff/news-items", { json: { title, text: "We're open until nine." }, headers: { origin: second.url } });
    expect(added.status).toBe(201);
    await caughtUp(first);
    expect(textOf(await rawGet(first.url, "/online-shop"))).toContain(title);
  });

  it("shows changed content files, seeded by another instance, once caught up", async () => {
    const post = fixture.blogPosts[0]!;
    expect(textOf(await rawGet(first.url, `/blog/${post.slug}`))).toContain(post.title);
    expect(kept(await rawGet(first.url, `/blog/${post.slug}`))).toBe(true);
    // An instance starting with an edited content folder reseeds the shared tables.
    const fixtureContent = loadContent(fixtureContentDir);
    const retitled = `${post.title}, revised`;
    const content = { ...fixtureContent, blogPosts: fixtureContent.blogPosts.map((p) => (p.slug === post.slug ? { ...p, title: retitled } : p)) };
    await seedContent(second.services.db, second.services.engine, content);
    await caughtUp(first);
    expect(textOf(await rawGet(first.url, `/blog/${post.slug}`))).toContain(retitled);
    await seedContent(second.services.db, second.services.engine, loadContent(fixtureContentDir));
    await caughtUp(first);
    expect(textOf(await rawGet(first.url, `/blog/${post.slug}`))).not.toContain(retitled);
  });

  it("never keeps a page with a form token", async () => {
    const tokens = [];
    for (let i = 0; i < 2; i++) {
      const page = await rawGet(first.url, "/joinus");
      expect(page.headers["cache-control"]).toBe("private, no-store");
      expect(kept(page)).toBe(false);
      tokens.push(/name="form_token"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="form_token"/.exec(textOf(page))!.slice(1).find(Boolean));
    }
    expect(tokens[0]).toBeTruthy();
    expect(tokens[1]).not.toBe(tokens[0]);
  });

  it("keeps a saved quote's page privately, only while the quote is stored: once erased, it is gone on the next request", async () => {
    const choices = { salon_id: salons.sister.id, regular: true, selector: "Stylist", stylist_id: people.lead.id, service_ids: [services.cut.id] };
    const link = await savedQuoteLink(first.url, { ...priya("priya.cache@example.com"), ...choices }, { "x-forwarded-for": "192.0.2.31" });
    for (let i = 0; i < 2; i++) {
      const page = await rawGet(first.url, `/quote/${link}`);
      expect(page.status).toBe(200);
      expect(page.headers["cache-control"]).toBe("private, no-store");
      // Rendered once, then sent from the server's memory.
      expect(kept(page)).toBe(i === 1);
      expect(textOf(page)).toContain("Priya");
    }
    // Another server sharing the database has its own copy to forget.
    expect((await rawGet(second.url, `/quote/${link}`)).status).toBe(200);
    // As the retention purge erases it.
    await first.services.db.deleteFrom("quote_services").where("quote_link", "=", link).execute();
    await first.services.db.deleteFrom("quotes").where("link", "=", link).execute();
    expect((await rawGet(first.url, `/quote/${link}`)).status).toBe(404);
    expect((await rawGet(second.url, `/quote/${link}`)).status).toBe(404);
  });

  it("never keeps a staff page: signed out, the list is gone", async () => {
    const sam = new StaffClient(first.url, "192.0.2.32");
    expect((await sam.signIn(STAFF.sam)).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const page = await sam.request("GET", "/applicants");
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toBe("no-store");
      expect(page.headers.get("content-length")).toBeNull();
      expect(await page.text()).toContain(STAFF.sam.name);
    }
    expect((await sam.request("DELETE", "/api/staff/session", { headers: { origin: first.url } })).status).toBe(204);
    const signedOutPage = await sam.request("GET", "/applicants");
    expect(signedOutPage.status).toBe(401);
    const signedOut = await signedOutPage.text();
    // The sign-in form fills in the name this device signed in with; nothing of the list or the session is left.
    expect(signedOut).not.toMatch(/Signed in as/);
    expect(signedOut).toContain(`name="name" value="${STAFF.sam.name}"`);
  });

  it("renders a page asked for with a query string afresh", async () => {
    await rawGet(first.url, "/about");
    expect(kept(await rawGet(first.url, "/about"))).toBe(true);
    expect(kept(await rawGet(first.url, "/about?from=cache-test"))).toBe(false);
  });
});
