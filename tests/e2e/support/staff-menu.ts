/**
 * The staff sections fold behind "Menu" below 1024 px (components/staff/staff-frame.tsx):
 * a person on a phone opens it first; at a wider size the links are already there.
 */
import type { Page } from "@playwright/test";

export async function openStaffMenu(page: Page): Promise<void> {
  const menu = page.locator("header summary", { hasText: "Menu" });
  const sections = page.getByRole("navigation", { name: "Staff" });
  // Whichever this width shows, once the page (signed in) has drawn its header.
  await menu.or(sections).filter({ visible: true }).first().waitFor();
  if (await menu.isVisible()) await menu.click();
}
