import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newestNewsFirst } from "~/modules/site-switches/site-switches";
import { formatSalonDate, parseSalonDate, salonToday } from "~/utils/dates";
import { engines } from "../support/databases";
import { STAFF, staffAccountsEnv, StaffClient } from "../support/staff-client";
import { caughtUp, startTestServer, type TestServer } from "../support/test-server";

const EVIL = "https://evil.example";

/** A date `days` after today where the salon is, as YYYY-MM-DD. */
const daysFromToday = (days: number) => {
  const today = new Date(`${salonToday()}T12:00:00Z`);
  return new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
};

interface NewsItem {
  title: string;
  slug: string;
  date: string;
  image: string;
  text: string;
}

// The site switches (api-contract.md, "Staff desk"): a change made through one
// server shows on the very next public request to it, and within 2 s on a
// second server sharing its database, with no restart; every change is audited.
describe.each(engines)("site switches on %s, seen by two servers sharing one database", (engine) => {
  let first: TestServer;
  let second: TestServer;
  let morgan: StaffClient;
  const env = { STAFF_ACCOUNTS: staffAccountsEnv, RATE_LIMIT_PER_MINUTE: "1000", RATE_LIMIT_PER_HOUR: "10000" };
  const page = async (server: TestServer, path: string) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status, path).toBe(200);
    return (await response.text()).replace(/\s+/g, " ");
  };
  // The first made each change and shows it at once; the second catches up within 2 s (decision record 0054).
  const both = async () => {
    await caughtUp(second);
    return [first, second];
  };
  const siteAudit = () =>
    first.services.db
      .selectFrom("audit_events")
      .select(["actor", "action", "subject_id", "detail"])
      .where("subject_type", "=", "site")
      .orderBy("id")
      .execute();

  beforeAll(async () => {
    first = await startTestServer(engine, env, { pages: true });
    second = await startTestServer(engine, env, { pages: true, database: first.database });
    morgan = new StaffClient(first.url, "192.0.2.10");
    expect((await morgan.signIn(STAFF.morgan)).status).toBe(200);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  /** The content files' values, as both servers loaded them at start. */
  const file = () => first.services.settings;
  const offers = () => first.services.content.copy.offers.offers;
  /** An offer that takes the site's end date (not one of its own). */
  const plainOffer = () => offers().find((o) => !o.endDate)!;
  const noOffers = () => first.services.content.copy.text.offers.none[0]!;

  it("starts with the content files' values", async () => {
    const response = await morgan.request("GET", "/api/staff/settings");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ hideOffers: file().hideOffers, endDate: parseSalonDate(file().endDate) });
  });

  it("refuses a date in the past, a date that isn't one, and a switch that isn't a boolean, changing nothing", async () => {
    const before = await siteAudit();
    for (const [body, fields] of [
      [{ endDate: daysFromToday(-1) }, { endDate: "The end date can't be in the past" }],
      [{ endDate: "2027-02-30" }, { endDate: "Enter the end date as a date, like 2027-01-31" }],
      [{ endDate: "next week" }, { endDate: "Enter the end date as a date, like 2027-01-31" }],
      [{ hideOffers: "no" }, { hideOffers: "hideOffers must be true or false" }],
    ] as const) {
      const response = await morgan.request("PATCH", "/api/staff/settings", { json: body });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "Please check the settings", fields });
    }
    expect((await morgan.request("PATCH", "/api/staff/settings", { json: { hideOffers: true }, headers: { origin: EVIL } })).status).toBe(403);
    expect((await morgan.request("PATCH", "/api/staff/settings", { form: { hideOffers: "true" } })).status).toBe(415);
    expect(await siteAudit()).toEqual(before);
  });

  it("hides the offers everywhere at once, on both servers, and shows them again", async () => {
    const offer = plainOffer();
    const hidden = await morgan.request("PATCH", "/api/staff/settings", { json: { hideOffers: true } });
    expect(hidden.status).toBe(200);
    expect(await hidden.json()).toEqual({ hideOffers: true, endDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });

    for (const server of await both()) {
      const offerPage = await page(server, `/offers/${offer.slug}`);
      expect(offerPage).toMatch(new RegExp(`<h1[^>]*>${noOffers()}</h1>`));
      if (offer.code) expect(offerPage).not.toContain(offer.code);
      const home = await page(server, "/");
      expect(home).not.toContain('href="/offers"');
      expect(home).not.toContain('id="offers"');
      expect(await page(server, "/offers")).toContain(noOffers());
      expect(await page(server, "/sitemap.xml")).not.toContain(`/offers/${offer.slug}<`);
    }

    const shown = await morgan.request("PATCH", "/api/staff/settings", { json: { hideOffers: false } });
    expect(await shown.json()).toMatchObject({ hideOffers: false });
    for (const server of await both()) {
      const offerPage = await page(server, `/offers/${offer.slug}`);
      expect(offerPage).not.toContain(noOffers());
      expect(offerPage).toContain(offer.title);
      const home = await page(server, "/");
      expect(home).toContain('href="/offers"');
      expect(home).toContain('id="offers"');
      expect(await page(server, "/sitemap.xml")).toContain(`/offers/${offer.slug}<`);
    }
    expect((await siteAudit()).slice(-2)).toEqual([
      { actor: "Morgan", action: "offers-hidden", subject_id: "hideOffers", detail: JSON.stringify({ before: false, after: true }) },
      { actor: "Morgan", action: "offers-shown", subject_id: "hideOffers", detail: JSON.stringify({ before: true, after: false }) },
    ]);
  });

  it("moves the offers' end date on both servers' offer pages and wherever the copy names it", async () => {
    const before = (await (await morgan.request("GET", "/api/staff/settings")).json()) as { endDate: string };
    const endDate = daysFromToday(45);
    const response = await morgan.request("PATCH", "/api/staff/settings", { json: { endDate } });
    expect(await response.json()).toEqual({ hideOffers: false, endDate });
    // A second server, signed in with the same session (sessions live in the database), reads it back.
    const onSecond = new StaffClient(second.url, "192.0.2.10");
    for (const [name, value] of morgan.cookies) onSecond.cookies.set(name, value);
    expect(await (await onSecond.request("GET", "/api/staff/settings")).json()).toEqual({ hideOffers: false, endDate });

    const pagesNamingIt = Object.entries(first.services.content.copy.pages).filter(([, p]) => p.html.includes("{{endDate}}"));
    for (const server of await both()) {
      expect(await page(server, `/offers/${plainOffer().slug}`)).toContain(`Offer ends ${formatSalonDate(endDate)}.`);
      for (const [name] of pagesNamingIt) expect(await page(server, `/${name}`)).toContain(formatSalonDate(endDate));
    }
    expect((await siteAudit()).at(-1)).toEqual({
      actor: "Morgan",
      action: "end-date-changed",
      subject_id: "endDate",
      detail: JSON.stringify({ before: before.endDate, after: endDate }),
    });
  });

  it("adds, edits and removes shop news, seen at once by /api/news-items and the shop page on both servers", async () => {
    const fileNews = (await (await fetch(`${first.url}/api/news-items`)).json()) as NewsItem[];
    expect(fileNews).toEqual([...first.services.content.news].sort(newestNewsFirst));
    const newest = [...fileNews.map((n) => n.date), salonToday()].sort().at(-1)!;
    const date = new Date(new Date(`${newest}T12:00:00Z`).getTime() + 86_400_000).toISOString().slice(0, 10);

    const created = await morgan.request("POST", "/api/staff/news-items", { json: { title: " Summer glow kits are in ", text: "Pick one up at reception.", date } });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ slug: "summer-glow-kits-are-in", version: expect.any(String) });
    for (const server of await both()) {
      const response = await fetch(`${server.url}/api/news-items`);
      expect(response.headers.get("cache-control")).toBe("no-cache");
      const news = (await response.json()) as NewsItem[];
      expect(news[0]).toEqual({ title: "Summer glow kits are in", slug: "summer-glow-kits-are-in", date, image: "/images/news/summer-glow-kits-are-in.svg", text: "Pick one up at reception." });
      // The file's items stay, behind it.
      expect(news.slice(1).map((n) => n.slug)).toEqual(fileNews.map((n) => n.slug));
      expect(await page(server, "/online-shop")).toContain("Summer glow kits are in");
    }
    // The same title again gets an address of its own.
    const again = await morgan.request("POST", "/api/staff/news-items", { json: { title: "Summer glow kits are in", text: "Again" } });
    expect(await again.json()).toEqual({ slug: "summer-glow-kits-are-in-2", version: expect.any(String) });
    expect((await morgan.request("DELETE", "/api/staff/news-items/summer-glow-kits-are-in-2")).status).toBe(204);

    const picture = fileNews[0]!.image;
    const edited = await morgan.request("PATCH", "/api/staff/news-items/summer-glow-kits-are-in", { json: { title: "Summer glow kits: back in stock", image: picture } });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toEqual({ title: "Summer glow kits: back in stock", slug: "summer-glow-kits-are-in", date, image: picture, text: "Pick one up at reception.", publish_at: null, version: expect.any(String) });
    for (const server of await both()) {
      const shop = await page(server, "/online-shop");
      expect(shop).toContain("Summer glow kits: back in stock");
      expect(shop).not.toContain("Summer glow kits are in<");
    }

    // A picture that is not one of the site's own is refused; so are bad fields and unknown slugs.
    const outside = await morgan.request("PATCH", "/api/staff/news-items/summer-glow-kits-are-in", { json: { image: "https://evil.example/x.png" } });
    expect(outside.status).toBe(400);
    expect(await outside.json()).toEqual({ error: "Please check the news item", fields: { image: "Choose one of the site's own pictures" } });
    const empty = await morgan.request("POST", "/api/staff/news-items", { json: { title: "", text: "x", date: "soon" } });
    expect(await empty.json()).toEqual({ error: "Please check the news item", fields: { title: "Title is required", date: "Enter the date as a date, like 2026-11-22" } });
    expect((await morgan.request("PATCH", "/api/staff/news-items/no-such-item", { json: { title: "X" } })).status).toBe(404);
    expect((await morgan.request("DELETE", "/api/staff/news-items/no-such-item")).status).toBe(404);

    // An item from the file can be edited and removed too: the first change copies the file's list.
    const fromFile = fileNews.at(-1)!;
    expect((await morgan.request("DELETE", `/api/staff/news-items/${fromFile.slug}`)).status).toBe(204);
    expect((await morgan.request("DELETE", "/api/staff/news-items/summer-glow-kits-are-in")).status).toBe(204);
    for (const server of await both()) {
      const news = (await (await fetch(`${server.url}/api/news-items`)).json()) as NewsItem[];
      expect(news.map((n) => n.slug)).toEqual(fileNews.slice(0, -1).map((n) => n.slug));
      expect(await page(server, "/online-shop")).not.toContain("Summer glow kits");
    }

    const trail = (await siteAudit()).filter((e) => e.action.startsWith("news-"));
    expect(trail.map((e) => [e.action, e.subject_id])).toEqual([
      ["news-added", "news/summer-glow-kits-are-in"],
      ["news-added", "news/summer-glow-kits-are-in-2"],
      ["news-removed", "news/summer-glow-kits-are-in-2"],
      ["news-edited", "news/summer-glow-kits-are-in"],
      ["news-removed", `news/${fromFile.slug}`],
      ["news-removed", "news/summer-glow-kits-are-in"],
    ]);
    expect(JSON.parse(trail[3]!.detail!)).toEqual({
      before: { title: "Summer glow kits are in", slug: "summer-glow-kits-are-in", date, image: "/images/news/summer-glow-kits-are-in.svg", text: "Pick one up at reception.", publish_at: null },
      after: { title: "Summer glow kits: back in stock", slug: "summer-glow-kits-are-in", date, image: picture, text: "Pick one up at reception.", publish_at: null },
    });
  });

  it("puts everything back to the files' values with one button on the site page, for both servers", async () => {
    await morgan.request("PATCH", "/api/staff/settings", { json: { hideOffers: true } });
    const reset = await morgan.request("POST", "/staff/site", { form: { intent: "reset" }, headers: { origin: first.url } });
    expect(reset.status).toBe(200);
    expect((await reset.text()).replace(/\s+/g, " ")).toContain("The offers, end date and news are back to the content files&#x27; values.");
    for (const server of await both()) {
      const fileNews = [...server.services.content.news].sort(newestNewsFirst).map((n) => n.slug);
      expect(((await (await fetch(`${server.url}/api/news-items`)).json()) as NewsItem[]).map((n) => n.slug)).toEqual(fileNews);
      expect(await page(server, "/")).toContain('href="/offers"');
    }
    expect(await (await morgan.request("GET", "/api/staff/settings")).json()).toEqual({ hideOffers: file().hideOffers, endDate: parseSalonDate(file().endDate) });
    const last = (await siteAudit()).at(-1)!;
    expect(last).toMatchObject({ actor: "Morgan", action: "reset-to-files", subject_id: "all" });
    expect(JSON.parse(last.detail!)).toMatchObject({ before: { hideOffers: true }, after: { hideOffers: file().hideOffers } });
  });
});
