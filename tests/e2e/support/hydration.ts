import { expect, type Locator } from "@playwright/test";

/**
 * Waits until React has hydrated `element` (the staff area: every public page
 * is a document, decision 0052): its props (and so its click handler) are
 * attached. Before that a control is plain HTML, which is a different journey.
 */
export async function expectHydrated(element: Locator): Promise<void> {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactProps$"))), {
      message: "the element is hydrated",
      // The staff app's bundle, on a loaded two-core machine.
      timeout: 20_000,
    })
    .toBe(true);
}
