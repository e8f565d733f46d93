import { expect, test } from "@playwright/test";
import { STAFF, staffAccountsEnv } from "../support/staff-client";
import { signInWithPin } from "./support/sign-in";
import { ownServerOnDemand } from "./support/own-server";
import { openStaffMenu } from "./support/staff-menu";

// A staff member changes their own PIN on their phone (/staff/account): a weak
// new PIN is refused with the reason beside it, then the change signs out the
// other browser they were signed in on. On a server of its own: the PIN it
// changes is no other spec's business.

test.describe("your PIN", () => {
  test.describe.configure({ timeout: 90_000 });
  test.skip(({ isMobile }) => !isMobile, "one journey, on the phone");
  const own = ownServerOnDemand(50, { STAFF_ACCOUNTS: staffAccountsEnv });
  const sam = STAFF.sam;
  const newPin = "736158";

  test.afterAll(() => own.stop());

  test("changes their PIN on the page, and the other browser is signed out", async ({ browser, page }) => {
    const { base } = await own.get();
    // Signed in at the salon's computer too.
    const desk = await browser.newContext();
    const deskPage = await desk.newPage();
    await deskPage.goto(`${base}/staff`);
    await signInWithPin(deskPage, sam);
    await expect(deskPage.getByText(`Signed in as ${sam.name}`)).toBeVisible();

    await page.goto(`${base}/staff`);
    await signInWithPin(page, sam);
    await openStaffMenu(page);
    await page.getByRole("link", { name: "Your PIN" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your PIN and sessions" })).toBeVisible();
    await expect(page.getByText("This device")).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign out everywhere else" })).toBeVisible();

    await page.getByLabel("Your PIN now").fill(sam.pin);
    await page.getByLabel("New PIN", { exact: true }).fill("123456");
    await page.getByLabel("New PIN again").fill("123456");
    await page.getByRole("button", { name: "Change my PIN" }).click();
    await expect(page.getByText("A PIN can't be a run of digits")).toBeVisible();
    await expect(page.getByLabel("New PIN", { exact: true })).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("New PIN", { exact: true }).fill(newPin);
    await page.getByLabel("New PIN again").fill(newPin);
    await page.getByRole("button", { name: "Change my PIN" }).click();
    await expect(page.getByText("Your PIN is changed")).toBeVisible();
    await expect(page.getByText("1 session elsewhere was signed out")).toBeVisible();
    await expect(page.getByText("You're signed in only here.")).toBeVisible();
    await page.screenshot({ path: test.info().outputPath("own-pin-phone.png"), fullPage: true });

    // The salon's computer is back at the sign-in form; the new PIN lets Sam in there.
    await deskPage.reload();
    await signInWithPin(deskPage, { name: sam.name, pin: newPin });
    await expect(deskPage.getByText(`Signed in as ${sam.name}`)).toBeVisible();
    await desk.close();
  });
});
