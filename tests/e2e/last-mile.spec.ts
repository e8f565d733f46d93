/**
 * The visitor's last mile (issue 23): a quote with a sister salon's stylist is
 * booked with that salon, on its page and in the email that reaches the mail
 * server; a new client's "Book now" goes through the booking guide; and the
 * price list agrees with a saved quote on every price and on the time.
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import { formatDuration } from "../../app/modules/pricing/pricing";
import { phoneHref } from "../../app/modules/site/public-settings";
import { content } from "../support/public-pages";
import { waitForEmail } from "./support/inbox";
import { fillJoinUs } from "./support/joinus";

async function saveQuote(request: APIRequestContext, body: Record<string, unknown>): Promise<string> {
  const saved = await request.post("/api/save-quote-details", {
    data: { name: "Nell Ford", mobile: "07700 900 318", referral: "google", salon_id: 3, ...body },
  });
  expect(saved.status()).toBe(201);
  return ((await saved.json()) as { link: string }).link;
}

/** Where these journeys are walked: a visitor deciding to book does it on a phone. The pages' desktop layouts are checked at every width by layout.spec.ts. */
const walkedOnAPhone = "walked on a phone, where visitors book";

const sisterStylist = content.stylists.find((s) => s.salon !== 3 && s.taking_new_clients)!;
const sister = content.salons.find((s) => s.id === sisterStylist.salon)!;
// Cut & Blow-dry, Beach Waves and Deep Conditioning: a cutting-and-styling quote any level above New Starter may do.
const cutStyle = [1, 16, 19];

