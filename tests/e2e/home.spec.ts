import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

interface TeamMember {
  first_name: string;
  last_name: string;
  level_name: string;
}

test.describe("home page", () => {
  test("shows the academy team from the database and passes an accessibility scan", async ({ page, request }) => {
    const team = (await (await request.get("/api/team")).json()) as TeamMember[];
    expect(team.length).toBe(10);

    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const section = page.locator("#team");
    await expect(section.getByRole("heading", { name: "Meet the Base Team" })).toBeVisible();
    for (const member of team) {
      await expect(section.getByRole("link", { name: `${member.first_name} ${member.last_name}` })).toBeVisible();
    }
    await expect(section.getByText(/Average Cut & Colour price £\d+/).first()).toBeVisible();

    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });

  test("shows the footer's address, phone and opening hours", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByText("12 Bridge Street, Ashbridge, AB1 2BA")).toBeVisible();
    await expect(footer.getByRole("link", { name: "01632 960 412" })).toHaveAttribute("href", "tel:+441632960412");
    await expect(footer.getByText("8.30am–4.30pm")).toBeVisible();
  });

  test("reads without JavaScript: the team is in the server's HTML", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator("#team").getByRole("article")).toHaveCount(10);
    await context.close();
  });

  test("sends unknown paths to the home page", async ({ page }) => {
    await page.goto("/no/such/page");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("the navigation's menus open from the keyboard", async ({ page, isMobile }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const summary = nav.locator("summary:visible");
    await summary.focus();
    await page.keyboard.press("Enter");
    await expect(nav.getByRole("link", { name: "Policies" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Join Us" })).toBeVisible();
    if (!isMobile) await expect(nav.getByRole("link", { name: "Offers" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(nav.getByRole("link", { name: "Policies" })).toBeHidden();
    await expect(page.getByRole("link", { name: "Book Now" }).first()).toHaveAttribute("href", /^https:\/\//);
  });

  test("runs with no errors in the console and no CSP violations", async ({ page }) => {
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(m.text());
    });
    page.on("pageerror", (e) => problems.push(String(e)));
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    // Hydrated: a client-side navigation works.
    await page.getByRole("link", { name: /Get a quote/i }).first().isVisible();
    expect(problems).toEqual([]);
  });
});
