/**
 * The site with JavaScript turned off: a quote from /prices to the saved quote,
 * each public form to its thanks, and nothing personal in the server's log.
 * Every step is a link or a form post; the server renders every answer.
 */
import fs from "node:fs";
import { expect, test, type APIRequestContext, type Browser, type Page, type TestInfo } from "@playwright/test";
import { expectAccessible } from "./support/axe";
import { visitorMobile } from "./support/visitors";
import { content } from "../support/public-pages";

test.use({ javaScriptEnabled: false });

interface ApiStylist {
  slug: string;
  first_name: string;
  level: number;
  taking_new_clients: boolean;
}

let visitors = 0;
/** A visitor with their own email address and mobile number for this run. */
function visitor(testInfo: TestInfo, name: string) {
  const tag = `${name.toLowerCase()}-nojs-${testInfo.project.name}-${Date.now()}-${visitors++}`;
  const { mobile, digits } = visitorMobile(testInfo);
  return { name: `${name} Okafor`, first: name, email: `${tag}@example.com`, mobile, digits };
}

/** A stylist who can take a men's cut (past New Starter) and is taking new clients, from the salon's own list. */
async function menStylist(request: APIRequestContext): Promise<ApiStylist & { levelName: string }> {
  const stylists = (await (await request.get("/api/stylists")).json()) as ApiStylist[];
  const levels = (await (await request.get("/api/levels")).json()) as { id: number; name: string }[];
  const stylist = stylists.find((s) => s.taking_new_clients && s.level > 1);
  if (!stylist) throw new Error("The salon needs a stylist past New Starter who is taking new clients");
  return { ...stylist, levelName: levels.find((l) => l.id === stylist.level)!.name };
}

/** Takes the first choice offered in each open step until the quote is ready. */
async function chooseUntilDone(page: Page) {
  const seeQuote = page.getByRole("link", { name: "See my quote" });
  for (let step = 0; step < 10 && !(await seeQuote.isVisible()); step++) {
    const before = page.url();
    await page.locator('section[data-open="true"] a.option').first().click();
    await expect(page).not.toHaveURL(before);
    // Without JavaScript each choice is a new document: look at it once it is there, not at the one going away.
    await page.waitForLoadState("load");
  }
  await seeQuote.click();
}

