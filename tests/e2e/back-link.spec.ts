/**
 * "Back" on the form pages returns to the page the visitor came from on this
 * site, and to a sensible page when they arrived from elsewhere.
 */
import { expect, test } from "@playwright/test";

test.skip(({ isMobile }) => isMobile, "the same links and history at every size: once, on the desktop");

for (const { path, label } of [
  { path: "/joinus", label: "Join us" },
  { path: "/models", label: "Models" },
]) {
  test(`Back on ${path} returns to the page the visitor came from`, async ({ page }) => {
    await page.goto("/about");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.locator("summary:visible").click();
    await nav.getByRole("link", { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    // A few lines of inline script go back in the tab's history (plain-scripts.ts BACK_SCRIPT).
    await page.getByRole("link", { name: "Back", exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/About/);
  });

  test(`Back on ${path}, reached from another site, goes to the home page`, async ({ page }) => {
    await page.goto(path);
    await page.getByRole("link", { name: "Back", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
  });
}

test("Back after a full page load from this site returns there too", async ({ page }) => {
  await page.goto("/open-evening");
  // A link followed before the page's script ran, or opened in the same tab from a bookmark of this site.
  await page.goto("/feedback", { referer: new URL("/open-evening", page.url()).href });
  await page.getByRole("link", { name: "Back", exact: true }).click();
  await expect(page).toHaveURL(/\/open-evening$/);
});
