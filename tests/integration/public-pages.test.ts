import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteFacts } from "~/web/route-facts";
import { engines } from "../support/databases";
import { fixture, offers, people, salons, schoolTeam, services } from "../support/fixture";
import { canonicalOf as canonicalLink, element, headings, meta, structuredData, textOf, titleOf } from "../support/html";
import { brokenLinks } from "../support/link-check";
import { builtRoutes, canonicalOf, findPublicPage, pagePaths, publicPages, runningOffersOf, sitemapPaths } from "../support/public-pages";
import { startTestServer, type TestServer } from "../support/test-server";

// Every public page of the fixture salon, rendered in-process from the production
// build on a real database: what a visitor without JavaScript, or a search
// engine, gets. The browser tests look at one page of each kind.

const { copy, settings } = fixture;
const words = copy.text;
/** The fixture's offers running today, and the ones that have ended or not started (pages that point to the current offers). */
const running = runningOffersOf(fixture);
const ended = copy.offers.offers.find((o) => o.slug === "summer-gloss")!;
const upcoming = copy.offers.offers.find((o) => o.slug === "far-spring")!;

/** Each page's one main heading and a piece of its content, from the fixture's files (or the code, for fixed pages). */
const fixed: Record<string, { h1: string; text: string }> = {
  "/": { h1: settings.tagline, text: words.landing.team.heading },
  "/info": { h1: settings.tagline, text: words.landing.contact.heading },
  "/home": { h1: settings.tagline, text: words.home.paths[0]!.text },
  "/about": { h1: copy.pages.about.heading, text: salons.other.name },
  "/team": { h1: words.team.heading, text: `Average Cut & Colour price £${people.lead.average_price}` },
  "/teaminfo": { h1: words.team.heading, text: people.improver.name },
  "/blog": { h1: words.blog.heading, text: fixture.blogPosts[0]!.title },
  "/offers": { h1: words.offers.heading, text: fixture.copy.offers.offers[0]!.title },
  "/bookings": { h1: words.bookings.heading, text: words.bookings.question },
  "/link-tree": { h1: words.linkTree.heading, text: "Online quote" },
  "/links": { h1: words.linkTree.heading, text: "Skin test" },
  "/online-shop": { h1: words.shop.heading, text: fixture.store.tiles[0]!.title },
  "/joinus": { h1: "Join Base", text: `ends with your ${fixture.facts.apprenticeDiplomas.says} hairdressing diplomas` },
  "/models": { h1: "We need models", text: "practically free" },
  "/contact": { h1: "Contact us", text: settings.address.street },
  "/open-evening": { h1: "Open evening", text: "Register my interest" },
  "/feedback": { h1: "Tell us how we did", text: "Leave your name and mobile" },
  "/prices": { h1: "Get a quote in a minute", text: "Men's Hairdressing" },
  "/prices/levels": { h1: "Our stylist levels", text: fixture.levels.at(-1)!.description },
  "/reviews": { h1: "What our clients say", text: fixture.reviews.reduce((a, b) => (b.review.length > a.review.length ? b : a)).review },
  "/prices/list": { h1: "Price list", text: fixture.services[0]!.service },
  "/privacy": { h1: "How we look after your details", text: "Deleted after" },
};

function expectationFor(path: string): { h1: string; text: string } {
  const known = fixed[path];
  if (known) return known;
  const slug = path.split("/").pop()!;
  const pattern = findPublicPage(path)!.path;
  const markdown = Object.entries(copy.pages).find(([name]) => `/${name}` === path)?.[1];
  if (markdown) return { h1: markdown.heading, text: markdown.updated ?? textOf(element(markdown.html, "p")!) };
  if (pattern === "/team/:slug") {
    const s = fixture.stylists.find((x) => x.slug === slug)!;
    return { h1: `${s.first_name} ${s.last_name}`, text: s.favourite_style ?? s.para_1 };
  }
  if (pattern === "/prices/:stylist") {
    const s = fixture.stylists.find((x) => x.slug === slug)!;
    return { h1: `Looking for a price with ${s.first_name} ${s.last_name}?`, text: "Colour, Cutting & Styling" };
  }
  if (pattern === "/blog/:slug") {
    const post = fixture.blogPosts.find((p) => p.slug === slug)!;
    return { h1: post.title, text: post.author };
  }
  if (pattern === "/offers/:slug") {
    const offer = copy.offers.offers.find((o) => o.slug === slug)!;
    if (offer === ended) return { h1: offer.title, text: words.offers.ended[1]! };
    if (offer === upcoming) return { h1: offer.title, text: words.offers.upcoming[1]! };
    return { h1: offer.title, text: copy.offers.terms[0]! };
  }
  if (pattern === "/sms/:slug") {
    const offer = copy.offers.offers.find((o) => o.slug === slug)!;
    return { h1: offer.title, text: offer.sms!.intro[0]! };
  }
  const notice = copy.notices.find((n) => n.slug === slug)!;
  return { h1: notice.heading, text: notice.body[0]! };
}

