import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { canonicalOf, content, findPublicPage, pagePaths, sitemapPaths, slugs } from "../support/public-pages";

const wcag = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** What each fixed page must show: its main heading and a piece of key content. */
const expected: Record<string, { h1: RegExp; text?: RegExp }> = {
  "/": { h1: /stylists of tomorrow/i, text: /Meet the Base Team/ },
  "/info": { h1: /stylists of tomorrow/i, text: /Location & Contact Info/ },
  "/home": { h1: /stylists of tomorrow/i, text: /Where would you like to start/ },
  "/about": { h1: /About Base Hair Academy/, text: /Our three salons/ },
  "/team": { h1: /Meet the Base Team/, text: /Average Cut & Colour price £\d+/ },
  "/teaminfo": { h1: /Meet the Base Team/, text: /Average Cut & Colour price £\d+/ },
  "/blog": { h1: /The Base Blog/, text: /Read More >/ },
  "/offers": { h1: /Special Offers/, text: /25% off with our Junior Stylists/ },
  "/refer-a-friend": { h1: /Refer a friend/, text: /valid for \*?\*?12 weeks|12 weeks/ },
  "/policies": { h1: /Our policies/, text: /we may charge 50%/ },
  "/corona": { h1: /COVID-19/, text: /Updated 18 March 2021/ },
  "/reopening": { h1: /13th April/, text: /Updated 18th March 2021/ },
  "/new-prices": { h1: /prices are changing/i, text: /get a quote online/ },
  "/your-gift": { h1: /on us/, text: /Intensive Repair Treatment/ },
  "/ghd": { h1: /GHD styling evening/, text: /£20 off selected GHD/ },
  "/jellybeans": { h1: /Jellybeans/, text: /25% off your first visit/ },
  "/bookings": { h1: /Book your appointment/, text: /Have you been to us before\?/ },
  "/link-tree": { h1: /Base Hair Academy/, text: /Online quote/ },
  "/links": { h1: /Base Hair Academy/, text: /Skin Test/ },
  "/online-shop": { h1: /The Base Shop/, text: /SHOP NOW/ },
  "/joinus": { h1: /Join Base/, text: /level 2 and a level 3 hairdressing diploma/ },
  "/models": { h1: /We need models/, text: /practically free/ },
  "/contact": { h1: /Contact us/, text: /12 Bridge Street/ },
  "/open-evening": { h1: /Open evening/, text: /Register my interest/ },
  "/feedback": { h1: /Tell us how we did/, text: /Leave your name and mobile/ },
  "/prices": { h1: /./, text: /Colour, Cutting & Styling|Men's Hairdressing/ },
  "/privacy": { h1: /How we look after your details/, text: /Deleted after/ },
};

function expectationFor(path: string): { h1: RegExp; text?: RegExp } {
  const fixed = expected[path];
  if (fixed) return fixed;
  const slug = path.split("/").pop()!;
  const page = findPublicPage(path)!.path;
  if (page === "/team/:slug") {
    const s = content.stylists.find((x) => x.slug === slug)!;
    return { h1: new RegExp(`${s.first_name} ${s.last_name}`), text: /Average Cut & Colour price £\d+/ };
  }
  if (page === "/prices/:stylist") {
    const s = content.stylists.find((x) => x.slug === slug)!;
    return { h1: new RegExp(`Looking for a price with ${s.first_name} ${s.last_name}\\?`) };
  }
  if (page === "/blog/:slug") {
    const post = content.blogPosts.find((p) => p.slug === slug)!;
    return { h1: new RegExp(post.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")), text: new RegExp(post.author) };
  }
  if (page === "/offers/:slug" || page === "/sms/:slug") {
    const offer = content.copy.offers.offers.find((o) => o.slug === slug)!;
    return { h1: new RegExp(offer.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")), text: /New clients only/ };
  }
  const notice = content.copy.notices.find((n) => n.slug === slug)!;
  return { h1: new RegExp(notice.heading), text: new RegExp(notice.body[0]!.slice(0, 30)) };
}

async function scan(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(wcag).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test.describe("every public page", () => {
  // An accessibility scan of a long page takes a few seconds on a small machine.
  test.describe.configure({ timeout: 60_000 });
  for (const path of pagePaths) {
    test(`${path} shows its heading and content, and passes axe`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe(path);
      const { h1, text } = expectationFor(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
      if (text) await expect(page.getByText(text).first()).toBeAttached();
      await expect(page.getByRole("main")).toBeVisible();
      // /info and /teaminfo render the very same page as / and /team, which are scanned.
      if (canonicalOf(path) === path) expect(await scan(page)).toEqual([]);
    });
  }
});

/** Internal links in a page's server HTML, as absolute paths with their hash. */
function linksIn(html: string, from: string): URL[] {
  const base = new URL(from, "http://site.test");
  return [...html.matchAll(/<a\b[^>]*\bhref="([^"]+)"/g)]
    .map((m) => new URL(m[1]!.replace(/&amp;/g, "&"), base))
    .filter((u) => u.origin === base.origin);
}

async function htmlOf(request: APIRequestContext, path: string) {
  const response = await request.get(path, { maxRedirects: 0 });
  return { status: response.status(), html: response.status() === 200 ? await response.text() : "" };
}

test.describe("links and search engines", () => {
  test.skip(({ isMobile }) => isMobile, "server HTML only: run once");

  test("following any link on any page never lands on a missing page or a wrong anchor", async ({ request }) => {
    const pages = new Map<string, string>();
    for (const path of pagePaths) pages.set(path, (await htmlOf(request, path)).html);
    const problems: string[] = [];
    const checked = new Map<string, number>();
    for (const [from, html] of pages) {
      for (const link of linksIn(html, from)) {
        const entry = findPublicPage(link.pathname);
        if (!entry) {
          problems.push(`${from} links to ${link.pathname}, which is no public page`);
          continue;
        }
        if (entry.pending) continue; // built in another issue; listed as pending in public-pages.ts
        if (!checked.has(link.pathname)) {
          const response = await request.get(link.pathname + link.search, { maxRedirects: 0 });
          checked.set(link.pathname, response.status());
          if (response.status() === 200 && !pages.has(link.pathname)) pages.set(link.pathname, await response.text());
        }
        const status = checked.get(link.pathname)!;
        const ok = entry.redirect ? status === 302 : status === 200;
        if (!ok) problems.push(`${from} links to ${link.pathname}: status ${status}`);
        const id = decodeURIComponent(link.hash.slice(1));
        if (ok && id && !entry.redirect && !pages.get(link.pathname)?.includes(`id="${id}"`)) {
          problems.push(`${from} links to ${link.pathname}#${id}, which has no such anchor`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(checked.size).toBeGreaterThan(20);
  });

  test("sitemap.xml lists every public page, and robots.txt keeps out the staff area", async ({ request, baseURL }) => {
    const xml = await (await request.get("/sitemap.xml")).text();
    const listed = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(new Set(listed)).toEqual(new Set(sitemapPaths));
    // The spec's route table, by name: every one is there.
    for (const path of ["/", "/home", "/about", "/team", "/blog", "/offers", "/refer-a-friend", "/corona", "/reopening",
      "/bookings", "/link-tree", "/links", "/your-gift", "/ghd", "/jellybeans", "/online-shop", "/policies", "/new-prices",
      "/sms/newyear", "/sms/spring"]) {
      expect(listed, path).toContain(path);
    }
    for (const offer of ["general", "new-starter", "apprentice-stylist", "junior-stylist", "graduate", "autumn", "newyear", "spring"]) {
      expect(listed).toContain(`/offers/${offer}`);
    }
    expect(listed.filter((p) => p.startsWith("/team/"))).toHaveLength(10);
    expect(listed.filter((p) => p.startsWith("/blog/"))).toHaveLength(8);
    expect(listed.filter((p) => p.startsWith("/notices/"))).toHaveLength(5);
    expect(listed.filter((p) => p.startsWith("/offers/"))).toHaveLength(10);

    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain("Disallow: /applicants");
    expect(robots).toContain("Disallow: /applicant/");
    expect(robots).toMatch(new RegExp(`Sitemap: .*/sitemap\\.xml`));
    expect(baseURL).toBeTruthy();
  });

  test("every page has a unique title and description, a canonical address and sharing tags", async ({ request }) => {
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    for (const path of pagePaths) {
      const html = (await htmlOf(request, path)).html;
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
      const description = /<meta name="description" content="([^"]+)"/.exec(html)?.[1];
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
      expect(title, path).toBeTruthy();
      expect(description && description.length >= 50, path).toBe(true);
      expect(new URL(canonical!).pathname, path).toBe(canonicalOf(path));
      for (const property of ["og:title", "og:description", "og:url", "og:image", "og:type"]) {
        expect(html, `${path} ${property}`).toContain(`property="${property}"`);
      }
      // Pages that repeat another (/info, /teaminfo) share its canonical address, so they are one page to search engines.
      const key = canonicalOf(path) === path ? path : `${canonicalOf(path)} (alias)`;
      if (key !== path) continue;
      const sameTitle = [...titles].find(([, t]) => t === title);
      const sameDescription = [...descriptions].find(([, d]) => d === description);
      expect(sameTitle?.[0], `${path} repeats the title of ${sameTitle?.[0]}`).toBeUndefined();
      expect(sameDescription?.[0], `${path} repeats the description of ${sameDescription?.[0]}`).toBeUndefined();
      titles.set(path, title!);
      descriptions.set(path, description!);
    }
  });

  test("a profile, a blog post and an offer read without JavaScript (server HTML)", async ({ request }) => {
    const profile = await (await request.get("/team/nadia")).text();
    expect(profile).toContain("Nadia Rahman");
    expect(profile).toContain("cardamom buns");
    expect(profile).toContain('href="/prices/nadia"');
    expect(profile).toContain('href="/team#nadia"');
    expect(profile).toContain("https://photos.example.com/base.nadia");

    const post = await (await request.get("/blog/allergy-alert-test")).text();
    expect(post).toContain("The allergy alert test, explained");
    expect(post).toContain("September 16th 2025");
    expect(post).toContain('"@type":"BlogPosting"');

    const offer = await (await request.get("/offers/junior-stylist")).text();
    expect(offer).toContain("JUNIOR25");
    expect(offer).toContain("Tuesday to Saturday");
    expect(offer).toContain("Offer ends 31/01/27");
    expect(offer).toContain("Cannot be combined with any other offer.");
  });

  test("the home page describes the academy as a HairSalon, and the corona page links to the skin test post", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const json = /<script type="application\/ld\+json"[^>]*>([^<]+)<\/script>/.exec(html)?.[1];
    const data = JSON.parse(json!) as { "@type": string; telephone: string; memberOf: { member: unknown[] } };
    expect(data["@type"]).toBe("HairSalon");
    expect(data.telephone).toBe("+441632960412");
    expect(data.memberOf.member).toHaveLength(2);
    expect(await (await request.get("/corona")).text()).toContain('href="/blog/allergy-alert-test"');
  });

  test("gift-voucher leaves for the outside gift-card page", async ({ request }) => {
    const response = await request.get("/gift-voucher", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("https://bookings.example.com/base-hair-academy/gift-cards");
  });

  test("pictures come as AVIF and WebP at fixed widths, and odd sizes are refused", async ({ request }) => {
    const avif = await request.get("/images/team/freya-480.avif");
    expect(avif.status()).toBe(200);
    expect(avif.headers()["content-type"]).toBe("image/avif");
    expect((await request.get("/images/blog/open-evening-800.webp")).headers()["content-type"]).toBe("image/webp");
    expect((await request.get("/images/team/freya-481.avif")).status()).toBe(404);
    expect((await request.get("/images/team/nobody-480.avif")).status()).toBe(404);
  });
});

test.describe("pages at work", () => {
  test("team cards and pictures: width and height set, AVIF and WebP offered, lazy below the fold", async ({ page }) => {
    await page.goto("/");
    const images = page.locator("main img");
    const count = await images.count();
    expect(count).toBeGreaterThan(10);
    for (let i = 0; i < count; i++) {
      const img = images.nth(i);
      expect(await img.getAttribute("width")).toMatch(/^\d+$/);
      expect(await img.getAttribute("height")).toMatch(/^\d+$/);
    }
    const portrait = page.locator("#team picture").first();
    await expect(portrait.locator('source[type="image/avif"]')).toHaveAttribute("srcset", /freya-320\.avif 320w/);
    await expect(portrait.locator('source[type="image/webp"]')).toHaveAttribute("srcset", /\.webp/);
    await expect(portrait.locator("img")).toHaveAttribute("loading", "lazy");
  });

  test("a profile links to its quote and back to its place in the team", async ({ page }) => {
    await page.goto("/team/freya");
    await expect(page.getByRole("link", { name: "Get a quote with me!" })).toHaveAttribute("href", "/prices/freya");
    await page.getByRole("link", { name: "Back to the full team" }).click();
    await expect(page).toHaveURL(/\/team#freya$/);
    await expect(page.locator("#freya")).toBeInViewport();
  });

  test("the review feed shows a cut review with client and stylist, and can be paused", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    const feed = page.locator("#home figure");
    const quote = await feed.locator("blockquote").innerText();
    expect(quote.length).toBeLessThanOrEqual(182);
    await expect(feed.locator("figcaption")).toContainText(/on a visit with \w+/);
    await page.getByRole("button", { name: "Pause reviews" }).click();
    await page.clock.runFor(21_000);
    expect(await feed.locator("blockquote").innerText()).toBe(quote);
    await page.getByRole("button", { name: "Play reviews" }).click();
    await page.clock.runFor(7_100);
    await expect(feed.locator("blockquote")).not.toHaveText(quote);
  });

  test("for visitors who prefer reduced motion, the reviews and banners stay still", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Play reviews" })).toBeVisible();
    await page.goto("/online-shop");
    await expect(page.getByRole("button", { name: "Play banners" })).toBeVisible();
    await context.close();
  });

  test("the shop's carousel works from the keyboard and pauses", async ({ page }) => {
    await page.goto("/online-shop");
    const carousel = page.getByRole("region", { name: "Shop highlights" });
    await carousel.getByRole("button", { name: "Pause banners" }).click();
    await expect(carousel.getByRole("group", { name: "1 of 3" })).toBeVisible();
    await carousel.getByRole("button", { name: /Next/ }).focus();
    await page.keyboard.press("Enter");
    await expect(carousel.getByRole("group", { name: "2 of 3" })).toBeVisible();
    await expect(carousel.getByRole("group", { name: "1 of 3" })).toBeHidden();
    await carousel.getByRole("button", { name: /Banner 3/ }).press("Enter");
    await expect(carousel.getByRole("group", { name: "3 of 3" })).toBeVisible();
    await expect(page.getByRole("link", { name: /SHOP NOW/ }).first()).toHaveAttribute("href", /^https:\/\/shop\.example\.com/);
    await expect(page.locator("main section[aria-labelledby=news-heading] li")).toHaveCount(3);
  });

  test("the booking guide leads to each of its four answers without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const answers: [string, string, RegExp][] = [
      ["I'm a new client", "Colour Services", /book a consultation, not a colour/],
      ["I'm a new client", "Cutting & Styling only", /no skin test/],
      ["I've been before", "Colour Services", /activate your colour booking over the\s+phone/],
      ["I've been before", "Cutting & Styling only", /Book your cut or style online/],
    ];
    for (const [client, service, message] of answers) {
      await page.goto("/bookings");
      await page.getByRole("link", { name: client }).click();
      await page.getByRole("link", { name: service }).click();
      await expect(page.getByText(message)).toBeVisible();
      await expect(page.getByRole("link", { name: "Book Now" }).last()).toHaveAttribute("href", /^https:\/\/bookings\.example\.com/);
    }
    await context.close();
  });

  test("the link tree stands alone, and only /links offers the skin test", async ({ page }) => {
    await page.goto("/link-tree");
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Skin Test" })).toHaveCount(0);
    await expect(page.getByRole("list", { name: "Follow us" }).getByRole("link")).toHaveCount(4);
    await page.goto("/links");
    await expect(page.getByRole("link", { name: "Skin Test" })).toHaveAttribute("href", /skin-test/);
  });
});

test("the slugs cover the ten academy stylists", () => {
  expect(slugs["/team/:slug"]).toHaveLength(10);
});
