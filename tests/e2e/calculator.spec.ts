import { expect, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import type { Level, Service } from "../../app/modules/catalogue/entities";
import { priceServices } from "../../app/modules/pricing/pricing";
import { formatPounds } from "../../app/utils/money";
import { SKIN_TEST_TEXT } from "../../app/modules/quotes/quote-words";
import { fixture, level, people, salons, services as s } from "../support/fixture";
import { expectAccessible as scan } from "./support/axe";
import { inspectUrl, sitePort } from "./support/ports";
import { visitorMobile } from "./support/visitors";


interface Caught {
  mail: { to: string[]; subject: string; text: string }[];
  sms: { to: string; body: string }[];
}

/** The total the pricing module gives for these services at this level, from the site's own catalogue. */
async function expectedTotal(request: APIRequestContext, ids: number[], levelId: number): Promise<string> {
  const services = (await (await request.get("/api/services")).json()) as Service[];
  const levels = (await (await request.get("/api/levels")).json()) as Level[];
  const chosen = ids.map((id) => services.find((s) => s.id === id)!);
  return formatPounds(priceServices(chosen, levels.find((l) => l.id === levelId)!).total);
}

/** Chooses an option in the calculator's open step by its exact label. */
async function choose(page: Page, label: string) {
  const before = page.url();
  await page.locator('section[data-open="true"]').getByText(label, { exact: true }).click();
  // Each choice is a new address (so the back button walks back through them).
  await expect(page).not.toHaveURL(before);
}

let visitors = 0;
/** A visitor with a unique email and, within this run, a mobile of their own (support/visitors.ts). */
function visitor(testInfo: TestInfo, name: string) {
  const tag = `${name.toLowerCase().replace(/\W+/g, "-")}-${testInfo.project.name}-${Date.now()}-${visitors++}`;
  const { mobile, e164 } = visitorMobile(testInfo);
  return { name: `${name} Lloyd`, first: name, email: `${tag}@example.com`, mobile, e164 };
}

async function fillAndSave(page: Page, who: ReturnType<typeof visitor>) {
  await expect(page.getByRole("heading", { level: 1, name: "Save your quote" })).toBeVisible();
  await page.getByLabel("Your name").fill(who.name);
  await page.getByLabel("Mobile number").fill(who.mobile);
  await page.getByLabel("Email address").fill(who.email);
  await page.getByLabel("How did you hear about us?").selectOption("google");
  await page.getByRole("button", { name: "Send me my quote" }).click();
  await expect(page).toHaveURL(/\/prices\/finish\/submitted/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`Thank you, ${who.first}!`);
}

/**
 * Waits for the quote's email and text, and returns the link they both carry.
 * The email is found by its unique address; the text by the link the email
 * carries (test numbers come from the small fictional range and may repeat).
 */
async function linkFromMessages(request: APIRequestContext, who: ReturnType<typeof visitor>, total: string): Promise<string> {
  let caught: Caught = { mail: [], sms: [] };
  let link = "";
  await expect
    .poll(
      async () => {
        caught = (await (await request.get(inspectUrl)).json()) as Caught;
        const mail = caught.mail.find((m) => m.to.includes(who.email));
        link = mail ? (/\/quote\/([A-Za-z0-9_-]{10,})/.exec(mail.text)?.[1] ?? "") : "";
        return Boolean(link && caught.sms.find((s) => s.body.includes(`/quote/${link} `)));
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  const mail = caught.mail.find((m) => m.to.includes(who.email))!;
  const text = caught.sms.find((s) => s.body.includes(`/quote/${link} `))!;
  expect(mail.subject).toContain(total);
  expect(text.to).toBe(who.e164);
  // The salon the quote is booked with (its stylist's, or the quote's), and that salon's number.
  const bookings = [
    { name: fixture.settings.name, phone: fixture.settings.phone },
    ...fixture.salons.flatMap((s) => (s.booking ? [{ name: s.name, phone: s.booking.phone }] : [])),
  ];
  expect(bookings.map((b) => `Hi ${who.first}, your quote for ${b.name}: http://127.0.0.1:${sitePort}/quote/${link} To book, call ${b.phone}`)).toContain(text.body);
  return link;
}

async function startType(page: Page, type: string, regular: "Yes" | "No") {
  await page.goto("/prices");
  await page.getByRole("link", { name: regular, exact: true }).click();
  await page.getByRole("link", { name: new RegExp(`^${type.replace(/[()&']/g, ".")}`) }).click();
  await expect(page).toHaveURL(/\/prices\/selector/);
}

/**
 * Each journey runs once. The phone walks one journey of each type (colour by
 * level, cutting through a stylist's details, men's by level), as most clients
 * do; the desktop walks the other path through each type (colour and men's by
 * stylist, cutting by level), so both layouts meet every kind of step.
 */
function desktopOnly(testInfo: { project: { name: string } }) {
  test.skip(testInfo.project.name === "phone", "the same steps as the phone's journeys: once is enough");
}
function phoneOnly(testInfo: { project: { name: string } }) {
  test.skip(testInfo.project.name !== "phone", "the desktop walks this type's other path");
}

test.describe("price calculator", () => {
  // Whole journeys with email and text delivery: longer than a page check.
  test.describe.configure({ timeout: 60_000 });
  const graduate = level(4);

  test("colour by level: a level quote, saved, sent, and the same total on the quote page", async ({ page, request }, testInfo) => {
    phoneOnly(testInfo);
    const total = await expectedTotal(request, [s.fullHead.id, s.gloss.id, s.plex.id, s.cut.id, s.waves.id], graduate.id);
    await startType(page, "Colour, Cutting & Styling", "No");
    await page.getByRole("link", { name: /^Quote based on a stylist level/ }).click();
    await expect(page.getByText(SKIN_TEST_TEXT)).toBeVisible();
    await page.locator('section[data-open="true"]').getByRole("link", { name: salons.school.name, exact: true }).click();
    await choose(page, graduate.name);
    await choose(page, "Full Head Colour");
    await choose(page, s.fullHead.service);
    // State survives a reload, and the back button walks back one choice.
    await page.reload();
    await expect(page.locator('section[data-open="true"]')).toHaveAttribute("data-step", "colourAddOn");
    await page.goBack();
    await expect(page.locator('section[data-open="true"]')).toHaveAttribute("data-step", "colour");
    await page.goForward();
    await choose(page, s.gloss.service);
    await choose(page, s.plex.service);
    await choose(page, s.cut.service);
    await choose(page, s.waves.service);
    await expect(page.locator("#step-done-heading")).toBeFocused();
    await page.getByRole("link", { name: "See my quote" }).click();

    await expect(page).toHaveURL(/\/prices\/total-by-level/);
    await expect(page.getByTestId("quote-total")).toHaveText(total);
    await page.getByRole("link", { name: "Show stylists" }).click();
    await expect(page.getByRole("heading", { name: `Stylists at ${graduate.name} level` })).toBeVisible();
    await expect(page.getByRole("heading", { name: people.lead.name })).toBeVisible();
    await page.getByRole("link", { name: "Save my quote" }).click();

    const who = visitor(testInfo, "Amara");
    await fillAndSave(page, who);
    const link = await linkFromMessages(request, who, total);
    await page.goto(`/quote/${link}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Hi ${who.first}, here's your quote`);
    await expect(page.getByTestId("quote-total")).toHaveText(total);
    await expect(page.getByText(graduate.name, { exact: true })).toBeVisible();
    await expect(page.getByText("QG20")).toBeVisible();
    await expect(page.getByTestId("quote-promise")).toContainText("20% off your first visit");
    const html = await page.content();
    expect(html).not.toContain(who.email);
    expect(html).not.toContain("900" + who.mobile.slice(-3));
  });

  test("colour by stylist, from the stylist's own prices page", async ({ page, request }, testInfo) => {
    desktopOnly(testInfo);
    const stylist = people.lead;
    // Roots skip the add-on.
    const total = await expectedTotal(request, [s.roots.id, s.blowDry.id], stylist.level);
    await page.goto(`/prices/${stylist.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Looking for a price with ${stylist.name}?`);
    await page.getByRole("link", { name: "Yes", exact: true }).click();
    await page.getByRole("link", { name: /^Colour, Cutting & Styling/ }).click();
    await expect(page.getByTestId("summary-stylist")).toContainText(stylist.name);
    await choose(page, "Roots");
    await expect(page.locator('section[data-open="true"]')).toHaveAttribute("data-step", "plex");
    await choose(page, "No bond-building, thanks");
    await choose(page, s.blowDry.service);
    await choose(page, "No finishing touch, thanks");
    await page.getByRole("link", { name: "See my quote" }).click();
    await expect(page).toHaveURL(/\/prices\/total-by-stylist/);
    await expect(page.getByTestId("quote-total")).toHaveText(total);
    // Asked once, on the stylist's page: saving goes straight to the form.
    await page.getByRole("link", { name: "Save my quote" }).click();
    const who = visitor(testInfo, "Bea");
    await fillAndSave(page, who);
    const link = await linkFromMessages(request, who, total);
    await page.goto(`/quote/${link}`);
    await expect(page.getByTestId("quote-total")).toHaveText(total);
    await expect(page.getByText(stylist.name)).toBeVisible();
    await expect(page.getByText("QG20")).toHaveCount(0);
  });

  test("cutting by stylist, read about in their details, chosen from the card", async ({ page, request }, testInfo) => {
    phoneOnly(testInfo);
    const stylist = people.newStarter;
    const total = await expectedTotal(request, [s.cut.id, s.upDo.id, s.conditioning.id], stylist.level);
    await startType(page, "Cutting & Styling only", "No");
    await page.getByRole("link", { name: /^Quote for a specific stylist/ }).click();
    // The details open above the cards, on the same page with ?about= (a link, fetched ahead on touch).
    await page.getByRole("link", { name: `About ${stylist.first_name}` }).click();
    const details = page.getByRole("region", { name: `About ${stylist.first_name}` });
    await expect(details).toBeVisible();
    await expect(details).toBeInViewport();
    await expect(details.getByText("Your chosen stylist")).toHaveCount(0);
    await details.getByRole("link", { name: "Back to the stylists" }).click();
    await expect(details).toBeHidden();
    await page.getByRole("link", { name: `Choose ${stylist.first_name}` }).click();
    await expect(page.getByTestId("summary-stylist")).toContainText(stylist.name);
    await expect(page.getByText("Choose your cut, blow-dry or finish.")).toBeVisible();
    await choose(page, s.cut.service);
    await choose(page, s.upDo.service);
    await choose(page, s.conditioning.service);
    await page.getByRole("link", { name: "See my quote" }).click();
    await expect(page.getByTestId("quote-total")).toHaveText(total);
    await page.getByRole("link", { name: "Save my quote" }).click();
    const who = visitor(testInfo, "Cerys");
    await fillAndSave(page, who);
    const link = await linkFromMessages(request, who, total);
    await page.goto(`/quote/${link}`);
    await expect(page.getByTestId("quote-total")).toHaveText(total);
    await expect(page.getByText(stylist.name)).toBeVisible();
  });

  test("cutting by level, then a stylist from the list", async ({ page, request }, testInfo) => {
    desktopOnly(testInfo);
    // Two Improvers at the school: one is not taking new clients and cannot be chosen by a new client.
    const { notTaking, improver } = people;
    const total = await expectedTotal(request, [s.cut.id, s.conditioning.id], improver.level);
    await startType(page, "Cutting & Styling only", "No");
    await page.getByRole("link", { name: /^Quote based on a stylist level/ }).click();
    await page.locator('section[data-open="true"]').getByRole("link", { name: salons.school.name, exact: true }).click();
    await choose(page, level(improver.level).name);
    await choose(page, s.cut.service);
    await choose(page, "No finishing touch, thanks");
    await choose(page, s.conditioning.service);
    await page.getByRole("link", { name: "See my quote" }).click();
    await expect(page.getByTestId("quote-total")).toHaveText(total);
    await page.getByRole("link", { name: "Show stylists" }).click();
    await page.getByRole("link", { name: `About ${notTaking.first_name}` }).click();
    const details = (first: string) => page.getByRole("region", { name: `About ${first}` });
    await expect(details(notTaking.first_name).getByText(`${notTaking.first_name} isn't taking new clients at the moment.`)).toBeVisible();
    await expect(details(notTaking.first_name).getByRole("link", { name: `Choose ${notTaking.first_name}` })).toHaveCount(0);
    await details(notTaking.first_name).getByRole("link", { name: "Back to the stylists" }).click();
    // Nor from the card; the one beside can be chosen there, or from their details.
    await expect(page.getByRole("link", { name: `Choose ${notTaking.first_name}` })).toHaveCount(0);
    await page.getByRole("link", { name: `About ${improver.first_name}` }).click();
    await details(improver.first_name).getByRole("link", { name: `Choose ${improver.first_name}` }).click();
    await expect(page).toHaveURL(/\/prices\/total-by-stylist/);
    await expect(page.getByTestId("quote-total")).toHaveText(total);
    await page.getByRole("link", { name: "Save my quote" }).click();
    const who = visitor(testInfo, "Dilys");
    await fillAndSave(page, who);
    const link = await linkFromMessages(request, who, total);
    await page.goto(`/quote/${link}`);
    await expect(page.getByTestId("quote-total")).toHaveText(total);
    await expect(page.getByText(improver.name)).toBeVisible();
  });

  test("men by level: New Starters can't cut, a level up can", async ({ page, request }, testInfo) => {
    phoneOnly(testInfo);
    const { atDefaultSalon, elsewhere } = people;
    const total = await expectedTotal(request, [s.mensCut.id, s.mensColour.id], atDefaultSalon.level);
    await startType(page, "Men's Hairdressing", "No");
    await page.getByRole("link", { name: /^Quote based on a stylist level/ }).click();
    // The calculator starts at the academy, which has New Starters.
    await expect(page.locator('section[data-open="true"]').getByRole("link", { name: salons.school.name, exact: true })).toHaveAttribute("aria-current", "true");
    await choose(page, level(1).name);
    await expect(
      page.getByText("Unfortunately New Starters are not qualified to carry out this service. Please select a different level or stylist"),
    ).toBeVisible();
    await page.getByRole("link", { name: "Choose a different level" }).click();
    // The academy has no one at this level: the spec's default salon does.
    await expect(page.locator('section[data-open="true"]').getByText(level(atDefaultSalon.level).name, { exact: true })).toHaveCount(0);
    await choose(page, salons.sister.name);
    await choose(page, level(atDefaultSalon.level).name);
    await choose(page, s.mensCut.service);
    await choose(page, s.mensColour.service);
    await page.getByRole("link", { name: "See my quote" }).click();
    await expect(page.getByTestId("quote-total")).toHaveText(total);
    // The default salon has a stylist at this level; the other is at the other sister salon.
    await page.getByRole("link", { name: "Show stylists" }).click();
    await expect(page.getByRole("heading", { name: atDefaultSalon.name })).toBeVisible();
    await expect(page.getByText(`Please note: ${elsewhere.first_name} is at our ${salons.other.name} site`)).toBeVisible();
    await expect(page.getByText(SKIN_TEST_TEXT)).toBeVisible();
    await page.getByRole("link", { name: "Save my quote" }).click();
    const who = visitor(testInfo, "Emrys");
    await fillAndSave(page, who);
    const link = await linkFromMessages(request, who, total);
    await page.goto(`/quote/${link}`);
    await expect(page.getByTestId("quote-total")).toHaveText(total);
  });

  test("men by stylist, with the keyboard alone", async ({ page, request }, testInfo) => {
    test.skip(testInfo.project.name === "phone", "a phone has no keyboard");
    const stylist = people.lead;
    const total = await expectedTotal(request, [s.mensCut.id], stylist.level);
    const press = async (text: string, key = "Enter") => {
      for (let i = 0; i < 120; i++) {
        await page.keyboard.press("Tab");
        const focused = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText?.trim() ?? "");
        if (focused === text || focused.startsWith(`${text}\n`)) {
          // Every link and button on this journey loads a page (or moves to a field on it): wait for it before the next Tab.
          const moved = page.waitForEvent("framenavigated");
          await page.keyboard.press(key);
          await moved;
          return page.waitForLoadState();
        }
      }
      throw new Error(`Could not reach "${text}" with Tab`);
    };
    await page.goto("/prices");
    await press("No");
    await expect(page).toHaveURL(/regular=no/);
    await press("Men's Hairdressing");
    await press("Quote for a specific stylist");
    await press(`About ${stylist.first_name}`);
    // The page opens at the details: the next Tab reaches their 'Choose'.
    await expect(page.getByRole("region", { name: `About ${stylist.first_name}` })).toBeInViewport();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("region", { name: `About ${stylist.first_name}` }).getByRole("link", { name: `Choose ${stylist.first_name}` })).toBeFocused();
    await page.keyboard.press("Enter");
    // The next page opens at the step the choice leads to, focused.
    await expect(page.locator("#step-mensCut-heading")).toBeFocused();
    await press(s.mensCut.service);
    await press("No colour, thanks");
    await press("See my quote");
    await expect(page.getByTestId("quote-total")).toHaveText(total);
    await press("Save my quote");
    const who = visitor(testInfo, "Fflur");
    await expect(page.getByRole("heading", { level: 1, name: "Save your quote" })).toBeVisible();
    // Nothing filled: the spec's messages in the error summary, which has the focus; its first link leads to the field.
    await press("Send me my quote");
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole("link", { name: "How did you hear about us is required" })).toBeVisible();
    await press("Your name is required");
    await expect(page.getByLabel("Your name")).toBeFocused();
    await page.keyboard.type(who.name);
    await page.keyboard.press("Tab");
    await page.keyboard.type("12345");
    await press("Send me my quote");
    await expect(summary).toBeFocused();
    // The name typed is kept.
    await expect(page.getByLabel("Your name")).toHaveValue(who.name);
    await press("A valid mobile number is required");
    await expect(page.getByLabel("Mobile number")).toBeFocused();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type(who.mobile);
    await page.keyboard.press("Tab");
    await page.keyboard.type(who.email);
    await page.keyboard.press("Tab");
    await page.keyboard.type("Google");
    await press("Send me my quote");
    await expect(page).toHaveURL(/\/prices\/finish\/submitted/);
    const link = await linkFromMessages(request, who, total);
    await press("View your quote");
    await expect(page).toHaveURL(new RegExp(`/quote/${link}`));
    await expect(page.getByTestId("quote-total")).toHaveText(total);
  });

  test("a budget finds the stylists who fit it", async ({ page, request }, testInfo) => {
    desktopOnly(testInfo);
    const { newStarter, improver, notTaking, lead } = people;
    // Cut & Blow-dry: New Starter 18, Improver 36 (exactly the budget), Graduate 46.8→47.
    const budget = await expectedTotal(request, [s.cut.id], improver.level);
    await startType(page, "Cutting & Styling only", "No");
    await page.getByRole("link", { name: /^Quote within my budget/ }).click();
    await choose(page, s.cut.service);
    await choose(page, "No finishing touch, thanks");
    await choose(page, "No treatment, thanks");
    await page.getByRole("link", { name: "Find stylists in my budget" }).click();
    await page.getByLabel("What would you like to spend, in pounds?").fill(budget.replace("£", ""));
    await page.getByRole("button", { name: "Show stylists" }).click();
    await expect(page.getByRole("heading", { name: new RegExp(`stylists fit a budget of ${budget}`) })).toBeVisible();
    const cards = page.getByTestId("stylist-card");
    await expect(cards.filter({ hasText: newStarter.name })).toContainText(await expectedTotal(request, [s.cut.id], newStarter.level));
    await expect(cards.filter({ hasText: improver.name })).toContainText(budget);
    await expect(cards.filter({ hasText: lead.name })).toHaveCount(0);
    await expect(cards.filter({ hasText: notTaking.name })).toHaveCount(0);
  });

  test("the quote page passes an accessibility scan and shows no contact details", async ({ page, request }) => {
    const ids = [s.halfFoils.id, s.foilsToner.id, s.plex.id, s.cut.id, s.waves.id];
    const response = await request.post("/api/save-quote-details", {
      data: {
        name: "Gwen Price",
        mobile: "07700 900111",
        email: "gwen.axe@example.com",
        referral: "social",
        salon_id: salons.school.id,
        regular: false,
        selector: "Stylist",
        stylist_id: people.lead.id,
        service_ids: ids,
      },
    });
    expect(response.status()).toBe(201);
    const { link } = (await response.json()) as { link: string };
    await page.goto(`/quote/${link}`);
    await expect(page.getByTestId("quote-total")).toHaveText(await expectedTotal(request, ids, people.lead.level));
    await expect(page.getByText(/Book by \d+(st|nd|rd|th) [A-Z][a-z]+ \d{4}/)).toBeVisible();
    await scan(page, "quote");
    const html = await page.content();
    expect(html).not.toContain("gwen.axe@example.com");
    expect(html).not.toContain("900111");
  });
});

