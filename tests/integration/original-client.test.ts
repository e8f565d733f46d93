import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { engines } from "../support/databases";
import { fixture, people, salons, services as s } from "../support/fixture";
import { applicantBody, STAFF, StaffClient } from "../support/staff-client";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * Each call the original site's Vue client makes (docs/spec.md section 7,
 * docs/original-client.md), as it makes it, checked for the fields its code
 * reads: the checks are loose objects, so only what the client reads is
 * required. Where the client must do something else (docs/original-client.md's
 * table), the call is made both ways: as the old client does, answered as the
 * contract says, and as the table says a client must.
 */
const text = z.string().min(1);
const reads = {
  review: z.object({ review: text, client: text, stylist: text }),
  teamCard: z.object({ slug: text, image: text, first_name: text, last_name: text, level_name: text, para_1: text, price: z.number() }),
  profile: z.object({ id: z.number(), slug: text, first_name: text, last_name: text, level: z.number(), salon: z.number(), level_name: text, image: text, remote_image: text, para_1: text, para_2: z.string(), para_3: z.string().nullable() }),
  post: z.object({ slug: text, title: text, image: text, body: text, author: text, date: text }),
  store: z.object({
    banners: z.array(z.object({ image: text, url: z.url() })).min(1),
    tiles: z.array(z.object({ image: text, brand: text, description: text, title: text, url: z.url() })).min(1),
  }),
  news: z.object({ title: text, image: text, text: text, date: text }),
  salon: z.object({ id: z.number(), name: text, logo: text, image: text }),
  service: z.object({ id: z.number(), service: text, price: z.number(), product_price: z.number(), cat1: z.number(), cat2: z.number() }),
  stylist: z.object({ id: z.number(), first_name: text, last_name: text, slug: text, level: z.number(), salon: z.number(), remote_image: text }),
  level: z.object({ id: z.number(), name: text, adapter: z.number() }),
  savedQuote: z.object({
    name: text,
    created_at: z.iso.datetime(),
    quote: z.object({
      stylist: z.object({ name: text, image: text }).nullable(),
      level: z.object({ name: text }),
      services: z.array(z.object({ service: text, price: z.number() })).min(1),
      total: z.number(),
      regular: z.boolean(),
    }),
  }),
  applicant: z.object({
    id: z.number(),
    name: text,
    email: text,
    mobile: text,
    role: text,
    position: text,
    about: text,
    why_hair: text,
    why_us: text,
    salon: z.number(),
    created_at: text,
    deleted_at: z.string().nullable(),
    follow_up: z.string(),
    email_response: z.string().nullable(),
    notes: z.array(z.string()),
  }),
};

/** The old client's quote body (spec section 7): its own link and priced quote, which this API ignores. */
const oldQuoteBody = {
  salon_id: salons.school.id,
  stylist_salon_id: salons.school.id,
  link: "48213",
  name: "Nia Clarke",
  mobile: "07700 900 456",
  email: "nia.clarke@example.com",
  regular: false,
  referral: "Social Media",
  selector: "Level",
  quote: { services: [{ service: s.blowDry.service, price: 1 }], total: 1, regular: false, stylist: null, salon: salons.school.name },
};

