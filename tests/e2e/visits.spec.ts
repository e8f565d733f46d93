import { expect, test, type Page } from "@playwright/test";
import { signInWithPin } from "./support/sign-in";
import { MARKETING_WORDS } from "~/modules/marketing/consent-words";
import { fixture, salons, services as s } from "../support/fixture";
import { STAFF } from "../support/staff-client";

// The owner's visit figures, the way the owner and a visitor meet them: a visitor browses, works out a price,
// saves a quote and follows the booking button, with no cookie until the quote is saved; then a manager sees
// those visits on /staff/visits. Other tests share this server and browse too, so counts are compared as
// "at least this many more".

interface Report {
  pages: { path: string; views: number }[];
  funnel: { calculator_started: number; totals_seen: number; quotes_saved: number; booking_clicks: number };
}

async function signIn(page: Page) {
  await page.goto("/staff/visits");
  await signInWithPin(page, STAFF.morgan);
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Visits" })).toBeVisible();
}

async function report(page: Page): Promise<Report> {
  const response = await page.request.get("/api/staff/visits");
  expect(response.status()).toBe(200);
  return (await response.json()) as Report;
}

const views = (r: Report, path: string) => r.pages.find((p) => p.path === path)?.views ?? 0;

test("pages visited and a quote saved show up on the visits page for a manager", async ({ page, browser, baseURL }, testInfo) => {
  test.skip(testInfo.project.name === "phone", "one visitor's journey is enough; the page is looked at on the phone below");
  test.setTimeout(60_000);
  await signIn(page);
  const before = await report(page);

  const visitor = await browser.newContext({ baseURL });
  const tab = await visitor.newPage();
  for (const path of ["/", "/team", "/privacy", "/prices"]) {
    expect((await tab.goto(path))?.status(), path).toBe(200);
  }
  const choices = `type=men&by=level&salon=${salons.school.id}&level=3&cut=${s.mensCut.id}&mcol=none&regular=no`;
  await tab.goto(`/prices/total-by-level?${choices}`);
  await tab.getByRole("link", { name: "Save my quote" }).click();
  await expect(tab.getByRole("heading", { level: 1, name: "Save your quote" })).toBeVisible();
  // Not a single cookie so far: browsing and pricing set none.
  expect(await visitor.cookies()).toEqual([]);

  await tab.getByLabel("Your name").fill("Nia Visits");
  await tab.getByLabel("Mobile number").fill(`07700 900${String(900 + (Date.now() % 99)).padStart(3, "0")}`);
  await tab.getByLabel("Email address").fill(`nia.visits.${Date.now()}@example.com`);
  await tab.getByLabel("How did you hear about us?").selectOption("google");
  const emailBox = tab.getByLabel(MARKETING_WORDS.email);
  await expect(emailBox).not.toBeChecked();
  await expect(tab.getByLabel(MARKETING_WORDS.sms)).not.toBeChecked();
  await emailBox.check();
  await tab.getByRole("button", { name: "Send me my quote" }).click();
  await expect(tab).toHaveURL(/\/prices\/finish\/submitted/);
  const quoteHref = await tab.locator('a[href^="/quote/"]').first().getAttribute("href");
  await tab.goto(quoteHref!);
  // A client who has been before books straight in, through the site (the header's "Book now" goes to the booking guide).
  const book = tab.getByRole("main").getByRole("link", { name: "Been before? Book straight in" });
  await expect(book).toHaveAttribute("href", /^\/go\/book\?from=quote&salon=\d+&view=[\w-]{22}$/);
  // The booking site is someone else's, out of reach from here: the browser asking it for the salon's page is the
  // visitor arriving. (A route cannot answer for it: Playwright hands a redirect's target to no route handler.)
  const arrived = tab.waitForRequest(fixture.settings.links.booking);
  await book.click();
  await arrived;
  await visitor.close();

  const after = await report(page);
  for (const path of ["/", "/team", "/privacy", "/prices", "/prices/total-by-level", "/quote"]) {
    expect(views(after, path), path).toBeGreaterThanOrEqual(views(before, path) + 1);
  }
  expect(after.funnel.calculator_started).toBeGreaterThanOrEqual(before.funnel.calculator_started + 1);
  expect(after.funnel.totals_seen).toBeGreaterThanOrEqual(before.funnel.totals_seen + 1);
  expect(after.funnel.quotes_saved).toBeGreaterThanOrEqual(before.funnel.quotes_saved + 1);
  expect(after.funnel.booking_clicks).toBeGreaterThanOrEqual(before.funnel.booking_clicks + 1);

  // The page shows the same: the chart, the funnel and the pages.
  await page.reload();
  await expect(page.getByTestId("visits-chart")).toBeVisible();
  await expect(page.getByTestId("funnel-quotes_saved")).toContainText(String(after.funnel.quotes_saved));
  await expect(page.getByTestId("funnel-booking_clicks")).toContainText(String(after.funnel.booking_clicks));
  await expect(page.getByTestId("visits-pages").getByRole("row", { name: /\/prices\/total-by-level/ })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("visits-desktop.png"), fullPage: true });

  // And the manager sees who asked for offers.
  await page.goto("/staff/marketing");
  await expect(page.getByRole("article", { name: "Nia Visits" }).first()).toBeVisible();
});

test("the visits page fits a phone", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "the phone's layout");
  await signIn(page);
  await expect(page.getByTestId("visits-chart")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath("visits-phone.png"), fullPage: true });
});