test.describe("every calculator screen passes an accessibility scan", () => {
  // Every screen on the phone, where most visitors build their quote; on the desktop, the screens whose wide
  // layout differs from the phone's (two columns, a stylist's details, the finish form beside its summary).
  const desktopToo = new Set(["choices made", "stylist details", "totals by level, with stylists", "totals by stylist", "finish, with errors", "the levels explained"]);
  const done = `type=colour&regular=no&by=level&salon=${salons.school.id}&level=${people.improver.level}&colour=${s.bleach.id}&addon=${s.bleachToner.id}&plex=none&finish=${s.blowDry.id}&fadd=${s.upDo.id}`;
  const screens: { name: string; path: string; then?: (page: Page) => Promise<void> }[] = [
    { name: "prices", path: "/prices" },
    { name: "prices, answered", path: "/prices?regular=no" },
    { name: "selector", path: "/prices/selector?type=colour&regular=no" },
    { name: "colour categories at New Starter", path: `/prices/calculator?type=colour&regular=no&by=level&salon=${salons.school.id}&level=1` },
    { name: "foils", path: "/prices/calculator?type=colour&regular=no&by=level&level=4&cat=foils" },
    { name: "later steps", path: `/prices/calculator?type=colour&regular=no&by=level&level=4&colour=${s.fullFoils.id}&addon=${s.foilsToner.id}&plex=${s.plex.id}` },
    { name: "stylists", path: "/prices/calculator?type=men&regular=no&by=stylist" },
    { name: "stylist details", path: `/prices/calculator?type=men&regular=no&by=stylist&about=${people.improver.slug}#stylist-details` },
    { name: "choices made", path: `/prices/calculator?${done}` },
    { name: "totals by level, with stylists", path: `/prices/total-by-level?${done}&show=stylists` },
    { name: "totals by stylist", path: `/prices/total-by-stylist?${done}&stylist=${people.improver.slug}` },
    { name: "the levels explained", path: "/prices/levels" },
    { name: "totals by price", path: `/prices/total-by-price?${done.replace("by=level", "by=budget")}&budget=200` },
    {
      name: "finish, with errors",
      path: `/prices/finish?${done}&stylist=${people.improver.slug}`,
      then: async (page) => {
        await page.getByRole("button", { name: "Send me my quote" }).click();
        await expect(page.getByRole("alert").getByRole("link", { name: "Your name is required" })).toBeVisible();
      },
    },
    { name: "submitted", path: `/prices/finish/submitted?${done}` },
    { name: "a stylist's prices", path: `/prices/${people.newStarter.slug}` },
    { name: "quote not found", path: "/quote/NoSuchQuoteLink123" },
  ];
  // A few screens to a test, walked in one browser page (a new page costs the browser more than a scan).
  const SCREENS_PER_TEST = 6;
  for (const project of ["phone", "desktop"]) {
    const mine = screens.filter((screen) => project === "phone" || desktopToo.has(screen.name));
    for (let i = 0; i < mine.length; i += SCREENS_PER_TEST) {
      const group = mine.slice(i, i + SCREENS_PER_TEST);
      test(group.map((screen) => screen.name).join(", "), async ({ page }, testInfo) => {
        test.skip(testInfo.project.name !== project, `scanned on the ${project}`);
        test.setTimeout(group.length * 30_000);
        for (const screen of group) {
          await test.step(screen.name, async () => {
            await page.goto(screen.path);
            await screen.then?.(page);
            await scan(page, screen.name, { soft: true });
          });
        }
      });
    }
  }
});

