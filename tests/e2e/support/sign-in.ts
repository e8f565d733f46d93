/**
 * Signing in as a person does on any staff page: the name (filled in already
 * on a device that signed in before), the PIN, then Log In.
 */
import { expect, type Page } from "@playwright/test";
import { expectHydrated } from "./hydration";

export async function signInWithPin(page: Page, who: { name: string; pin: string }): Promise<void> {
  await expect(page.getByRole("button", { name: "Log In" })).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill(who.name);
  await page.getByLabel("PIN").fill(who.pin);
  await page.getByRole("button", { name: "Log In" }).click();
  // Signed in, on a staff page that has hydrated: a tap before that is a plain form post, another journey
  // (under a loaded CI run a test's next click landed there).
  const signOut = page.getByRole("button", { name: "Sign out" });
  await expect(signOut).toBeVisible({ timeout: 20_000 });
  await expectHydrated(signOut);
}
