/**
 * Every staff page fits a tablet held upright (768 px) and a small phone
 * (320 px), signed in as a manager, with something in every list: the page
 * does not scroll sideways and nothing reaches past the window's sides
 * (issue 20). Like layout.spec.ts, one browser project runs it, resizing a
 * desktop window: a mobile emulation zooms out to hide an overflow.
 */
import { expect, test } from "@playwright/test";
import { seedStaffPages, staffPageTemplates } from "../support/staff-pages";
import { STAFF } from "../support/staff-client";
import { signInWithPin } from "./support/sign-in";
import { sideways } from "./support/sideways";

test.skip(({ isMobile }) => isMobile, "resizes a desktop browser through the widths");
test.describe.configure({ timeout: 90_000 });

test("every staff page fits 768 px and 320 px with no sideways scroll, signed in as a manager", async ({ page, baseURL }) => {
  const pages = staffPageTemplates(await seedStaffPages(baseURL!));
  await page.setViewportSize({ width: 768, height: 900 });
  await page.goto("/staff");
  await signInWithPin(page, STAFF.morgan);
  await expect(page.getByRole("button", { name: "Sign out", exact: true })).toBeVisible();
  for (const [name, path] of Object.entries(pages)) {
    await page.setViewportSize({ width: 768, height: 900 });
    const response = await page.goto(path);
    expect(response?.status(), `${name} (${path})`).toBe(200);
    await expect(page.getByRole("button", { name: "Sign out", exact: true })).toBeVisible();
    for (const width of [768, 320]) {
      await page.setViewportSize({ width, height: 800 });
      const found = await sideways(page);
      expect(found.out, `${path} at ${width}px`).toEqual([]);
      expect(found.overflow, `${path} at ${width}px: the page scrolls sideways`).toBeLessThanOrEqual(0);
    }
  }
});