test.describe("the calculator's next step is ready before it is followed", () => {
  test("hovering a choice fetches its page ahead (speculation rules), and following it is served from there", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === "phone", "a phone has no hover: the same rules fetch on touch");
    await page.goto(`/prices/calculator?type=men&regular=no&by=level&salon=${salons.sister.id}`);
    const option = page.locator('section[data-open="true"]').getByRole("link", { name: level(people.atDefaultSalon.level).name });
    const target = new URL((await option.getAttribute("href"))!, page.url()).href;
    const speculated = page.context().waitForEvent("request", {
      predicate: (request) => request.url() === target && /prefetch/.test(request.headers()["sec-purpose"] ?? ""),
      timeout: 10_000,
    });
    await option.hover();
    const ahead = await speculated;
    expect(ahead.headers()["sec-purpose"]).toMatch(/^prefetch/);
    await option.click();
    await expect(page).toHaveURL(target);
    await expect(page.locator('section[data-open="true"]')).toHaveAttribute("data-step", "mensCut");
    // Served from what was fetched ahead: a prefetched document, or a prerendered one made active.
    const served = await page.evaluate(() => {
      const entry = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming & { deliveryType?: string; activationStart?: number };
      return { deliveryType: entry.deliveryType ?? "", activationStart: entry.activationStart ?? 0 };
    });
    expect(served.deliveryType === "navigational-prefetch" || served.activationStart > 0, JSON.stringify(served)).toBe(true);
  });
});

