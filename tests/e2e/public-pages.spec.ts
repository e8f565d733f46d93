import { expect, test, type Page } from "@playwright/test";
import { fixture, people } from "../support/fixture";

// What a person meets on the public pages, in a browser: the parts that move,
// used. Every page's heading, content, links and search-engine tags are checked
// without one, in tests/integration/public-pages.test.ts; each kind of page is
// scanned for accessibility at a phone's width and a desktop's in layout.spec.ts.

// As most visitors see them: moving (the rest of the suite asks for reduced motion, playwright.config.ts).
test.use({ reducedMotion: "no-preference" });

/** From the page's first script on: every console error and uncaught error, and every CSP violation. */
async function watchScripts(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(m.text());
  });
  page.on("pageerror", (e) => problems.push(String(e)));
  return { problems, cspViolations: () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations) };
}

test.describe("pages at work", () => {
  test("a profile links to its quote and back to its place in the team", async ({ page, isMobile }) => {
    test.skip(isMobile, "the same links at every size");
    const { slug, first_name } = people.lead;
    await page.goto(`/team/${slug}`);
    await expect(page.getByRole("link", { name: "Get a quote with me!" })).toHaveAttribute("href", `/prices/${slug}`);
    await page.getByRole("link", { name: "Back to the full team" }).click();
    await expect(page).toHaveURL(new RegExp(`/team#${slug}$`));
    await expect(page.locator(`#${slug}`)).toBeInViewport();
    await expect(page.locator(`#${slug}`)).toContainText(first_name);
  });

  test("the navigation's menus open from the keyboard", async ({ page, isMobile }) => {
    await page.goto("/");
    // The page's inline scripts have run (the review feed's controls appear then).
    await expect(page.getByRole("button", { name: "Pause reviews" })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Main" });
    const summary = nav.locator("summary:visible");
    await summary.focus();
    await page.keyboard.press("Enter");
    await expect(nav.getByRole("link", { name: "Policies" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Join Us" })).toBeVisible();
    if (!isMobile) await expect(nav.getByRole("link", { name: "Offers" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(nav.getByRole("link", { name: "Policies" })).toBeHidden();
    await expect(page.getByRole("link", { name: "Book now" }).first()).toHaveAttribute("href", "/bookings");
  });
});

// Scripts that behave the same at any size (and a carousel's keys, which a phone lacks): the desktop runs them.
test.describe("pages at work, once", () => {
  test.skip(({ isMobile }) => isMobile, "the same script as on the desktop");

  test("the review feed shows a review with client and stylist, and can be paused", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    // Every review is in the page; one shows at a time.
    const feed = page.locator("#home figure:visible");
    const quote = await feed.locator("blockquote").innerText();
    // “The review, cut at 180 characters…”
    expect(fixture.reviews.some((r) => r.review.startsWith(quote.replace(/^“|…?”$/g, "").slice(0, 40)))).toBe(true);
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
    const banners = fixture.store.banners.length;
    expect(banners).toBeGreaterThan(1);
    await page.goto("/online-shop");
    const carousel = page.getByRole("region", { name: "Shop highlights" });
    await carousel.getByRole("button", { name: "Pause banners" }).click();
    await expect(carousel.getByRole("group", { name: `1 of ${banners}` })).toBeVisible();
    await carousel.getByRole("button", { name: /Next/ }).focus();
    await page.keyboard.press("Enter");
    await expect(carousel.getByRole("group", { name: `2 of ${banners}` })).toBeVisible();
    await expect(carousel.getByRole("group", { name: `1 of ${banners}` })).toBeHidden();
    await carousel.getByRole("button", { name: new RegExp(`Banner ${banners}`) }).press("Enter");
    await expect(carousel.getByRole("group", { name: `${banners} of ${banners}` })).toBeVisible();
  });

  test("the landing page runs its few lines of script with no errors and no CSP violation, and loads no framework", async ({ page }) => {
    const { problems, cspViolations } = await watchScripts(page);
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    // The review feed's controls appear once its inline script has run.
    await expect(page.getByRole("button", { name: "Another review" })).toBeVisible();
    expect(scripts).toEqual([]);
    // A link is a link: the profile is a new document, as is the calculator.
    const documents: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "document") documents.push(new URL(r.url()).pathname);
    });
    await page.locator("#team").getByRole("link", { name: people.lead.name }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(people.lead.name);
    await page.getByRole("link", { name: "Get a quote with me!" }).click();
    await expect(page).toHaveURL(new RegExp(`/prices/${people.lead.slug}$`));
    expect(documents).toEqual([`/team/${people.lead.slug}`, `/prices/${people.lead.slug}`]);
    expect(await cspViolations()).toEqual([]);
    expect(problems).toEqual([]);
  });

  test("from the calculator, a link to a content page is a new document, and Back returns", async ({ page }) => {
    await page.goto("/prices");
    await page.waitForLoadState("networkidle");
    const documents: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "document") documents.push(new URL(r.url()).pathname);
    });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(documents).toEqual(["/about"]);
    // Neither page runs a framework: no module script on either.
    expect(await page.locator('script[type="module"]').count()).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/prices$/);
    expect(await page.locator('script[type="module"]').count()).toBe(0);
  });

  test("a form page answers a refused post with its error summary, and no script on it breaks the CSP", async ({ page }) => {
    const { problems, cspViolations } = await watchScripts(page);
    await page.goto("/joinus");
    await page.waitForLoadState("networkidle");
    // Sent empty: the server's page, its summary focused. Hovering a link runs the speculation rules, allowed by hash.
    await page.getByRole("button", { name: "Send my application" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeFocused();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Prices" }).first().hover();
    await page.waitForLoadState("networkidle");
    expect(await cspViolations()).toEqual([]);
    // The refused post's own 400 is the browser's note of the page's status, not a script's problem.
    expect(problems.filter((p) => !/status of 400/.test(p))).toEqual([]);
  });
});