test("a quote with a sister salon's stylist is booked with that salon: its page, its email, and the guide", async ({ page, request, isMobile }, testInfo) => {
  test.skip(!isMobile, walkedOnAPhone);
  const email = `last-mile.${testInfo.project.name}.${Date.now()}@example.com`;
  const link = await saveQuote(request, { email, regular: false, selector: "Stylist", stylist_id: sisterStylist.id, service_ids: cutStyle });

  await page.goto(`/quote/${link}`);
  const booking = page.getByTestId("quote-booking");
  await expect(booking.getByRole("heading", { name: `Book with ${sister.name}` })).toBeVisible();
  // Straight in goes through the site, which counts it and sends the visitor on to the sister's booking.
  // Its link carries the page's view key: the click counts once per view of this page (decision 0051).
  const straightInLink = booking.getByRole("link", { name: "Been before? Book straight in" });
  await expect(straightInLink).toHaveAttribute("href", new RegExp(`^/go/book\\?from=quote&salon=${sister.id}&view=[\\w-]{22}$`));
  const straightIn = await request.get((await straightInLink.getAttribute("href"))!, { maxRedirects: 0 });
  expect(straightIn.headers()["location"]).toBe(sister.booking!.url);
  await expect(booking.getByTestId("booking-phone")).toHaveText(sister.booking!.phone);
  await expect(booking.getByTestId("booking-phone")).toHaveAttribute("href", phoneHref(sister.booking!.phone));
  // Beside the button: the services to pick when booking.
  for (const id of cutStyle) await expect(booking.getByRole("listitem").filter({ hasText: content.services.find((s) => s.id === id)!.service })).toHaveCount(1);
  // Nowhere in the quote the school's booking link or number (the site's header keeps its own).
  expect(await page.locator(`main a[href="${content.settings.links.booking}"]`).count()).toBe(0);
  await expect(page.locator("main")).not.toContainText(content.settings.phone);

  // The email the SMTP server received books with the sister salon too.
  const mail = await waitForEmail((m) => m.to.includes(email));
  expect(mail.text).toContain(sister.booking!.phone);
  expect(mail.text).toContain(sister.name);
  expect(mail.html).toContain(`salon=${sister.id}`);
  expect(mail.text).not.toContain(`call them on ${content.settings.phone}`);

  // A new client's Book now: the booking guide, its questions answered from the quote, ending at the sister's booking.
  await booking.getByRole("link", { name: "Book now", exact: true }).click();
  await expect(page).toHaveURL(/\/bookings\?client=new&service=cut-style&salon=\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(content.copy.text.bookings.heading);
  await expect(page.getByTestId("booking-salon")).toContainText(sister.name);
  await expect(page.locator("main").getByRole("link", { name: "Book now", exact: true })).toHaveAttribute("href", sister.booking!.url);
});

test("a new client's colour quote at the school: Book now reaches the guide, which asks for a skin test 48 hours before", async ({ page, request, isMobile }, testInfo) => {
  test.skip(!isMobile, walkedOnAPhone);
  // All-over Colour, its gloss, Cut & Blow-dry, Beach Waves, at level 4 (offered at the school).
  const link = await saveQuote(request, {
    email: `last-mile-colour.${testInfo.project.name}.${Date.now()}@example.com`,
    regular: false,
    selector: "Level",
    level_id: 4,
    service_ids: [5, 15, 1, 16],
  });
  await page.goto(`/quote/${link}`);
  await page.getByTestId("quote-booking").getByRole("link", { name: "Book now", exact: true }).click();
  await expect(page).toHaveURL(/\/bookings\?client=new&service=colour&salon=3$/);
  await expect(page.getByText(/48 hours/).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Book a skin test" })).toHaveAttribute("href", content.settings.links.skinTest);
});

test("a returning client goes straight to the salon's booking", async ({ page, request, isMobile }, testInfo) => {
  test.skip(!isMobile, walkedOnAPhone);
  const link = await saveQuote(request, {
    email: `last-mile-regular.${testInfo.project.name}.${Date.now()}@example.com`,
    regular: true,
    selector: "Stylist",
    stylist_id: sisterStylist.id,
    service_ids: cutStyle,
  });
  await page.goto(`/quote/${link}`);
  const bookNow = page.getByTestId("quote-booking").getByRole("link", { name: "Book now", exact: true });
  await expect(bookNow).toHaveAttribute("href", new RegExp(`^/go/book\\?from=quote&salon=${sister.id}&view=[\\w-]{22}$`));
  const response = await request.get((await bookNow.getAttribute("href"))!, { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toBe(sister.booking!.url);
});

test("the price list and a saved quote agree on every price and on the time", async ({ page, request, isMobile }, testInfo) => {
  test.skip(!isMobile, walkedOnAPhone);
  const ids = [5, 15, 18, 1, 16];
  const link = await saveQuote(request, {
    email: `last-mile-list.${testInfo.project.name}.${Date.now()}@example.com`,
    regular: true,
    selector: "Level",
    level_id: 4,
    service_ids: ids,
  });
  await page.goto(`/quote/${link}`);
  const quoted = await page.locator("table tbody tr").evaluateAll((rows) =>
    rows.map((row) => ({ service: row.querySelector("th")!.textContent!.trim(), price: row.querySelector("td")!.textContent!.trim() })),
  );
  expect(quoted).toHaveLength(ids.length);
  const time = (await page.getByTestId("quote-time").locator("strong").textContent())!.trim();

  await page.goto("/prices/list");
  await expect(page.getByRole("heading", { level: 1, name: "Price list" })).toBeVisible();
  let minutes = 0;
  for (const line of quoted) {
    const row = page.locator("tr", { has: page.getByRole("rowheader", { name: line.service, exact: true }) });
    await expect(row.locator('td[data-level="4"]')).toHaveText(line.price);
    minutes += Number(await row.locator('td[data-cell="minutes"]').getAttribute("data-minutes"));
  }
  expect(time).toBe(formatDuration(minutes));
});

test("the price list is one click from /prices, the menu and the landing page", async ({ page, isMobile }) => {
  test.skip(!isMobile, walkedOnAPhone);
  for (const from of ["/prices", "/"]) {
    await page.goto(from);
    await expect(page.locator('main a[href="/prices/list"]').first()).toBeVisible();
  }
  expect(await page.locator('header a[href="/prices/list"]').count()).toBeGreaterThan(0);
});

test("after sending join-us on a phone, the thanks is in view and focused, on a panel that reads as success", async ({ page, isMobile }) => {
  test.skip(!isMobile, "the phone's case: a long form, the thanks where the form was");
  await page.goto("/joinus");
  await fillJoinUs(page, `leah.phone.${Date.now()}@example.com`);
  // The server's page with the thanks in the form's place, focused as it loads (autofocus).
  await page.getByRole("button", { name: "Send my application" }).click();
  const thanks = page.getByRole("status").filter({ hasText: "Thank you" });
  await expect(thanks).toBeFocused();
  await expect(thanks).toBeInViewport();
  // Green, not grey: the success panel's background leans clearly to green.
  const [r, g, b] = (await thanks.evaluate((el) => getComputedStyle(el).backgroundColor)).match(/\d+/g)!.map(Number) as [number, number, number];
  expect(g - Math.max(r, b)).toBeGreaterThan(8);
});

test.describe("at 320 px", () => {
  test.skip(({ isMobile }) => isMobile, "sets a narrow window on a desktop browser (a mobile emulation zooms out to hide an overflow)");

  test("the team page fits: no sideways scroll, and each portrait fills its card's side with no gap beneath it", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 740 });
    await page.goto("/team");
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    const cards = page.locator("main article");
    expect(await cards.count()).toBeGreaterThan(1);
    for (const card of await cards.all()) {
      const [box, portrait] = await Promise.all([card.boundingBox(), card.locator("span").first().boundingBox()]);
      expect(portrait!.y - box!.y).toBeLessThanOrEqual(1);
      expect(box!.y + box!.height - (portrait!.y + portrait!.height)).toBeLessThanOrEqual(1);
    }
  });

  test("the price list fits: neither the page nor any of its tables scrolls sideways, and every price is labelled with its level", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 740 });
    await page.goto("/prices/list");
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    const tables = page.getByTestId("price-list-table");
    expect(await tables.count()).toBeGreaterThan(1);
    for (const table of await tables.all()) {
      const own = await table.evaluate((t) => ({ scroll: t.scrollWidth, client: t.clientWidth, boxScroll: t.parentElement!.scrollWidth, boxClient: t.parentElement!.clientWidth }));
      expect(own.scroll).toBeLessThanOrEqual(own.client);
      expect(own.boxScroll).toBeLessThanOrEqual(own.boxClient);
    }
    // Each price shows its level's name beside it on a phone, and the service is still the row's header.
    const level = content.levels.find((l) => l.id === 4)!;
    const cell = page.locator(`td[data-level="${level.id}"]`).first();
    expect(await cell.evaluate((td) => getComputedStyle(td, "::before").content)).toBe(`"${level.name}"`);
    await expect(page.getByRole("rowheader").first()).toBeVisible();
    // Wide enough, it is a table again: a header row of levels.
    await page.setViewportSize({ width: 1366, height: 800 });
    await expect(page.getByRole("columnheader", { name: level.name }).first()).toBeVisible();
  });
});