test.describe("a calculator step slides in rather than flashing", () => {
  for (const motion of ["no-preference", "reduce"] as const) {
    test(`the next step's page is revealed ${motion === "reduce" ? "at once, for a visitor who prefers reduced motion" : "with a view transition"}`, async ({ page }, testInfo) => {
      test.skip(testInfo.project.name === "phone", "the same stylesheet at every size");
      await page.emulateMedia({ reducedMotion: motion });
      // Each document notes how it was revealed (the `pagereveal` event names its view transition, if any).
      await page.addInitScript(() => {
        window.addEventListener("pagereveal", (event) => {
          (window as unknown as { revealedBy: string }).revealedBy = (event as Event & { viewTransition: unknown }).viewTransition ? "transition" : "none";
        });
      });
      await page.goto(`/prices/calculator?type=men&regular=no&by=level&salon=${salons.sister.id}`);
      await page.locator('section[data-open="true"]').getByRole("link", { name: level(people.atDefaultSalon.level).name }).click();
      await expect(page.locator('section[data-open="true"]')).toHaveAttribute("data-step", "mensCut");
      // The open step is the part that slides: one element named for it on the new page.
      await expect(page.locator('section[data-open="true"]')).toHaveCSS("view-transition-name", motion === "reduce" ? "none" : "calculator-step");
      await expect.poll(() => page.evaluate(() => (window as unknown as { revealedBy?: string }).revealedBy)).toBe(motion === "reduce" ? "none" : "transition");
    });
  }
});
