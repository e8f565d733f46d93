import { expect, type Locator } from "@playwright/test";

/**
 * Waits until React has hydrated `element`: its props (and so its click
 * handler) are attached. Before that a link is a plain link, as it is for a
 * visitor whose script has not run yet, which is a different journey.
 */
export async function expectHydrated(element: Locator): Promise<void> {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactProps$"))), {
      message: "the element is hydrated",
    })
    .toBe(true);
}