describe.each(engines)("public pages from the build on %s", (engine) => {
  let server: TestServer;
  /** Each page's server HTML, fetched once. */
  const pages = new Map<string, string>();
  const get = (path: string) => fetch(server.url + path, { redirect: "manual" });

  beforeAll(async () => {
    server = await startTestServer(engine, {}, { pages: true });
    for (const path of pagePaths) {
      const response = await get(path);
      pages.set(path, response.status === 200 ? await response.text() : `status ${response.status}`);
    }
  });
  afterAll(() => server?.close());

  it.each(pagePaths)("%s shows its one heading and its content", (path) => {
    const html = pages.get(path)!;
    expect(html, path).toMatch(/^<!DOCTYPE html>/i);
    const { h1, text } = expectationFor(path);
    expect(headings(html, 1)).toEqual([h1]);
    const main = element(html, "main");
    expect(main, `${path} has a <main>`).toBeDefined();
    expect(textOf(main!)).toContain(textOf(text));
  });

  it("every link on every page lands on a public page, and every #anchor exists", async () => {
    const { problems, checked } = await brokenLinks(pages, get);
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(20);
  });

  it("every page has a unique title and description, a canonical address and sharing tags", () => {
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    for (const path of pagePaths) {
      const html = pages.get(path)!;
      const title = titleOf(html);
      const description = meta(html, "description");
      expect(title, path).toBeTruthy();
      expect(description?.length, path).toBeGreaterThanOrEqual(50);
      expect(new URL(canonicalLink(html)!).pathname, path).toBe(canonicalOf(path));
      for (const property of ["og:title", "og:description", "og:url", "og:image", "og:type"]) {
        expect(meta(html, property), `${path} ${property}`).toBeTruthy();
      }
      // Pages that repeat another (/info, /teaminfo) share its canonical address, so they are one page to search engines.
      if (canonicalOf(path) !== path) continue;
      const sameTitle = [...titles].find(([, t]) => t === title);
      const sameDescription = [...descriptions].find(([, d]) => d === description);
      expect(sameTitle?.[0], `${path} repeats the title of ${sameTitle?.[0]}`).toBeUndefined();
      expect(sameDescription?.[0], `${path} repeats the description of ${sameDescription?.[0]}`).toBeUndefined();
      titles.set(path, title!);
      descriptions.set(path, description!);
    }
  });

  it("sitemap.xml lists every public page once, and robots.txt keeps out the staff area", async () => {
    const xml = await (await get("/sitemap.xml")).text();
    const listed = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect([...listed].sort()).toEqual([...sitemapPaths].sort());
    expect(listed.filter((p) => p.startsWith("/team/"))).toHaveLength(schoolTeam.length);
    expect(listed.filter((p) => p.startsWith("/blog/"))).toHaveLength(fixture.blogPosts.length);
    expect(listed.filter((p) => p.startsWith("/notices/"))).toHaveLength(copy.notices.length);
    // Only the offers running today: not the one that ended, nor the one yet to start.
    expect(listed.filter((p) => p.startsWith("/offers/"))).toHaveLength(running.length);
    expect(running.length).toBe(copy.offers.offers.length - 2);
    expect(listed).not.toContain(`/offers/${ended.slug}`);
    expect(listed).not.toContain(`/offers/${upcoming.slug}`);
    expect(listed).toContain(`/sms/${offers.withSms.slug}`);
    expect(listed).not.toContain("/info");
    expect(listed).not.toContain("/gift-voucher");

    const robots = await (await get("/robots.txt")).text();
    expect(robots).toContain("Disallow: /applicants");
    expect(robots).toContain("Disallow: /applicant/");
    expect(robots).toMatch(/Sitemap: .*\/sitemap\.xml/);
  });

  it("a profile, a blog post and an offer carry their content, links and structured data", () => {
    const lead = people.lead;
    const profile = pages.get(`/team/${lead.slug}`)!;
    expect(textOf(profile)).toContain(lead.para_3!);
    expect(profile).toContain(`href="/prices/${lead.slug}"`);
    expect(profile).toContain(`href="/team#${lead.slug}"`);
    expect(profile).toContain(`href="/offers/${offers.ofStylist.slug}"`);
    expect(profile).toContain(lead.photo_profile);

    const post = fixture.blogPosts[0]!;
    const postHtml = pages.get(`/blog/${post.slug}`)!;
    expect(structuredData(postHtml)).toContainEqual(expect.objectContaining({ "@type": "BlogPosting", headline: post.title, datePublished: post.date }));

    const offer = textOf(pages.get(`/offers/${offers.ofStylist.slug}`)!);
    expect(offer).toContain(offers.ofStylist.code!);
    expect(offer).toContain(`Offer ends ${settings.endDate}`);
    for (const term of [...copy.offers.terms, ...offers.ofStylist.terms]) expect(offer).toContain(term);
  });

  it("shows only the offers running today, each saying when it runs, with the quote's discount explained beside them", () => {
    const list = textOf(element(pages.get("/offers")!, "main")!);
    for (const offer of running) expect(list).toContain(offer.title);
    expect(list).not.toContain(ended.title);
    expect(list).not.toContain(upcoming.title);
    // An offer with no end date of its own runs until settings.yaml's endDate (28/02/28 in the fixture).
    expect(list).toContain("Until 28 February 2028");
    expect(list).toContain(textOf(copy.offers.withQuote.offerPage));
    expect(copy.offers.withQuote.offerPage).toContain("20% with the code QG20 for 4 days");

    const page = textOf(element(pages.get(`/offers/${offers.ofStylist.slug}`)!, "main")!);
    expect(page).toContain(copy.offers.withQuote.offerPage);
    expect(page).toContain("Until 28 February 2028");
  });

  it("an ended or upcoming offer's page says so, points to the current offers and gives away no code or price", () => {
    for (const [offer, text, when] of [
      [ended, words.offers.ended, "Ended 31 August 2025"],
      [upcoming, words.offers.upcoming, "Starts 1 March 2099"],
    ] as const) {
      const html = pages.get(`/offers/${offer.slug}`)!;
      const main = element(html, "main")!;
      expect(textOf(main)).toContain(text[0]!);
      expect(textOf(main)).toContain(when);
      expect(main).toContain('href="/offers"');
      expect(html).not.toContain(offer.code!);
    }
  });

  it("prices every offer from the price list", () => {
    // Roots Touch-up (15 + 5) and Blow-dry (11) at New Starter; the claim is in the title, the headline and the table.
    const starter = pages.get("/offers/new-starter")!;
    expect(headings(starter, 1)).toEqual(["Roots and a blow-dry from £31"]);
    expect(textOf(element(starter, "main")!)).toContain("Roots and blow-dry £31");
    // Rosa's 15% off a Graduate's balayage (45 * 2.6 + 11 = 128) and blow-dry (11 * 2.6 = 28.6 → 29): 157 → 133.
    expect(textOf(element(pages.get(`/offers/${offers.ofStylist.slug}`)!, "main")!)).toContain("Balayage and blow-dry £157 now £133");
  });

  it("the landing page describes the salon as a HairSalon with its sister salons", () => {
    const data = structuredData(pages.get("/")!).find((d) => (d as { "@type": string })["@type"] === "HairSalon") as
      | { telephone: string; memberOf: { member: { name: string }[] } }
      | undefined;
    expect(data?.telephone).toBe(`+44${settings.phone.replace(/\s/g, "").slice(1)}`);
    expect(data?.memberOf.member.map((m) => m.name)).toEqual([salons.other.name, salons.sister.name]);
  });

  it("the landing page shows a few of the school team's faces from the database, with pictures sized and lazy below the fold", () => {
    const team = element(pages.get("/")!.replace(/[\s\S]*?(<section id="team")/, "$1"), "section")!;
    const shown = schoolTeam.slice(0, 4);
    for (const s of shown) expect(textOf(team)).toContain(`${s.first_name} ${s.last_name}`);
    expect(team).toContain('href="/team"');
    // The pictures themselves, not their tiny blurred placeholders (inline data).
    const images = [...team.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]).filter((img) => !img.includes('src="data:'));
    for (const s of shown) expect(images.some((img) => img.includes(`/images/team/${s.slug}`)), s.slug).toBe(true);
    for (const img of images) {
      expect(img).toMatch(/\bwidth="\d+"/);
      expect(img).toMatch(/\bheight="\d+"/);
      expect(img).toContain('loading="lazy"');
    }
    expect(team).toContain(`/images/team/${schoolTeam[0]!.slug}-320.avif 320w`);
    expect(team).toMatch(/type="image\/webp" srcSet="[^"]+\.webp/i);
  });

  it("the footer and the contact page give the address, phone and opening hours", () => {
    const { street, town, postcode } = settings.address;
    for (const path of ["/", "/contact"]) {
      const text = textOf(pages.get(path)!);
      expect(text).toContain(`${street}, ${town}, ${postcode}`);
      expect(text).toContain(settings.phone);
      for (const day of settings.hours) expect(text).toContain(day.label);
    }
    expect(pages.get("/")).toContain(`href="tel:+44${settings.phone.replace(/\s/g, "").slice(1)}"`);
  });

  it("wherever a page gives the salon's or a sister salon's number, a phone can call it", () => {
    const numbers = [settings.phone, ...fixture.salons.flatMap((s) => (s.booking ? [s.booking.phone] : []))];
    const unlinked: string[] = [];
    let linked = 0;
    for (const [path, html] of pages) {
      const body = element(html, "body")!;
      linked += [...body.matchAll(/<a [^>]*href="tel:[^"]+"[^>]*>/g)].length;
      const words = textOf(body.replace(/<a [^>]*href="tel:[\s\S]*?<\/a>/g, " "));
      for (const number of numbers) if (words.includes(number)) unlinked.push(`${path}: ${number}`);
    }
    expect(unlinked).toEqual([]);
    // Every page's footer has one; the words of a notice, a Markdown page and the booking guide give more.
    expect(linked).toBeGreaterThan(pages.size);
    expect(pages.get("/bookings")).toMatch(new RegExp(`ring <a href="tel:\\+44${settings.phone.replace(/\s/g, "").slice(1)}"[^>]*>${settings.phone}</a>\\.`));
  });

  it("the booking guide leads to each of its four answers by links alone", async () => {
    const answers = words.bookings.answers;
    const follow = async (html: string, name: string) => {
      const link = [...html.matchAll(/<a\b[^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/g)].find((m) => textOf(m[2]!) === name);
      expect(link, `a link named "${name}"`).toBeDefined();
      return (await get(link![1]!.replace(/&amp;/g, "&"))).text();
    };
    for (const [client, service, answer] of [
      ["I'm a new client", "Colour Services", answers.newColour],
      ["I'm a new client", "Cutting & Styling only", answers.newCutStyle],
      ["I've been before", "Colour Services", answers.existingColour],
      ["I've been before", "Cutting & Styling only", answers.existingCutStyle],
    ] as const) {
      const html = await follow(await follow(pages.get("/bookings")!, client), service);
      expect(textOf(html)).toContain(answer.body[0]);
      // A new colour client books the consultation first, not the colour.
      expect(html).toContain(`href="${answer === answers.newColour ? settings.links.consultation : settings.links.booking}"`);
    }
  });

  it("finding: a returning client had to answer a second question; the guide now offers the booking at once", async () => {
    const html = await (await get("/bookings?client=existing")).text();
    const straightIn = element(html, "main")!;
    expect(straightIn).toContain(`href="${settings.links.booking}"`);
    const newClient = element(await (await get("/bookings?client=new")).text(), "main")!;
    expect(newClient).not.toContain(`href="${settings.links.booking}"`);
  });

  it("finding: a site-wide Book now skipped the booking guide; every one (header, hero, profile, offer, post, totals) now goes through it", async () => {
    const bookNows = (html: string) =>
      [...html.matchAll(/<a\b[^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/g)].filter((m) => textOf(m[2]!) === "Book now").map((m) => m[1]!.replace(/&amp;/g, "&"));
    const paths = ["/", "/home", `/team/${people.lead.slug}`, `/offers/${running[0]!.slug}`, `/blog/${fixture.blogPosts[0]!.slug}`, `/prices/total-by-level?type=men&by=level&salon=${salons.school.id}&level=1&cut=${services.mensCut.id}&mcol=none&regular=no`, "/prices/list"];
    for (const path of paths) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      const links = bookNows(await response.text());
      // The header's, and the page's own where it has one (the price list keeps only the header's).
      expect(links.length, path).toBeGreaterThanOrEqual(path === "/prices/list" ? 1 : 2);
      // A stylist's own button names them (decision 0065): the guide books with their own link.
      const own = path === `/team/${people.lead.slug}` ? `/bookings?stylist=${people.lead.id}` : "/bookings";
      expect(links, path).toEqual(links.map((href) => (href === own ? own : "/bookings")));
      if (own !== "/bookings") expect(links, path).toContain(own);
    }
  });

  it("the link tree stands alone, and only /links offers the skin test", () => {
    const tree = pages.get("/link-tree")!;
    expect(tree).not.toContain('aria-label="Main"');
    expect(textOf(tree)).not.toContain("Skin test");
    for (const social of settings.social) expect(tree).toContain(`href="${social.url}"`);
    expect(pages.get("/links")).toContain(`href="${settings.links.skinTest}"`);
  });

  it("the shop shows every banner and product, and the first three news items", () => {
    const shop = textOf(pages.get("/online-shop")!);
    for (const banner of fixture.store.banners) expect(shop).toContain(banner.headline);
    for (const tile of fixture.store.tiles) expect(shop).toContain(tile.title);
    expect(fixture.news.length).toBeGreaterThan(3);
    for (const [i, item] of fixture.news.entries()) {
      if (i < 3) expect(shop).toContain(item.title);
      else expect(shop).not.toContain(item.title);
    }
  });

  it("gift-voucher leaves for the outside gift-card page, and unknown paths go home", async () => {
    const gift = await get("/gift-voucher");
    expect(gift.status).toBe(302);
    expect(gift.headers.get("location")).toBe(settings.links.giftCards);
    const unknown = await get("/no/such/page");
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get("location")).toBe("/");
  });

  it("pictures come as AVIF and WebP at fixed widths, and odd sizes or unknown names are refused", async () => {
    const avif = await get(`/images/team/${people.lead.slug}-480.avif`);
    expect(avif.status).toBe(200);
    expect(avif.headers.get("content-type")).toBe("image/avif");
    const post = fixture.blogPosts[0]!.slug;
    expect((await get(`/images/blog/${post}-800.webp`)).headers.get("content-type")).toBe("image/webp");
    expect((await get(`/images/team/${people.lead.slug}-481.avif`)).status).toBe(404);
    expect((await get("/images/team/nobody-480.avif")).status).toBe(404);
  });
});

describe("the public pages, from the routes' facts", () => {
  it("every address a route module's facts name is one it is registered at, so none is lost from the sitemap", () => {
    const named = new Set(Object.values(builtRoutes).flatMap((r) => Object.keys((r.module.handle as RouteFacts | undefined)?.publicPages ?? {})));
    expect(named.size).toBeGreaterThan(30);
    expect(new Set(publicPages.map((p) => p.path))).toEqual(named);
  });

  it("gives each page its sitemap entry, and the staff area and saved quotes are no public pages", () => {
    expect(findPublicPage("/teaminfo")).toEqual({ path: "/teaminfo", canonical: "/team" });
    expect(findPublicPage("/gift-voucher")).toEqual({ path: "/gift-voucher", redirect: true });
    expect(findPublicPage("/links")).toEqual({ path: "/links" });
    for (const path of ["/applicants", "/staff", "/staff/models", "/quote/abc", "/go/book", "/sitemap.xml"]) {
      expect(findPublicPage(path), path).toBeUndefined();
    }
  });
});
