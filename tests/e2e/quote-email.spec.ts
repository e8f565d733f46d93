/**
 * The quote email as a visitor opens it on a phone: a quote is saved, the
 * email the site sends is opened at 390 px, and it shows the salon's logo and
 * a real "Book now" button, and reads without scrolling sideways.
 */
import { expect, test } from "@playwright/test";
import { content } from "../support/public-pages";
import { waitForEmail } from "./support/inbox";

test.skip(({ isMobile }) => isMobile, "opens the email in a window sized as a phone");

test("the quote email shows the logo and a Book now button, and fits a 390 px phone", async ({ page, request, baseURL }, testInfo) => {
  const stylist = content.stylists.find((s) => s.salon === content.stylists[0]!.salon && s.level > 1)!;
  const email = `quote-email.${testInfo.project.name}.${Date.now()}@example.com`;
  const saved = await request.post("/api/save-quote-details", {
    data: {
      name: "Iris Bell",
      mobile: "07700 900 432",
      email,
      referral: "google",
      salon_id: stylist.salon,
      regular: false,
      selector: "Stylist",
      stylist_id: stylist.id,
      service_ids: [content.services[0]!.id],
    },
  });
  expect(saved.status()).toBe(201);
  const mail = await waitForEmail((m) => m.to.includes(email));

  // Opened as a page of the site's own address (served by the test, without the site's security headers), so
  // that its pictures come from the site as they would in a mail app.
  await page.setViewportSize({ width: 390, height: 844 });
  const preview = `${baseURL}/email-preview`;
  await page.route(preview, (route) => route.fulfill({ body: mail.html, contentType: "text/html; charset=utf-8" }));
  await page.goto(preview, { waitUntil: "networkidle" });

  const logo = page.getByRole("img", { name: content.settings.name });
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  const book = page.getByRole("link", { name: "Book now", exact: true });
  // A new client's Book now goes through the booking guide, with the quote's salon, and the stylist when they
  // book on a page of their own (decision 0065).
  const own = stylist.booking_url ? `&stylist=${stylist.id}` : "";
  await expect(book).toHaveAttribute("href", `${baseURL}/bookings?client=new&service=cut-style&salon=${stylist.salon}${own}`);
  const box = (await book.boundingBox())!;
  // A button: a tap target of its own, inside the screen.
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expect(page.getByRole("link", { name: "View your quote" })).toHaveAttribute("href", /\/quote\/[\w-]+$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await testInfo.attach("quote email at 390 px", { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
});
