/**
 * Every page template fits every phone from 320 px up, a tablet and a desktop: nothing
 * scrolls sideways and nothing sticks out; the header keeps its compact "Book
 * now" and menu in view; every price reads whole (on one line, clear of the
 * words before it); Contact is reachable from the phone menu and the
 * footer; the landing page stays short on a phone. One browser project runs
 * this, resizing the window through the widths (a mobile emulation would zoom
 * out to hide an overflow, so it is left to the desktop project).
 *
 * Each page is also scanned for accessibility as a phone (390 px) lays it out,
 * and each kind of page that lays out differently on a desktop at 1366 px, on
 * the same load: the forms and the calculator's screens are scanned in their
 * own specs, in the states a visitor meets them in (forms with errors, each
 * step).
 */
import { expect, test, type Page } from "@playwright/test";
import { pageTemplates } from "../support/page-templates";
import { expectAccessible } from "./support/axe";
import { sideways, tornPrices } from "./support/sideways";

/** The smallest phone, a common one, a tablet and a laptop: between them the layout is fluid. */
const widths = [320, 390, 768, 1366];
/**
 * axe scans each page as a phone lays it out (390 px), where most visitors read it; the desktop's layout
 * (its header's "More" menu, two columns) once on each kind of page that lays out differently there.
 */
const phoneScan = 390;
const desktopScan = new Set(["landing", "team", "blog-post", "offer", "price-list", "bookings", "link-tree"]);
const scannedElsewhere = new Set([
  "joinus",
  "models",
  "contact",
  "open-evening",
  "feedback",
  "prices",
  "prices-levels",
  "stylist-prices",
  "prices-selector",
  "calculator",
  "finish-submitted-without-quote",
]);
/**
 * The templates in a few groups, each walked in one browser page: a new page and its first load cost a
 * browser more than the checks themselves, and the groups still spread over the workers.
 */
const GROUPS = 6;

test.skip(({ isMobile }) => isMobile, "resizes a desktop browser through the phone widths");

async function fitsEveryWidth(page: Page, name: string, path: string) {
  await page.setViewportSize({ width: 1366, height: 800 });
  const response = await page.goto(path);
  expect.soft(response?.status(), path).toBe(200);
  const header = page.getByRole("banner").first();
  const hasHeader = (await page.getByRole("navigation", { name: "Main" }).count()) > 0;
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    const found = await sideways(page);
    expect.soft(found.out, `${path} at ${width}px`).toEqual([]);
    expect.soft(found.overflow, `${path} at ${width}px: the page scrolls sideways`).toBeLessThanOrEqual(0);
    expect.soft(await tornPrices(page), `${path} at ${width}px: prices read whole`).toEqual([]);
    const scan = width === phoneScan || (width === 1366 && desktopScan.has(name));
    if (scan && !scannedElsewhere.has(name)) await expectAccessible(page, `${path} at ${width}px`, { soft: true });
    if (!hasHeader) continue;
    // The header's booking button and menu stay whole and in view.
    // (The menu's button on a phone, the "More" menu on a desktop.)
    for (const control of [header.getByRole("link", { name: "Book now" }), header.locator("summary:visible")]) {
      const box = await control.boundingBox();
      expect.soft(box, `${path} at ${width}px: ${control}`).not.toBeNull();
      if (!box) continue;
      expect.soft(box.x, `${path} at ${width}px`).toBeGreaterThanOrEqual(0);
      expect.soft(box.x + box.width, `${path} at ${width}px`).toBeLessThanOrEqual(width);
    }
  }
}

const templates = Object.entries(pageTemplates);
for (let g = 0; g < GROUPS; g++) {
  const group = templates.filter((_, i) => i % GROUPS === g);
  test(`${group.map(([name]) => name).join(", ")}: each fits every width from 320 px to a desktop`, async ({ page }) => {
    // Each page is loaded, laid out at four widths and scanned: a few pages to a test.
    test.setTimeout(group.length * 45_000);
    for (const [name, path] of group) {
      await test.step(`${name} (${path})`, () => fitsEveryWidth(page, name, path));
    }
  });
}

test.describe("on a phone", () => {
  for (const width of [320, 360]) {
    test(`Contact is in the menu at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 740 });
      await page.goto("/about");
      const nav = page.getByRole("navigation", { name: "Main" });
      await nav.locator("summary:visible").click();
      const contact = nav.getByRole("link", { name: "Contact us" });
      await expect(contact).toBeInViewport();
      await contact.click();
      await expect(page).toHaveURL(/\/contact$/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    });
  }

  test("Contact is in the footer", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 740 });
    await page.goto("/blog");
    const contact = page.getByRole("contentinfo").getByRole("link", { name: "Contact us" });
    await contact.scrollIntoViewIfNeeded();
    await expect(contact).toBeInViewport();
    await contact.click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test("the landing page is well under 9,000 px tall at 390 px, with the forms on their own pages and the hours once", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    expect(await page.locator("main form").count()).toBe(0);
    // The opening hours once, in the footer, not again just above it.
    await expect(page.getByRole("heading", { name: "Opening hours" })).toHaveCount(1);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThan(8000);
  });
});