describe.each(engines)("finding: the original site's client breaks against this API (on %s)", (engine) => {
  let server: TestServer;
  let staff: StaffClient;
  const get = async (path: string) => {
    const response = await fetch(server.url + path);
    return { status: response.status, body: (await response.json()) as unknown };
  };
  const post = async (path: string, body: unknown) => {
    const response = await fetch(server.url + path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    server = await startTestServer(engine, {
      STAFF_ACCOUNTS: `${STAFF.morgan.name}:${STAFF.morgan.pin}:manager`,
      RATE_LIMIT_PER_MINUTE: "1000",
      RATE_LIMIT_PER_HOUR: "10000",
      // The whole site, its built files served too, as the old client meets it.
    }, { pages: true });
    staff = new StaffClient(server.url, "203.0.113.40");
    expect((await staff.signIn(STAFF.morgan)).status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("GET /api/reviews/all and /api/reviews/{slug}: review, client and stylist", async () => {
    for (const slug of ["all", people.lead.slug]) {
      const { status, body } = await get(`/api/reviews/${slug}`);
      expect(status).toBe(200);
      expect(z.array(reads.review).min(1).parse(body).length).toBeGreaterThan(0);
    }
  });

  it("GET /api/team: the team cards' image, name, level name, first paragraph and price", async () => {
    const team = z.array(reads.teamCard).parse((await get("/api/team")).body);
    expect(team.map((m) => m.slug)).toEqual(fixture.stylists.filter((m) => m.salon === salons.school.id).map((m) => m.slug));
  });

  it("GET /api/profile/{slug}: the stylist page's stylist, with level name and portrait, for any stylist of the group", async () => {
    for (const person of [people.lead, people.elsewhere]) {
      const { status, body } = await get(`/api/profile/${person.slug}`);
      expect(status).toBe(200);
      const profile = reads.profile.parse(body);
      expect(profile).toMatchObject({ id: person.id, slug: person.slug, first_name: person.first_name, last_name: person.last_name, level: person.level, salon: person.salon, para_1: person.para_1 });
      expect(profile.level_name).toBe(fixture.levels.find((l) => l.id === person.level)!.name);
      expect(profile.image).toBe(profile.remote_image);
      // The portrait answers where it says.
      expect((await fetch(server.url + profile.image)).status).toBe(200);
      // The same stylist as GET /api/stylists lists, plus the two fields: nothing the team's page keeps for itself.
      const listed = (((await get("/api/stylists")).body) as { slug: string }[]).find((m) => m.slug === person.slug);
      expect(body).toEqual({ ...listed, level_name: profile.level_name, image: profile.image });
    }
  });

  it("GET /api/profile/{slug}: 404 in the error shape for an unknown stylist and for one the studio hid", async () => {
    const unknown = await get("/api/profile/nobody-here");
    expect(unknown).toEqual({ status: 404, body: { error: expect.any(String) } });
    expect((await get(`/api/profile/${people.improver.slug}`)).status).toBe(200);
    const hidden = await staff.request("PATCH", `/api/staff/studio/stylists/${people.improver.slug}`, { json: { hidden: true }, headers: { origin: server.url } });
    expect(hidden.status).toBe(200);
    expect(await get(`/api/profile/${people.improver.slug}`)).toEqual({ status: 404, body: { error: expect.any(String) } });
  });

  it("GET /api/blog-posts and /api/blog-post/{slug}: image, title, body, author and date", async () => {
    const posts = z.array(reads.post).min(1).parse((await get("/api/blog-posts")).body);
    const one = await get(`/api/blog-post/${posts[0]!.slug}`);
    expect(one.status).toBe(200);
    expect(reads.post.parse(one.body).title).toBe(posts[0]!.title);
  });

  it("GET /api/store-data: every banner's and tile's picture answers 200 at /static/shop/ + image, the address the old client builds", async () => {
    const store = reads.store.parse((await get("/api/store-data")).body);
    for (const { image } of [...store.banners, ...store.tiles]) {
      // The contract's image is a path on this site: it answers there, as a client must use it…
      const own = await fetch(server.url + image);
      expect(own.status).toBe(200);
      // …and where the old client looks for it, as the same picture.
      for (const address of [`/static/shop/${image}`, `/static/shop/${image.slice(image.lastIndexOf("/") + 1)}`]) {
        const old = await fetch(server.url + address);
        expect({ address, status: old.status, type: old.headers.get("content-type") }).toEqual({ address, status: 200, type: own.headers.get("content-type") });
        expect(Buffer.from(await old.arrayBuffer()).equals(Buffer.from(await (await fetch(server.url + image)).arrayBuffer()))).toBe(true);
      }
    }
    // Nothing else is sent on from there: a picture the shop does not list is not found.
    expect((await fetch(`${server.url}/static/shop/not-in-the-shop.svg`)).status).toBe(404);
    expect((await fetch(`${server.url}/static/shop//images/team/${people.lead.slug}.svg`)).status).toBe(404);
  });

  it("GET /api/news-items: title, image, text and date (the old client keeps the first 3)", async () => {
    expect(z.array(reads.news).min(1).parse((await get("/api/news-items")).body).length).toBeGreaterThan(0);
  });

  it("GET /api/salons, /api/services, /api/stylists, /api/levels: what the calculator reads", async () => {
    expect(z.array(reads.salon).parse((await get("/api/salons")).body).map((x) => x.id)).toEqual([1, 2, 3]);
    expect(z.array(reads.service).min(1).parse((await get("/api/services")).body).length).toBeGreaterThan(0);
    expect(z.array(reads.stylist).min(1).parse((await get("/api/stylists")).body).length).toBeGreaterThan(0);
    expect(z.array(reads.level).min(1).parse((await get("/api/levels")).body).length).toBeGreaterThan(0);
  });

  it("POST /api/joinus, /api/models, /api/sendMessage, /api/open-evening with the old client's values: each a success", async () => {
    const calls: [string, unknown][] = [
      ["/api/joinus", { ...applicantBody("Lena Moss"), position: "at school/college", salon: 3 }],
      ["/api/models", { name: "Lena Moss", mobile: "07700 900 321", info: "Shoulder-length, no colour for a year." }],
      ["/api/sendMessage", { name: "Lena Moss", email: "lena.moss@example.com", message: "Name: Lena Moss\nEmail: lena.moss@example.com\nMessage: Are you open on bank holidays?" }],
      ["/api/open-evening", { name: "Lena Moss", mobile: "07700 900 321" }],
    ];
    for (const [path, body] of calls) expect({ path, status: (await post(path, body)).status }).toEqual({ path, status: 201 });
  });

  it("POST /api/save-quote-details: the old body alone is refused for its missing service ids; with them, its link, prices and total are the server's", async () => {
    const old = await post("/api/save-quote-details", oldQuoteBody);
    expect(old.status).toBe(400);
    expect(old.body.fields).toMatchObject({ service_ids: "Please choose at least one service" });

    // As docs/original-client.md says a client must: the chosen ids (null for the one not chosen), the link read from the answer.
    const saved = await post("/api/save-quote-details", { ...oldQuoteBody, level_id: 3, stylist_id: null, service_ids: [s.blowDry.id] });
    expect(saved.status).toBe(201);
    const link = z.object({ link: z.string().regex(/^[A-Za-z0-9_-]{10,}$/) }).parse(saved.body).link;
    expect(link).not.toBe(oldQuoteBody.link);
    expect((await get(`/api/get-quote-details/${oldQuoteBody.link}`)).status).toBe(404);

    // GET /api/get-quote-details/{link}: a level quote's stylist is null, as the contract says; the level names it.
    const read = await get(`/api/get-quote-details/${link}`);
    expect(read.status).toBe(200);
    const details = reads.savedQuote.parse(read.body);
    expect(details).toMatchObject({ name: "Nia", quote: { stylist: null, level: { name: fixture.levels.find((l) => l.id === 3)!.name }, regular: false } });
    expect(details.quote.total).not.toBe(oldQuoteBody.quote.total);
    expect(details.quote.services.map((x) => x.service)).toEqual([s.blowDry.service]);
  });

  it("POST /api/save-quote-details: level_id null on a stylist quote means the same as leaving it out", async () => {
    const body = { ...oldQuoteBody, selector: "Stylist", stylist_id: people.lead.id, service_ids: [s.cut.id] };
    const left = await post("/api/save-quote-details", body);
    const nulled = await post("/api/save-quote-details", { ...body, level_id: null });
    expect([left.status, nulled.status]).toEqual([201, 201]);
    const [a, b] = await Promise.all([get(`/api/get-quote-details/${left.body.link as string}`), get(`/api/get-quote-details/${nulled.body.link as string}`)]);
    const quoteOf = (read: { body: unknown }) => reads.savedQuote.parse(read.body).quote;
    expect(quoteOf(b)).toEqual(quoteOf(a));
    expect(quoteOf(b).stylist).toEqual({ name: people.lead.name, image: expect.any(String) });
    // And a stylist left as null on a level quote, likewise.
    const level = await post("/api/save-quote-details", { ...oldQuoteBody, level_id: 3, stylist_id: null, service_ids: [s.cut.id] });
    expect(level.status).toBe(201);
  });

  it("the staff calls: 401 without a session, as the contract says; with one, the fields the applicant screens read", async () => {
    const id = (await post("/api/joinus", { ...applicantBody("Ola Brandt"), role: "Apprentice" })).body.id as number;
    expect((await fetch(`${server.url}/api/joinus-applicants/all`)).status).toBe(401);
    const own = { headers: { origin: server.url } };

    const listed = await staff.request("GET", "/api/joinus-applicants/all");
    expect(listed.status).toBe(200);
    expect(z.array(reads.applicant).parse(await listed.json()).some((a) => a.id === id)).toBe(true);
    const one = await staff.request("GET", `/api/joinus-applicant/${id}`);
    expect(reads.applicant.parse(await one.json())).toMatchObject({ id, name: "Ola Brandt", role: "Apprentice" });

    // The old client sends the whole list of notes; the contract takes the new line's text and appends it itself.
    const noted = await staff.request("PATCH", `/api/joinus-applicant/${id}`, { json: { note: "Rang back, keen", follow_up: "maybe" }, ...own });
    expect(noted.status).toBe(200);
    const after = reads.applicant.parse(await noted.json());
    expect(after.follow_up).toBe("maybe");
    expect(after.notes).toEqual([expect.stringMatching(/^Morgan \d{2}\/\d{2}\/\d{2}: Rang back, keen$/)]);

    expect((await staff.request("PATCH", "/api/joinus-email-response", { json: { ID: id, EmailResponse: "maybe" }, ...own })).status).toBe(202);
    const role = await staff.request("PATCH", `/api/joinus-update-role/${id}`, own);
    expect(role.status).toBe(200);
    expect(reads.applicant.parse(await role.json()).role).toBe("Saturday");
    expect((await staff.request("DELETE", `/api/delete-applicant/${id}`, own)).status).toBe(204);
  });
});
