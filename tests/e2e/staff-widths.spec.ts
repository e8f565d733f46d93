/**
 * Every staff page fits a tablet held upright (768 px) and a small phone
 * (320 px), signed in as a manager, with something in every list: the page
 * does not scroll sideways and nothing reaches past the window's sides
 * (issue 20). Like layout.spec.ts, one browser project runs it, resizing a
 * desktop window: a mobile emulation zooms out to hide an overflow.
 *
 * And nothing moves when the staff app starts: the page as the server sent it
 * is read first, with the app's code held back, then again once it has
 * hydrated. A button hidden at that moment pulled the applicant page's
 * invitations up 52 px, and a tap meant for "Move or cancel" landed beside it;
 * on a desktop the long parts opened then, and pushed the staff desk's links
 * 900 px down.
 */
import { expect, test } from "@playwright/test";
import { seedStaffPages, staffPageTemplates } from "../support/staff-pages";
import { STAFF } from "../support/staff-client";
import { expectHydrated } from "./support/hydration";
import { waitForEmail } from "./support/inbox";
import { signInWithPin } from "./support/sign-in";
import { sideways } from "./support/sideways";

test.skip(({ isMobile }) => isMobile, "resizes a desktop browser through the widths");
test.describe.configure({ timeout: 90_000 });

test("every staff page fits 768 px and 320 px with no sideways scroll, and nothing on it moves when the app starts, signed in as a manager", async ({ page, baseURL }) => {
  const seeded = await seedStaffPages(baseURL!);
  const pages = staffPageTemplates(seeded);
  await page.setViewportSize({ width: 768, height: 900 });
  await page.goto("/staff");
  await signInWithPin(page, STAFF.morgan);
  // The applicant's thanks gone: a page that shows it held refreshes itself when it leaves, a change on purpose.
  await waitForEmail((email) => email.to.includes(seeded.email));
  // The app's code waits for `started` on each page: until then the page is the server's HTML alone.
  let started = Promise.resolve();
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await started;
    await route.continue();
  });
  for (const [name, path] of Object.entries(pages)) {
    let start = () => {};
    started = new Promise((resolve) => (start = resolve));
    // Read on a desktop, where the long parts stand open: the app's only rule that depends on the width opens them
    // (app/components/staff/fold.tsx), so what else could move moves there too, and inside them as well.
    await page.setViewportSize({ width: 1366, height: 800 });
    const response = await page.goto(path, { waitUntil: "commit" });
    expect(response?.status(), `${name} (${path})`).toBe(200);
    await page.waitForFunction(() => document.readyState !== "loading");
    await page.evaluate(markPlaces);
    start();
    await expectHydrated(page.getByRole("button", { name: "Sign out", exact: true }));
    // Hydration goes on in slices, then renders again what only the browser knows (passkeys, the app being up):
    // the browser is idle only once all of it is done.
    await page.evaluate(() => new Promise((done) => requestIdleCallback(() => requestIdleCallback(done))));
    expect(await page.evaluate(movedSinceMarked), `${path}: moved when the app started`).toEqual([]);
    for (const width of [768, 320]) {
      await page.setViewportSize({ width, height: 800 });
      const found = await sideways(page);
      expect(found.out, `${path} at ${width}px`).toEqual([]);
      expect(found.overflow, `${path} at ${width}px: the page scrolls sideways`).toBeLessThanOrEqual(0);
    }
  }
});

/** Notes where each heading, control and link of the page sits, from the top of the document. */
async function markPlaces(): Promise<void> {
  await document.fonts.ready;
  const places = new Map<Element, number>();
  for (const element of document.querySelectorAll("h1, h2, h3, summary, button, input, textarea, select, a")) {
    const box = element.getBoundingClientRect();
    if (box.height > 0) places.set(element, box.top + window.scrollY);
  }
  (window as unknown as { places: Map<Element, number> }).places = places;
}

/** What moved by more than a pixel, or was replaced, since `markPlaces`. */
function movedSinceMarked(): string[] {
  const moved: string[] = [];
  for (const [element, top] of (window as unknown as { places: Map<Element, number> }).places) {
    const name = `${element.tagName.toLowerCase()} "${(element.textContent ?? "").trim().slice(0, 40)}"`;
    if (!element.isConnected) moved.push(`${name} was replaced`);
    else if (Math.abs(element.getBoundingClientRect().top + window.scrollY - top) > 1) moved.push(`${name} moved from ${Math.round(top)} to ${Math.round(element.getBoundingClientRect().top + window.scrollY)}px`);
  }
  return moved.slice(0, 10);
}
