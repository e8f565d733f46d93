/**
 * Visit figures that cannot be blown up from outside (decision 0051), against a
 * running server with its pages: every spelling of a page counts under the
 * page's one address and an address the site has no page at counts nothing;
 * a quote's Book link counts at most once per view of the quote's page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeEntities, getPage } from "../support/page-forms";
import { engines } from "../support/databases";
import { fixture, salons, services as s } from "../support/fixture";
import { savedQuoteLink } from "../support/quotes";
import { startTestServer, type TestServer } from "../support/test-server";

const PHONE_BROWSER = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const browser = { "user-agent": PHONE_BROWSER };

/** `count` distinct spellings of `path`: each letter as it is, in upper case, or percent-encoded (either case of hex, either case of letter), from a seeded generator. */
function spellingsOf(path: string, count: number): string[] {
  let seed = 31;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const variants = (c: string) => {
    if (c === "/") return ["/"];
    const hex = (ch: string) => ch.charCodeAt(0).toString(16);
    return [...new Set([c, c.toUpperCase(), `%${hex(c)}`, `%${hex(c).toUpperCase()}`, `%${hex(c.toUpperCase())}`])];
  };
  const found = new Set<string>();
  while (found.size < count) {
    const spelt = [...path].map((c) => {
      const options = variants(c);
      return options[Math.floor(random() * options.length)]!;
    });
    const word = spelt.join("") + (random() < 0.3 ? "/" : "");
    if (word !== path) found.add(word);
  }
  return [...found];
}

/** Runs `task` for each item, `lanes` at a time, as parallel requests. */
async function inParallel<T, R>(items: readonly T[], lanes: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < items.length) {
        const at = next++;
        results[at] = await task(items[at]!);
      }
    }),
  );
  return results;
}

describe.each(engines)("finding: percent-encoded spellings of a page add visit rows without bound, and /go/book counts every request as a booking click (%s)", (engine) => {
  let server: TestServer;

  /** What the counters hold now (this instance's counts written first). */
  async function counts() {
    await server.services.visits.flush();
    const rows = await server.services.db.selectFrom("visit_counts").select(["kind", "key", "count"]).execute();
    const pages = Object.fromEntries(rows.filter((r) => r.kind === "page").map((r) => [r.key, Number(r.count)]));
    const bookings = rows.filter((r) => r.kind === "funnel" && r.key === "booking_clicks").reduce((sum, r) => sum + Number(r.count), 0);
    return { pages, bookings };
  }

  /** Waits until the page's view is counted: views are counted once their response is sent. */
  async function viewCounted(path: string, views: number) {
    const deadline = Date.now() + 10_000;
    while ((await counts()).pages[path] !== views) {
      if (Date.now() > deadline) throw new Error(`${path} was not counted ${views} times`);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  beforeAll(async () => {
    server = await startTestServer(engine, { RATE_LIMIT_PER_MINUTE: "1000", RATE_LIMIT_PER_HOUR: "1000" }, { pages: true });
  });
  afterAll(() => server?.close());

  it("counts 300 spellings of a page as that one page, and an address with no page not at all", async () => {
    const spellings = spellingsOf("/privacy", 300);
    expect(new Set(spellings).size).toBe(300);
    const statuses = await inParallel(spellings, 16, async (path) => {
      const response = await fetch(`${server.url}${path}`, { headers: browser, redirect: "manual" });
      await response.arrayBuffer();
      return response.status;
    });
    // Each is the page, as the router reads it: a view to count, under one name.
    expect(statuses.filter((status) => status === 200)).toHaveLength(300);
    await viewCounted("/privacy", 300);
    expect((await counts()).pages).toEqual({ "/privacy": 300 });

    // Addresses that are no page of the site, in whatever spelling: nothing counted, whatever they answer.
    const bogus = ["/privacy-x", "/pr%69vacy/extra", "/pr%2569vacy", "/no-such-page", "/N%4F-such-page", "/team/nobody", "/team/nobody.data", "/%70rices/nobody", "/privacy%2Fteam", "//privacy"];
    for (const path of bogus) {
      const response = await fetch(`${server.url}${path}`, { headers: browser, redirect: "manual" });
      await response.arrayBuffer();
      expect(response.status, path).not.toBe(500);
    }
    // One more real view after them: once it is counted, anything the bogus ones did would be too.
    expect((await getPage(server.url, "/privacy", { headers: browser })).status).toBe(200);
    await viewCounted("/privacy", 301);
    expect((await counts()).pages).toEqual({ "/privacy": 301 });
  });

  it("counts a quote's Book link once per view of the quote's page: 20 clicks after one view once, after a second view twice", async () => {
    const link = await savedQuoteLink(server.url, {
      name: "Owen Price", mobile: "07700 900 778", email: "owen.price@example.com", referral: "google", salon_id: salons.school.id,
      regular: true, selector: "Level", level_id: 3, service_ids: [s.blowDry.id],
    });
    const before = await counts();

    const view = async (views: number) => {
      const page = await getPage(server.url, `/quote/${link}`, { headers: browser });
      expect(page.status).toBe(200);
      await viewCounted("/quote", (before.pages["/quote"] ?? 0) + views);
      const hrefs = [...page.html.matchAll(/href="(\/go\/book\?[^"]+)"/g)].map((m) => decodeEntities(m[1]!));
      expect(hrefs.length).toBeGreaterThan(0);
      expect(new Set(hrefs).size, "the page's Book links carry one view key").toBe(1);
      expect(hrefs[0]).toMatch(/^\/go\/book\?from=quote&salon=\d+&view=[A-Za-z0-9_-]{22}$/);
      expect(hrefs[0]).not.toContain(link);
      return hrefs[0]!;
    };
    const click20 = async (href: string) => {
      const answers = await inParallel(Array.from({ length: 20 }), 20, async () => {
        const response = await fetch(`${server.url}${href}`, { headers: browser, redirect: "manual" });
        return { status: response.status, location: response.headers.get("location"), cookie: response.headers.get("set-cookie") };
      });
      // Every click is sent on to the salon's booking, counted or not, and nothing is set on the visitor.
      for (const answer of answers) expect(answer).toEqual({ status: 302, location: fixture.settings.links.booking, cookie: null });
    };

    const href = await view(1);
    await click20(href);
    expect((await counts()).bookings - before.bookings).toBe(1);

    // The same page seen again (the kept copy, the same link): one more click counts, the other 19 do not.
    expect(await view(2)).toBe(href);
    await click20(href);
    expect((await counts()).bookings - before.bookings).toBe(2);

    // A link no view gave: no view key, a forged one, another page's, a robot's view of the page.
    const salon = /salon=(\d+)/.exec(href)![1];
    for (const forged of [`/go/book?from=quote&salon=${salon}`, `/go/book?from=quote&salon=${salon}&view=${"A".repeat(22)}`, `${href}x`]) await click20(forged);
    const robot = await fetch(`${server.url}/quote/${link}`, { headers: { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" } });
    expect(robot.status).toBe(200);
    await robot.arrayBuffer();
    await click20(href);
    expect((await counts()).bookings - before.bookings).toBe(2);
  });
});
