import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { readSiteRevision } from "~/modules/site-switches/site-revision.server";
import { salonToday as salonDay } from "~/utils/dates";
import { engines } from "../support/databases";
import { STAFF, StaffClient } from "../support/staff-client";
import { caughtUp, startTestServer, type TestServer } from "../support/test-server";

// Publishing on time (issue 33, decision 0059): before its publish time a post,
// an offer or a news item is a draft to the public, from it on public on every
// instance with no write.
// The clock: the process's Date, which both in-process instances read, is
// moved past the moment (it keeps running meanwhile), so nothing waits for a
// real moment and nothing can race one.
describe.each(engines)("finding: a scheduled post, offer or news item needed someone to publish it by hand, on %s", (engine) => {
  let first: TestServer;
  let second: TestServer;
  let morgan: StaffClient;
  const env = { STAFF_ACCOUNTS: `${STAFF.morgan.name}:${STAFF.morgan.pin}:manager`, RATE_LIMIT_PER_MINUTE: "1000", RATE_LIMIT_PER_HOUR: "10000" };

  beforeAll(async () => {
    first = await startTestServer(engine, env, { pages: true });
    second = await startTestServer(engine, env, { pages: true, database: first.database });
    morgan = new StaffClient(first.url, "203.0.113.91");
    expect((await morgan.signIn(STAFF.morgan)).status).toBe(200);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  /** What a visitor (no cookie) finds of the post on one instance: its page's status, and whether the blog's list and the sitemap name it. */
  const seenPost = async (server: TestServer, slug: string) => {
    const page = await fetch(`${server.url}/blog/${slug}`);
    const list = await (await fetch(`${server.url}/blog`)).text();
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    return { page: page.status, listed: list.includes(`/blog/${slug}`), inSitemap: sitemap.includes(`/blog/${slug}`) };
  };

  it("refuses a publish time that is not an ISO 8601 date and time", async () => {
    for (const publish_at of ["tomorrow", "2027-03-01", 17, "2027-02-30T09:00:00Z"]) {
      const answer = await morgan.request("POST", "/api/staff/studio/posts", { json: { title: "Bad time", body: "Words.", author: "Morgan", publish_at } });
      expect(answer.status, String(publish_at)).toBe(400);
      expect(((await answer.json()) as { error: string }).error).toBeTruthy();
    }
  });

  it("shows the post nowhere before its time and everywhere from it, on two instances, with no write", async () => {
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    const publishAt = new Date(Date.now() + 10 * 60_000);
    const created = await morgan.request("POST", "/api/staff/studio/posts", {
      json: { title: "Spring colour week", body: "Bright colours all week.", author: "Morgan", publish_at: publishAt.toISOString() },
    });
    expect(created.status).toBe(201);
    const post = (await created.json()) as { slug: string };
    await caughtUp(second);

    for (const server of [first, second]) expect(await seenPost(server, post.slug)).toEqual({ page: 404, listed: false, inSitemap: false });
    expect(Date.now()).toBeLessThan(publishAt.getTime());

    // Staff see it marked scheduled, and can open its page.
    expect(await (await morgan.request("GET", "/staff/studio/posts")).text()).toContain("Scheduled");
    const staffPage = await morgan.request("GET", `/blog/${post.slug}`);
    expect(staffPage.status).toBe(200);
    expect(await staffPage.text()).toContain("Scheduled: it goes public at");

    // Nobody writes: a moment before its time it is still a draft; the clock passes it, and each instance shows it.
    const revision = await readSiteRevision(first.services.db);
    vi.setSystemTime(new Date(publishAt.getTime() - 1000));
    for (const server of [first, second]) expect((await seenPost(server, post.slug)).page).toBe(404);
    vi.setSystemTime(publishAt);
    for (const server of [first, second]) expect(await seenPost(server, post.slug)).toEqual({ page: 200, listed: true, inSitemap: true });
    expect(await readSiteRevision(first.services.db)).toBe(revision);
  });

  it("publishes at once when the publish time is cleared with null", async () => {
    const created = await morgan.request("POST", "/api/staff/studio/posts", {
      json: { title: "Far ahead", body: "Not yet.", author: "Morgan", publish_at: "2099-01-01T09:00:00+01:00" },
    });
    expect(created.status).toBe(201);
    const { slug } = (await created.json()) as { slug: string };
    expect((await seenPost(first, slug)).page).toBe(404);
    const moved = await morgan.request("PATCH", `/api/staff/studio/posts/${slug}`, { json: { publish_at: "2099-06-01T09:00:00+01:00" } });
    expect(((await moved.json()) as { publish_at: string }).publish_at).toBe("2099-06-01T08:00:00.000Z");
    expect((await seenPost(first, slug)).page).toBe(404);
    const cleared = await morgan.request("PATCH", `/api/staff/studio/posts/${slug}`, { json: { publish_at: null } });
    expect(cleared.status).toBe(200);
    expect(((await cleared.json()) as { publish_at: string | null }).publish_at).toBeNull();
    expect(await seenPost(first, slug)).toEqual({ page: 200, listed: true, inSitemap: true });
  });

  it("takes a Publish at box on the studio's post form, on the salon's clock, shows it scheduled, and emptying it publishes at once", async () => {
    const post = (form: Record<string, string>) => morgan.request("POST", "/staff/studio/posts", { form, headers: { origin: first.url } });
    const base = { slug: "", title: "Summer fringe trims", author: "Morgan", date: salonDay(), body: "Free fringe trims all July." };
    // 1 July 2099, 10:00 in the salon: 09:00 UTC (summer time).
    const made = await post({ ...base, intent: "publish", publish_at: "2099-07-01T10:00" });
    expect(made.status).toBe(200);
    expect((await made.text()).replaceAll("&#x27;", "'")).toContain("Scheduled: it goes on the blog by itself on Wed, 1 Jul 2099, 10:00");
    const slug = "summer-fringe-trims";
    const studio = await (await morgan.request("GET", "/staff/studio/posts")).text();
    expect(studio).toContain('<time dateTime="2099-07-01T09:00:00.000Z">Scheduled: Wed, 1 Jul 2099, 10:00</time>');
    expect(studio).toContain('value="2099-07-01T10:00"');
    expect(await seenPost(first, slug)).toEqual({ page: 404, listed: false, inSitemap: false });

    const version = /name="version" value="([^"]+)"/.exec(studio.slice(studio.indexOf(`value="${slug}"`)))?.[1];
    expect(version).toBeDefined();
    expect((await post({ ...base, slug, version: version!, intent: "publish", publish_at: "" })).status).toBe(200);
    expect(await seenPost(first, slug)).toEqual({ page: 200, listed: true, inSitemap: true });
  });

  const text = async (server: TestServer, path: string) => (await fetch(`${server.url}${path}`)).text();

  /** What a visitor (no cookie) finds on one instance: the offer's page status, the offers list and the sitemap naming it, the shop page and /api/news-items showing the news item. */
  const seen = async (server: TestServer, offer: string, news: { slug: string; title: string }) => {
    const [offerPage, list, sitemap, shop, api] = await Promise.all([
      fetch(`${server.url}/offers/${offer}`).then((r) => r.status),
      text(server, "/offers"),
      text(server, "/sitemap.xml"),
      text(server, "/online-shop"),
      fetch(`${server.url}/api/news-items`).then((r) => r.json() as Promise<{ slug: string }[]>),
    ]);
    return {
      offerPage,
      offerListed: list.includes(`/offers/${offer}"`),
      offerInSitemap: sitemap.includes(`/offers/${offer}<`),
      newsOnShopPage: shop.includes(news.title),
      newsInApi: api.some((n) => n.slug === news.slug),
    };
  };
  const nowhere = { offerPage: 404, offerListed: false, offerInSitemap: false, newsOnShopPage: false, newsInApi: false };
  const everywhere = { offerPage: 200, offerListed: true, offerInSitemap: true, newsOnShopPage: true, newsInApi: true };

  it("refuses a publish time that is not an ISO 8601 date and time, for offers and news items", async () => {
    const offer = { title: "Bad time", percent: 10, text: "Ten per cent off any cut and blow-dry for first visits, all month." };
    for (const publish_at of ["tomorrow", "2027-03-01", 17]) {
      expect((await morgan.request("POST", "/api/staff/studio/offers", { json: { ...offer, publish_at } })).status, String(publish_at)).toBe(400);
      expect((await morgan.request("POST", "/api/staff/news-items", { json: { title: "Bad time", text: "Words.", publish_at } })).status, String(publish_at)).toBe(400);
    }
  });

  it("shows a scheduled offer and news item nowhere before their time and everywhere from it, on two instances, with no write", async () => {
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    const publishAt = new Date(Date.now() + 10 * 60_000).toISOString();
    const offerMade = await morgan.request("POST", "/api/staff/studio/offers", {
      json: { title: "Gloss week", percent: 15, text: "Fifteen per cent off any gloss with a cut and blow-dry, for first visits.", publish_at: publishAt },
    });
    expect(offerMade.status).toBe(201);
    const { slug: offer } = (await offerMade.json()) as { slug: string };
    const newsItem = { title: "Gloss kits are coming", text: "Three take-home glosses, on the shelf at reception." };
    const newsMade = await morgan.request("POST", "/api/staff/news-items", { json: { ...newsItem, publish_at: publishAt } });
    expect(newsMade.status).toBe(201);
    const news = { ...newsItem, ...((await newsMade.json()) as { slug: string }) };
    await caughtUp(second);

    // Each page asked for here is kept by the instance's HTML cache: after the moment it must be made again.
    for (const server of [first, second]) expect(await seen(server, offer, news)).toEqual(nowhere);

    // Staff see both marked with their time, on the salon's clock, and can open the offer's page.
    expect(await (await morgan.request("GET", "/staff/studio/offers")).text()).toMatch(/Scheduled: \w{3}, \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/);
    expect(await (await morgan.request("GET", "/staff/site")).text()).toMatch(/Scheduled: \w{3}, \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/);
    const preview = await morgan.request("GET", `/offers/${offer}`);
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain("Preview for staff: this offer goes on the website on");

    // Nobody writes: the clock passes the moment, and each instance shows both.
    const revision = await readSiteRevision(first.services.db);
    vi.setSystemTime(new Date(publishAt));
    for (const server of [first, second]) expect(await seen(server, offer, news)).toEqual(everywhere);
    expect(await readSiteRevision(first.services.db)).toBe(revision);
  });

  it("publishes at once when the publish time is cleared with null, and answers the moment it keeps", async () => {
    const offerMade = await morgan.request("POST", "/api/staff/studio/offers", {
      json: { title: "Far ahead offer", percent: 5, text: "Five per cent off any cut, for first visits, from a day far ahead.", publish_at: "2099-01-01T09:00:00+01:00" },
    });
    const { slug: offer } = (await offerMade.json()) as { slug: string };
    const newsMade = await morgan.request("POST", "/api/staff/news-items", { json: { title: "Far ahead news", text: "Not yet.", publish_at: "2099-01-01T09:00:00+01:00" } });
    const news = { title: "Far ahead news", ...((await newsMade.json()) as { slug: string }) };
    expect(await seen(first, offer, news)).toEqual(nowhere);

    const moved = await morgan.request("PATCH", `/api/staff/studio/offers/${offer}`, { json: { publish_at: "2099-06-01T09:00:00+01:00" } });
    expect(((await moved.json()) as { publish_at: string }).publish_at).toBe("2099-06-01T08:00:00.000Z");
    const movedNews = await morgan.request("PATCH", `/api/staff/news-items/${news.slug}`, { json: { publish_at: "2099-06-01T09:00:00+01:00" } });
    expect(((await movedNews.json()) as { publish_at: string }).publish_at).toBe("2099-06-01T08:00:00.000Z");
    expect(await seen(first, offer, news)).toEqual(nowhere);

    const cleared = await morgan.request("PATCH", `/api/staff/studio/offers/${offer}`, { json: { publish_at: null } });
    expect(((await cleared.json()) as { publish_at: string | null }).publish_at).toBeNull();
    const clearedNews = await morgan.request("PATCH", `/api/staff/news-items/${news.slug}`, { json: { publish_at: null } });
    expect(((await clearedNews.json()) as { publish_at: string | null }).publish_at).toBeNull();
    expect(await seen(first, offer, news)).toEqual(everywhere);
  });

  it("takes a Publish at box on the studio's offer form and the site page's news form, on the salon's clock, and emptying it publishes at once", async () => {
    const post = (path: string, form: Record<string, string>) => morgan.request("POST", path, { form, headers: { origin: first.url } });
    // 1 July 2099, 10:00 in the salon: 09:00 UTC (summer time).
    const added = await post("/staff/studio/offers", {
      intent: "add-offer", slug: "", title: "Summer gloss club", percent: "10", text: "Ten per cent off any gloss with a cut and blow-dry, for first visits.", publish_at: "2099-07-01T10:00",
    });
    expect(await added.text()).toContain("Visitors see it from its publish time");
    const news = await post("/staff/site", { intent: "news-add", title: "Gloss club news", text: "Coming in July.", date: "", image: "", publish_at: "2099-07-01T10:00" });
    expect(await news.text()).toContain("goes on the shop page on Wed, 1 Jul 2099, 10:00");
    for (const page of ["/staff/studio/offers", "/staff/site"]) {
      const html = await (await morgan.request("GET", page)).text();
      expect(html, page).toContain('<time dateTime="2099-07-01T09:00:00.000Z">Scheduled: Wed, 1 Jul 2099, 10:00</time>');
      expect(html, page).toContain('value="2099-07-01T10:00"');
    }
    const item = { slug: "gloss-club-news", title: "Gloss club news" };
    expect(await seen(first, "summer-gloss-club", item)).toEqual(nowhere);

    const base = { title: "Summer gloss club", percent: "10", text: "Ten per cent off any gloss with a cut and blow-dry, for first visits.", startDate: "", endDate: "", code: "" };
    expect((await post("/staff/studio/offers", { intent: "offer", slug: "summer-gloss-club", ...base, publish_at: "" })).status).toBe(200);
    expect((await post("/staff/site", { intent: "news-edit", slug: item.slug, title: item.title, text: "Coming in July.", date: salonDay(), image: "/images/news/gloss-club-news.svg", publish_at: "" })).status).toBe(200);
    expect(await seen(first, "summer-gloss-club", item)).toEqual(everywhere);
  });
});

