import fs from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { ACTIVE_CONTENT_MESSAGES } from "~/modules/uploads/active-content.server";
import { minimalPdf } from "../support/documents";
import { STAFF } from "../support/staff-client";
import { fillJoinUs } from "./support/joinus";
import { signInWithPin } from "./support/sign-in";

// The CV on a phone, end to end: an applicant picks a PDF on the join-us
// form, and a staff member downloads exactly those bytes from the applicant's
// page, as a file (issue 20).
test.skip(({ isMobile }) => !isMobile, "applicants apply from their phones; one journey is enough");

/** Kit's answers on the join-us form: new to hairdressing. */
const kit = { mobile: "07700 900321", now: "new", about: "I cut my brother's hair.", whyHairdressing: "Making someone's day.", whyBase: "The open evening." };

test("an applicant sends a CV with the join-us form, and staff download the same file", async ({ page }) => {
  const surname = `Cv${Date.now().toString(36)}`;
  const cv = minimalPdf(`Kit ${surname} - CV`);
  await page.goto("/joinus");
  await fillJoinUs(page, `kit.${surname.toLowerCase()}@example.com`, {
    ...kit,
    name: `Kit ${surname}`,
    about: "I cut my brother's hair and he still speaks to me.",
    whyHairdressing: "Making someone's day with a good cut.",
  });
  await page.getByLabel("Your CV (optional)").setInputFiles({ name: "Kit CV.pdf", mimeType: "application/pdf", buffer: cv });
  await page.getByRole("button", { name: "Send my application" }).click();
  await expect(page.getByRole("status")).toContainText("Thank you, your application is in");

  await page.goto("/applicants");
  await signInWithPin(page, STAFF.morgan);
  await page.getByLabel(/^Search by/).fill(surname);
  await page.getByRole("link", { name: `Kit ${surname}` }).click();
  await expect(page.getByText(/^Kit CV\.pdf \(\d+ bytes\)$/)).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: `Download Kit's CV` }).click()]);
  expect(download.suggestedFilename()).toBe("Kit CV.pdf");
  expect((await fs.readFile(await download.path())).equals(cv)).toBe(true);
});

test("finding: nothing bounds the CVs the public can store: a PDF that runs JavaScript is refused beside the field, the answers kept", async ({ page }) => {
  const scripted = minimalPdf("Kit - CV", " /OpenAction 6 0 R", ["<< /S /J#61vaScript /JS (app.alert\\(1\\)) >>"]);
  await page.goto("/joinus");
  await fillJoinUs(page, "kit.scripted@example.com", { ...kit, name: "Kit Scripted", mobile: "07700 900322" });
  await page.getByLabel("Your CV (optional)").setInputFiles({ name: "Kit CV.pdf", mimeType: "application/pdf", buffer: scripted });
  await page.getByRole("button", { name: "Send my application" }).click();
  await expect(page.getByText("There is a problem")).toBeVisible();
  // In the summary at the top, linking to the field, and beside the field.
  await expect(page.getByRole("link", { name: ACTIVE_CONTENT_MESSAGES.javascript })).toBeVisible();
  await expect(page.getByLabel("Your CV (optional)")).toHaveAccessibleDescription(new RegExp(ACTIVE_CONTENT_MESSAGES.javascript.slice(0, 30)));
  await expect(page.getByLabel("Full name")).toHaveValue("Kit Scripted");
});
