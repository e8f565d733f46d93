import { expect, test, type Page } from "@playwright/test";
import { STAFF, staffAccountsEnv } from "../support/staff-client";
import { ownServerOnDemand } from "./support/own-server";
import { signInWithPin } from "./support/sign-in";

// The studio's words, on a server of its own (the changes show to every
// visitor): on the phone, a manager changes Saturday's opening hours and the
// landing page's first heading (with a placeholder put in by its word), makes
// a post's words bold with the button, and sees the changes on the public pages.

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe("studio words", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });
  test.skip(({ isMobile }) => !isMobile, "the studio's journey runs on the phone");
  const own = ownServerOnDemand(45, { STAFF_ACCOUNTS: staffAccountsEnv });

  test.afterAll(() => own.stop());

  test("a manager changes Saturday's hours and a landing heading, and sees them on the website", async ({ page }) => {
    const server = await own.get();
    await page.goto(`${server.base}/staff/studio/salons`);
    await signInWithPin(page, STAFF.morgan);
    await expect(page.getByRole("heading", { level: 1, name: "Salons and hours" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    const saturday = page.getByRole("group", { name: "Saturday" });
    await saturday.getByLabel("Closes").fill("16:30");
    const save = page.getByRole("button", { name: "Save the hours" });
    expect((await save.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await save.click();
    await expect(page.getByText("Saved: Larkfield Hair School Saturday hours 9:00–15:00 → 9:00–16:30.")).toBeVisible();

    await page.goto(`${server.base}/contact`);
    await expect(page.locator("dt", { hasText: /^Saturday/ }).first().locator("xpath=following-sibling::dd[1]")).toHaveText("9am–4:30pm");

    await page.goto(`${server.base}/staff/studio/words`);
    await expectNoSidewaysScroll(page);
    const about = page.locator("details").filter({ has: page.locator("summary", { hasText: "About the salon" }) });
    await about.locator("summary").click();
    // A placeholder is put in by its plain word, at the caret of the box last used, and saved as the token it stands for.
    await about.getByLabel("Heading").fill("Learning at the chair in ");
    await about.getByRole("button", { name: "Put in town" }).click();
    await expect(about.getByLabel("Heading")).toHaveValue("Learning at the chair in [town]");
    await about.getByRole("button", { name: "Save About the salon" }).click();
    await expect(page.getByText(/^Saved: Landing page, About the salon: heading “Learning on the job” → “Learning at the chair in \{\{town\}\}”/)).toBeVisible();

    // A post's words made bold with the button over the box.
    await page.goto(`${server.base}/staff/studio/posts`);
    const write = page.locator("section", { has: page.getByRole("heading", { name: "Write a post" }) });
    const body = write.getByLabel("The post", { exact: true });
    await body.fill("Open until eight on Thursdays.");
    await body.evaluate((box: HTMLTextAreaElement) => box.setSelectionRange(5, 16));
    await write.getByRole("toolbar", { name: "Formatting" }).getByRole("button", { name: "Bold" }).click();
    await expect(body).toHaveValue("Open **until eight** on Thursdays.");

    await page.goto(server.base);
    await expect(page.getByRole("heading", { name: /^Learning at the chair in [A-Z]/ })).toBeVisible();
  });
});
