import { expect, test } from "@playwright/test";
import { fillJoinUs } from "./support/joinus";

// The phone most visitors hold: 390 px wide, its first screen 844 px tall.
test.use({ viewport: { width: 390, height: 844 } });
test.skip(({ isMobile }) => isMobile, "sized to 390 px here; the phone project would run the same page again");

const inFirstScreen = async (box: { y: number; height: number } | null) => {
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(844);
};

test("finding: the price list had no way to jump to a category in its first screen at 390 px", async ({ page }) => {
  await page.goto("/prices/list");
  const nav = page.getByRole("navigation", { name: "Price list categories" });
  await inFirstScreen(await nav.boundingBox());
  await page.screenshot({ path: "/tmp/gaps-shots/prices-list-390.png" });
  const links = nav.getByRole("link");
  const headings = page.locator("main h2[id^='cat-']");
  await expect(links).toHaveCount(await headings.count());
  // The last category's link takes the visitor to its heading, in view.
  const last = links.last();
  const label = (await last.textContent())!.trim();
  await last.click();
  await expect(page.getByRole("heading", { level: 2, name: label })).toBeInViewport();
});

test("finding: the join-us thanks no longer came to the top of the page, in view and focused", async ({ page }) => {
  await page.goto("/joinus");
  await fillJoinUs(page, `leah.top.${Date.now().toString(36)}@example.com`);
  await page.getByRole("button", { name: "Send my application" }).click();
  const thanks = page.getByRole("status");
  await expect(thanks).toBeFocused();
  await expect(thanks).toBeInViewport();
  // At the top: above the page's copy, not after it.
  const copy = page.getByRole("heading", { name: "Not sure yet? Start with a pre-apprenticeship" });
  expect((await thanks.boundingBox())!.y).toBeLessThan((await copy.boundingBox())!.y);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(844);
  await page.screenshot({ path: "/tmp/gaps-shots/joinus-thanks-390.png" });
});