async function startMenByLevel(page: Page, levelName: string, regular: "Yes" | "No") {
  await page.goto("/prices");
  await page.getByRole("link", { name: regular, exact: true }).click();
  await page.getByRole("link", { name: /^Men's Hairdressing/ }).click();
  await page.getByRole("link", { name: /^Quote based on a stylist level/ }).click();
  await page
    .locator('section[data-open="true"] a.option')
    .filter({ has: page.locator("span.font-semibold", { hasText: new RegExp(`^${levelName}$`) }) })
    .click();
  await chooseUntilDone(page);
  await expect(page).toHaveURL(/\/prices\/total-by-level/);
}

async function saveQuote(page: Page, who: ReturnType<typeof visitor>) {
  await expect(page.getByRole("heading", { level: 1, name: "Save your quote" })).toBeVisible();
  // Nothing filled in: the server answers with the spec's messages in the error summary and beside the fields.
  await page.getByRole("button", { name: "Send me my quote" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: "Your name is required" })).toBeVisible();
  await expect(page.locator(".field-error", { hasText: "How did you hear about us is required" })).toBeVisible();
  await page.getByLabel("Your name").fill(who.name);
  await page.getByLabel("Mobile number").fill(who.mobile);
  await page.getByLabel("Email address").fill(who.email);
  await page.getByLabel("How did you hear about us?").selectOption("google");
  await page.getByRole("button", { name: "Send me my quote" }).click();
  await expect(page).toHaveURL(/\/prices\/finish\/submitted\?/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Thank you, ${who.first}! Your quote is on its way`);
}

/** Axe runs as a script, so it scans the same address, rendered the same by the server, in a page with JavaScript. */
async function expectNoAxeViolations(browser: Browser, url: string) {
  const context = await browser.newContext({ javaScriptEnabled: true });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await expectAccessible(page, url);
  } finally {
    await context.close();
  }
}

/** The server's log of this run (playwright.config.ts) holds none of these, nor any email address or mobile number. */
async function expectLogFreeOf(who: ReturnType<typeof visitor>, lastPath: string) {
  const logFile = process.env.E2E_SERVER_LOG;
  if (!logFile) throw new Error("E2E_SERVER_LOG is not set: run through playwright.config.ts");
  // The visitor's last request is in the log: everything before it is too.
  await expect.poll(() => fs.readFileSync(logFile, "utf8").includes(lastPath), { timeout: 5_000 }).toBe(true);
  const log = fs.readFileSync(logFile, "utf8");
  const details = [who.email, who.email.split("@")[0]!, who.mobile, who.mobile.replace(/ /g, "+"), who.digits, who.name, who.name.replace(/ /g, "+")];
  for (const detail of details) {
    expect(log).not.toContain(detail);
  }
  expect(log).not.toMatch(/[\w.+-]+(?:@|%40)[\w-]+\.[\w.-]+/);
  expect(log).not.toMatch(/(?:\+44|%2B44|\b0)7\d{3}(?:[\s+]|%20)?\d{3}(?:[\s+]|%20)?\d{3}\b/);
}

test.describe("without JavaScript", () => {
  test.describe.configure({ timeout: 60_000 });
  // Without JavaScript every answer is the server's HTML, the same at any size (and the scans below open a
  // desktop-sized page): the desktop walks these; both sizes scan each page and form in their own specs.
  test.skip(({ isMobile }) => isMobile, "the server's HTML is the same on a phone");

  test("a quote by level, a stylist chosen from the cards, saved, and read at its link", async ({ page, request, browser }, testInfo) => {
    const stylist = await menStylist(request);
    await startMenByLevel(page, stylist.levelName, "No");
    await page.getByRole("link", { name: "Show stylists" }).click();

    // The card's 'About' opens the stylist's details in the page; 'Back to the stylists' closes them again.
    const about = page.locator(`a[href*="about=${stylist.slug}"]`);
    await about.click();
    const details = page.getByRole("region", { name: `About ${stylist.first_name}` });
    await expect(details).toBeVisible();
    await expect(page.getByText("Your chosen stylist")).toHaveCount(0);
    await expectNoAxeViolations(browser, page.url());
    await details.getByRole("link", { name: "Back to the stylists" }).click();
    await expect(details).toHaveCount(0);
    // The card's own 'Choose' is a plain link.
    await page.getByTestId("stylist-card").filter({ has: about }).getByRole("link", { name: `Choose ${stylist.first_name}` }).click();

    await expect(page).toHaveURL(/\/prices\/total-by-stylist/);
    const total = (await page.getByTestId("quote-total").textContent())!;
    // Asked once, at the start: saving goes straight to the form.
    await expect(page.getByRole("heading", { name: "Have you been here before (within 18 months)?" })).toHaveCount(0);
    await page.getByRole("link", { name: "Save my quote" }).click();

    const who = visitor(testInfo, "Obi");
    await saveQuote(page, who);
    await page.getByRole("link", { name: "View your quote" }).click();
    await expect(page).toHaveURL(/\/quote\/[A-Za-z0-9_-]{10,}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Hi ${who.first}, here's your quote`);
    await expect(page.getByTestId("quote-total")).toHaveText(total);
    await expect(page.getByText("QG20")).toBeVisible();
    await expectLogFreeOf(who, new URL(page.url()).pathname);
  });

  test("a level quote: 'Save my quote' on the level's totals, saved and read at its link", async ({ page, request }, testInfo) => {
    const stylist = await menStylist(request);
    await startMenByLevel(page, stylist.levelName, "Yes");
    const total = (await page.getByTestId("quote-total").textContent())!;
    await page.getByRole("link", { name: "Save my quote" }).click();

    const who = visitor(testInfo, "Ada");
    await saveQuote(page, who);
    await page.getByRole("link", { name: "View your quote" }).click();
    await expect(page.getByTestId("quote-total")).toHaveText(total);
    await expect(page.getByText("QG20")).toHaveCount(0);
    await expectLogFreeOf(who, new URL(page.url()).pathname);
  });

  const forms = [
    { path: "/joinus", submit: "Send my application", first: "Full Name is required", thanks: "One application covers all three of our salons" },
    { path: "/models", submit: "Sign me up", first: "Name is required", thanks: "you're on our list of models" },
    { path: "/contact", submit: "Send message", first: "Name is required", thanks: "your message is with us" },
    { path: "/open-evening", submit: "Register my interest", first: "Full Name is required", thanks: "You're on the list" },
    { path: "/feedback", submit: "Send", first: "Full Name is required", thanks: "We'll call you soon" },
  ];

  for (const form of forms) {
    test(`the ${form.path} form: its messages, then its thanks`, async ({ page }, testInfo) => {
      const who = visitor(testInfo, "Ife");
      await page.goto(form.path);
      const submit = page.getByRole("button", { name: form.submit, exact: true });
      await submit.click();
      // The error summary, focused as the page loads (autofocus needs no script), and the message beside its field.
      await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeFocused();
      await expect(page.getByRole("alert").getByRole("link", { name: form.first, exact: true })).toBeVisible();
      await expect(page.locator(".field-error", { hasText: form.first }).first()).toBeVisible();
      await expect(page.getByRole("textbox").first()).toHaveAttribute("aria-invalid", "true");

      const name = page.getByLabel(/^(Full name|Name)$/);
      await name.fill(who.name);
      if (await page.getByLabel("Mobile number").count()) await page.getByLabel("Mobile number").fill(who.mobile);
      if (await page.getByLabel("Email address").count()) await page.getByLabel("Email address").fill(who.email);
      if (form.path === "/joinus") {
        await page.getByLabel("Which role are you applying for?").selectOption("Apprentice");
        await page.getByLabel("Where are you now?").selectOption("new");
        await page.getByLabel("Tell us about yourself").fill("I cut my own fringe, neatly.");
        await page.getByLabel("Why hairdressing?").fill("I like people and making things.");
        await page.getByLabel("Why Base?").fill("My cousin trained here.");
      }
      if (form.path === "/models") await page.getByLabel("Tell us about your hair and when you're free").fill("Short, grey, free on Mondays.");
      if (form.path === "/contact") await page.getByLabel("Your message").fill("Do you do beard trims?");
      await submit.click();
      await expect(page.getByRole("status")).toContainText(form.thanks);
      await expect(page.getByRole("button", { name: form.submit, exact: true })).toHaveCount(0);
      await expectLogFreeOf(who, form.path);
    });
  }

  test("the landing page's contact invitation leads to the contact page, whose form sends", async ({ page }, testInfo) => {
    const who = visitor(testInfo, "Kemi");
    await page.goto("/");
    await page.locator("#contact").getByRole("link", { name: content.copy.text.landing.contact.button }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await page.getByLabel("Name", { exact: true }).fill(who.name);
    await page.getByLabel("Email address").fill(who.email);
    await page.getByLabel("Your message").fill("Are you open on bank holidays?");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("status")).toContainText("your message is with us");
    await expectLogFreeOf(who, "/contact");
  });
});
