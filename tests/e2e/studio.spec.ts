import { expect, test, type Page } from "@playwright/test";
import { itemPrice } from "../../app/modules/pricing/pricing";
import { formatPounds } from "../../app/utils/money";
import { level, salons, services as s } from "../support/fixture";
import { managerAndReceptionEnv, RAE, STAFF } from "../support/staff-client";
import { ownServerOnDemand } from "./support/own-server";
import { signInWithPin } from "./support/sign-in";

// The studio, on a server of its own (a price change shows to every visitor):
// on the phone, a manager changes a price, sees it on the price list, in the
// calculator, in an offer's claimed price and in the API, then undoes it from
// the history; on a desktop, a manager writes a draft post, previews and
// publishes it, and reception finds no studio.

/** Chooses an option in the calculator's open step by its exact label. */
async function choose(page: Page, label: string) {
  const before = page.url();
  await page.locator('section[data-open="true"]').getByText(label, { exact: true }).click();
  await expect(page).not.toHaveURL(before);
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe("studio", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });
  const own = ownServerOnDemand(40, { STAFF_ACCOUNTS: managerAndReceptionEnv });
  const starter = level(1);

  test.afterAll(() => own.stop());

  test("a manager changes a price, sees it everywhere, and undoes it from the history", async ({ page, isMobile }) => {
    const server = await own.get();
    test.skip(!isMobile, "on the phone, where a manager changes a price between clients");
    const rootsFrom = (price: number) => formatPounds(price + s.roots.product_price);
    const starterOffer = (roots: number) => formatPounds(roots + s.roots.product_price + s.blowDry.price);

    // A quote by level for roots and a blow-dry: its total page, to come back to.
    await page.goto(`${server.base}/prices`);
    await page.getByRole("link", { name: "No", exact: true }).click();
    await page.getByRole("link", { name: /^Colour, Cutting . Styling/ }).click();
    await page.getByRole("link", { name: /^Quote based on a stylist level/ }).click();
    await page.locator('section[data-open="true"]').getByRole("link", { name: salons.school.name, exact: true }).click();
    await choose(page, starter.name);
    await choose(page, "Roots");
    await choose(page, "No bond-building, thanks");
    await choose(page, s.blowDry.service);
    await choose(page, "No finishing touch, thanks");
    await page.getByRole("link", { name: "See my quote" }).click();
    await expect(page).toHaveURL(/\/prices\/total-by-level/);
    const quoteUrl = page.url();
    await expect(page.getByTestId("quote-total")).toHaveText(starterOffer(s.roots.price));

    // The studio's price list, signed in as a manager.
    await page.goto(`${server.base}/staff/studio/prices`);
    await signInWithPin(page, STAFF.morgan);
    // The sign-in form's heading is the page's name too: wait for the page itself.
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Price list" })).toBeVisible();
    // The studio's own row of sections, under the staff header's "Studio".
    await expect(page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Price list" })).toHaveAttribute("aria-current", "page");
    await expectNoSidewaysScroll(page);
    const card = page.locator("details").filter({ has: page.locator("summary", { hasText: s.roots.service }) }).first();
    await card.locator("summary").first().click();
    const save = card.getByRole("button", { name: `Save ${s.roots.service}` });
    const box = await save.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    // The price as each level charges it: the New Starter's goes up £1, and the other levels follow at once.
    const trainee = level(2);
    await expect(card.getByLabel(trainee.name, { exact: true })).toHaveValue(String(itemPrice(s.roots, trainee)));
    await card.getByLabel(starter.name, { exact: true }).fill(String(itemPrice(s.roots, starter) + 1));
    await expect(card.getByLabel(trainee.name, { exact: true })).toHaveValue(String(itemPrice({ ...s.roots, price: s.roots.price + 1 }, trainee)));
    await save.click();
    await expect(page.getByText(`Saved: ${s.roots.service} ${formatPounds(s.roots.price)} → ${formatPounds(s.roots.price + 1)}.`)).toBeVisible();

    // The price list, the calculator, the offer that claims it, the API.
    await page.goto(`${server.base}/prices/list`);
    await expect(page.locator(`tr[data-service-id="${s.roots.id}"] [data-cell="from"]`)).toHaveText(rootsFrom(s.roots.price + 1));
    await page.goto(quoteUrl);
    await expect(page.getByTestId("quote-total")).toHaveText(starterOffer(s.roots.price + 1));
    await page.goto(`${server.base}/offers/new-starter`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(starterOffer(s.roots.price + 1));
    const api = (await (await page.request.get(`${server.base}/api/services`)).json()) as { id: number; price: number }[];
    expect(api.find((x) => x.id === s.roots.id)?.price).toBe(s.roots.price + 1);

    // Undone from the history: everything is as it was.
    await page.goto(`${server.base}/staff/studio/history`);
    await expectNoSidewaysScroll(page);
    const summary = `${s.roots.service} ${formatPounds(s.roots.price)} → ${formatPounds(s.roots.price + 1)}`;
    await page.getByRole("button", { name: `Undo “${summary}”` }).click();
    await expect(page.getByText(`Undid “${summary}”. The website shows what was there before.`)).toBeVisible();
    await page.goto(`${server.base}/prices/list`);
    await expect(page.locator(`tr[data-service-id="${s.roots.id}"] [data-cell="from"]`)).toHaveText(rootsFrom(s.roots.price));
    await page.goto(quoteUrl);
    await expect(page.getByTestId("quote-total")).toHaveText(starterOffer(s.roots.price));
  });

  test("a manager writes a draft post, previews it, sees its draft page, and publishes it", async ({ page, isMobile }) => {
    const server = await own.get();
    test.skip(isMobile, "at a desk, where a post is written");
    await page.goto(`${server.base}/staff/studio/posts`);
    if (await page.getByRole("button", { name: "Log In" }).isVisible()) await signInWithPin(page, STAFF.morgan);
    const write = page.locator("section", { has: page.getByRole("heading", { name: "Write a post" }) });
    await write.getByLabel("Title").fill("Colour bar nights");
    // The preview follows the words as they are typed (the Preview button is for a phone without JavaScript).
    const words = write.getByLabel("The post", { exact: true });
    await words.fill("Every Thursday the colour bar stays open **until eight**.");
    await expect(write.getByLabel("Preview").locator("strong")).toHaveText("until eight");
    await words.fill("Every Thursday the colour bar stays open **until nine**.\n\nBring a friend.");
    await expect(write.getByLabel("Preview").locator("strong")).toHaveText("until nine");
    await expect(write.getByLabel("Preview").getByText("Bring a friend.")).toBeVisible();
    // Without signal the preview is not asked for (it would fail, and the error page would take the words with it);
    // the page's clock runs past the typing pause at once.
    await page.clock.install();
    await page.context().setOffline(true);
    await words.fill("Every Thursday the colour bar stays open **until ten**.\n\nBring a friend.");
    await page.clock.runFor(2000);
    await expect(write.getByLabel("Preview").locator("strong")).toHaveText("until nine");
    await page.context().setOffline(false);
    await words.fill("Every Thursday the colour bar stays open **until nine**.\n\nBring a friend.");
    await page.clock.runFor(2000);
    await expect(words).toHaveValue(/until nine/);
    await write.getByRole("button", { name: "Save as a draft" }).click();
    await expect(page.getByText("Saved as a draft. Only signed-in staff can see it, at /blog/colour-bar-nights.")).toBeVisible();

    await page.goto(`${server.base}/blog/colour-bar-nights`);
    await expect(page.getByText("Draft: only signed-in staff can see this page.")).toBeVisible();
    await page.goto(`${server.base}/blog`);
    await expect(page.getByText("Colour bar nights")).toHaveCount(0);

    await page.goto(`${server.base}/staff/studio/posts`);
    const card = page.locator("details").filter({ has: page.locator("summary", { hasText: "Colour bar nights" }) });
    await card.locator("summary").click();
    await card.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByText("Published: it is on the blog now, at /blog/colour-bar-nights.")).toBeVisible();
    await page.goto(`${server.base}/blog`);
    await expect(page.getByRole("link", { name: /Colour bar nights/ }).first()).toBeVisible();
  });

  test("reception sees no studio, and the studio's API answers 403", async ({ page, isMobile }) => {
    const server = await own.get();
    test.skip(isMobile, "the same refusal at every size");
    await page.goto(`${server.base}/staff`);
    await signInWithPin(page, RAE);
    const staffNav = page.getByRole("navigation", { name: "Staff" });
    await expect(staffNav.getByRole("link", { name: "Applicants" })).toBeVisible();
    await expect(staffNav.getByRole("link", { name: "Studio" })).toHaveCount(0);
    expect((await page.goto(`${server.base}/staff/studio/prices`))?.status()).toBe(403);
    await expect(page.getByRole("navigation", { name: "Studio" })).toHaveCount(0);
    const patch = await page.request.patch(`${server.base}/api/staff/studio/services/${s.roots.id}`, { data: { price: 1 }, headers: { origin: server.base } });
    expect(patch.status()).toBe(403);
  });
});
