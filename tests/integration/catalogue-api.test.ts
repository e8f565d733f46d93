import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { engines } from "../support/databases";
import { fixture as content, salons, schoolTeam } from "../support/fixture";
import { startTestServer, type TestServer } from "../support/test-server";

// The contract's shapes, exactly: strict objects fail on a missing or an extra field.
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}/);
const shapes = {
  salon: z.strictObject({ id: z.number().int(), name: z.string(), logo: z.string(), image: z.string() }),
  level: z.strictObject({ id: z.number().int(), name: z.string(), adapter: z.number() }),
  service: z.strictObject({
    id: z.number().int(),
    service: z.string(),
    price: z.number(),
    product_price: z.number(),
    cat1: z.number().int(),
    cat2: z.number().int(),
    minutes: z.number().int().positive(),
  }),
  stylist: z.strictObject({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    slug: z.string(),
    level: z.number().int(),
    salon: z.number().int(),
    remote_image: z.string(),
    para_1: z.string(),
    para_2: z.string(),
    para_3: z.string().nullable(),
    taking_new_clients: z.boolean(),
  }),
  review: z.strictObject({ review: z.string(), client: z.string(), stylist: z.string() }),
  post: z.strictObject({
    slug: z.string(),
    title: z.string(),
    image: z.string(),
    body: z.string(),
    author: z.string(),
    date: isoDate,
  }),
  news: z.strictObject({ title: z.string(), slug: z.string(), date: isoDate, image: z.string(), text: z.string() }),
  store: z.strictObject({
    banners: z.array(z.strictObject({ image: z.string(), url: z.string() })),
    tiles: z.array(
      z.strictObject({ image: z.string(), brand: z.string(), description: z.string(), title: z.string(), url: z.string() }),
    ),
  }),
  error: z.strictObject({ error: z.string().min(1) }),
};
const teamMember = shapes.stylist.extend({ level_name: z.string(), image: z.string(), price: z.number() });

describe.each(engines)("catalogue API on %s", (engine) => {
  let server: TestServer;
  const get = async (path: string) => {
    const response = await fetch(server.url + path);
    return { status: response.status, type: response.headers.get("content-type"), body: (await response.json()) as unknown };
  };

  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("lists the three salons, the academy as id 3", async () => {
    const { status, body } = await get("/api/salons");
    expect(status).toBe(200);
    const listed = z.array(shapes.salon).parse(body);
    expect(listed.map((s) => s.id)).toEqual([1, 2, 3]);
    expect(listed[2]!.name).toBe(salons.school.name);
  });

  it("lists the levels with their adapters as numbers", async () => {
    const levels = z.array(shapes.level).parse((await get("/api/levels")).body);
    // The contract's shape: a level's description for visitors stays in the content (/prices/levels).
    expect(levels).toEqual(content.levels.map(({ id, name, adapter }) => ({ id, name, adapter })));
  });

  it("lists every service of the price list, prices as numbers", async () => {
    const services = z.array(shapes.service).parse((await get("/api/services")).body);
    expect(services).toEqual(content.services);
  });

  it("lists every stylist of the three salons", async () => {
    const stylists = z.array(shapes.stylist).parse((await get("/api/stylists")).body);
    expect(stylists.map((s) => s.slug)).toEqual(content.stylists.map((s) => s.slug));
    expect(new Set(stylists.map((s) => s.salon))).toEqual(new Set([1, 2, 3]));
    expect(stylists.filter((s) => !s.taking_new_clients).map((s) => s.slug)).toEqual(
      content.stylists.filter((s) => !s.taking_new_clients).map((s) => s.slug),
    );
  });

  it("lists the academy team in display order with level name, image and price", async () => {
    const team = z.array(teamMember).parse((await get("/api/team")).body);
    const academy = schoolTeam;
    expect(team.map((m) => m.slug)).toEqual(academy.map((s) => s.slug));
    const first = team[0]!;
    const level = content.levels.find((l) => l.id === first.level)!;
    expect(first.level_name).toBe(level.name);
    expect(first.price).toBe(academy[0]!.average_price);
    expect(first.image).toMatch(/^\/images\/team\/.+\.svg$/);
  });

  it("lists all reviews, or one stylist's, and 404s an unknown stylist", async () => {
    const all = z.array(shapes.review).parse((await get("/api/reviews/all")).body);
    expect(all).toHaveLength(content.reviews.length);
    expect(z.array(shapes.review).parse((await get("/api/reviews")).body)).toEqual(all);

    const slug = content.reviews[0]!.stylist;
    const firstName = content.stylists.find((s) => s.slug === slug)!.first_name;
    const mine = z.array(shapes.review).parse((await get(`/api/reviews/${slug}`)).body);
    expect(mine.length).toBe(content.reviews.filter((r) => r.stylist === slug).length);
    expect(mine.every((r) => r.stylist === firstName)).toBe(true);

    const unknown = await get("/api/reviews/nobody-here");
    expect(unknown.status).toBe(404);
    shapes.error.parse(unknown.body);
  });

  it("lists blog posts newest first with sanitised HTML bodies, and finds one by slug", async () => {
    const posts = z.array(shapes.post).parse((await get("/api/blog-posts")).body);
    expect(posts).toHaveLength(content.blogPosts.length);
    const dates = posts.map((p) => p.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(posts[0]!.body).toContain("<p>");
    expect(posts.some((p) => /<script|onerror=/i.test(p.body))).toBe(false);

    const one = await get(`/api/blog-post/${posts[1]!.slug}`);
    expect(one.status).toBe(200);
    expect(shapes.post.parse(one.body)).toEqual(posts[1]);

    const missing = await get("/api/blog-post/no-such-post");
    expect(missing.status).toBe(404);
    shapes.error.parse(missing.body);
  });

  it("serves the store's banners and tiles", async () => {
    const store = shapes.store.parse((await get("/api/store-data")).body);
    expect(store.banners).toHaveLength(content.store.banners.length);
    expect(store.tiles).toHaveLength(content.store.tiles.length);
  });

  it("lists news items newest first", async () => {
    const news = z.array(shapes.news).parse((await get("/api/news-items")).body);
    expect(news).toHaveLength(content.news.length);
    expect(news.map((n) => n.date)).toEqual(news.map((n) => n.date).sort().reverse());
  });

  it("lets caches keep catalogue answers briefly, but never an error", async () => {
    expect((await fetch(`${server.url}/api/levels`)).headers.get("cache-control")).toBe("public, max-age=60");
    expect((await fetch(`${server.url}/api/blog-post/no-such-post`)).headers.get("cache-control")).toBeNull();
    expect((await fetch(`${server.url}/api/no-such-thing`)).headers.get("cache-control")).toBeNull();
  });

  it("answers an unknown API path with the contract's 404", async () => {
    const { status, type, body } = await get("/api/no-such-thing");
    expect(status).toBe(404);
    expect(type).toMatch(/application\/json/);
    shapes.error.parse(body);
  });
});
