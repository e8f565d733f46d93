/**
 * Every "Book now" books the right thing (issue 34), on a phone 390 px wide:
 * each site-wide button reaches the booking guide, a returning client is
 * offered the salon's (or the stylist's own) booking at once, and a new colour
 * client the salon's consultation.
 */
import { expect, test } from "@playwright/test";
import { content } from "../support/public-pages";

test.use({ viewport: { width: 390, height: 844 } });

const lead = content.stylists.find((s) => s.slug === "rosa")!;
const offer = content.copy.offers.offers.find((o) => o.stylist === lead.slug)!;
const mensCut = content.services.find((s) => s.id === 20)!;

test("finding: a Book now on the header, hero, a profile, an offer, the price list and a totals page skipped the booking guide", async ({ page }) => {
  const pages = [
    "/",
    `/team/${lead.slug}`,
    `/offers/${offer.slug}`,
    "/prices/list",
    `/prices/total-by-level?type=men&by=level&salon=3&level=1&cut=${mensCut.id}&mcol=none&regular=no`,
  ];
  for (const path of pages) {
    await page.goto(path);
    const buttons = page.getByRole("link", { name: "Book now", exact: true });
    const count = await buttons.count();
    expect(count, path).toBeGreaterThan(0);
    // A stylist's own button carries their id: the guide books with their own link (decision 0065).
    for (let i = 0; i < count; i++) await expect(buttons.nth(i), path).toHaveAttribute("href", /^\/bookings(\?stylist=\d+)?$/);
    // The last one on the page (the page's own, or the header's on the price list) reaches the guide.
    const last = buttons.nth(count - 1);
    await last.scrollIntoViewIfNeeded();
    if (!(await last.isVisible())) await page.getByRole("banner").getByRole("link", { name: "Book now", exact: true }).click();
    else await last.click();
    await expect(page, path).toHaveURL(/\/bookings(\?stylist=\d+)?$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(content.copy.text.bookings.heading);
  }
});

test("finding: a returning client had to answer a second question before the salon's booking, and a new colour client had no consultation link", async ({ page }) => {
  await page.goto("/bookings");
  await page.getByRole("link", { name: "I've been before" }).click();
  await expect(page.getByRole("main").getByRole("link", { name: "Book now", exact: true })).toHaveAttribute("href", content.settings.links.booking);
  await page.getByRole("link", { name: "I'm a new client" }).click();
  await expect(page.getByRole("main").getByRole("link", { name: "Book now", exact: true })).toHaveCount(0);
  await page.getByRole("link", { name: "Colour Services" }).click();
  await expect(page.getByRole("heading", { name: content.copy.text.bookings.answers.newColour.heading })).toBeVisible();
  await expect(page.getByRole("link", { name: "Book a consultation" })).toHaveAttribute("href", content.settings.links.consultation!);
});

test("finding: a stylist's own Book now opened the salon's generic booking page", async ({ page }) => {
  await page.goto(`/team/${lead.slug}`);
  await page.getByRole("main").getByRole("link", { name: "Book now", exact: true }).click();
  await expect(page.getByTestId("booking-stylist")).toContainText(lead.first_name);
  await page.getByRole("link", { name: "I've been before" }).click();
  await expect(page.getByRole("main").getByRole("link", { name: "Book now", exact: true })).toHaveAttribute("href", lead.booking_url!);
});
