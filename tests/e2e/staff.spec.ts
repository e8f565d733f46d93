import fs from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectAccessible } from "./support/axe";
import { signInWithPin } from "./support/sign-in";
import { applicantBody, STAFF } from "../support/staff-client";
import { waitForEmail } from "./support/inbox";

// Each test is a whole working session (sign in, several changes, emails, accessibility scans): give it time on a busy machine.
test.describe.configure({ timeout: 90_000 });

/** The staff page's content never reaches past the right edge of the screen (the site header is the public pages' own). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => {
    const main = document.querySelector("main")!;
    return main.scrollWidth - document.documentElement.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A surname no other test uses, so searching for it finds only this test's applicants. */
const unique = () => `Q${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** Applies through the public join-us API, as a visitor's browser does. */
async function apply(request: APIRequestContext, name: string, overrides: Record<string, string> = {}) {
  const response = await request.post("/api/joinus", { data: applicantBody(name, overrides) });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

const signIn = signInWithPin;

const today = () => new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "2-digit", month: "2-digit", year: "2-digit" }).format(new Date());

/**
 * Each piece of work walked once, where it is done: an applicant read and answered from the alert email on a
 * phone between clients (Sam), the list sorted, searched, archived and exported at the desk (Morgan). Every staff
 * page's layout at 320, 768 and 1366 px is checked by staff-widths.spec.ts, and the list on a 320 px phone below.
 */
for (const { member, phone, work } of [
  { member: STAFF.sam, phone: true, work: "journey" },
  { member: STAFF.morgan, phone: false, work: "list" },
] as const) {
  test.describe(`staff area, signed in as ${member.name}`, () => {
    test.skip(({ isMobile }) => isMobile !== phone, `${member.name} works ${phone ? "on a phone" : "at a desk"}`);
    // The other member's work is declared skipped, so no browser page is opened for it.
    const journey = work === "journey" ? test : test.skip;
    const list = work === "list" ? test : test.skip;

    journey("opens the alert email's link through the PIN form, then notes, follow-up, replies and role", async ({ page, request }) => {
      const surname = unique();
      const name = `Ava ${surname}`;
      const email = `ava.${surname.toLowerCase()}@example.com`;
      const id = await apply(request, name, { email });
      const alert = await waitForEmail((m) => m.subject === `New application: ${name} (Apprentice)`);
      const link = /https?:\/\/[^\s"]+\/applicant\/\d+/.exec(alert.text)?.[0];
      expect(link).toMatch(new RegExp(`/applicant/${id}$`));

      await page.goto(new URL(link!).pathname);
      await expect(page.getByRole("heading", { level: 1, name: "Applicant" })).toBeVisible();
      await expect(page.getByText(name)).toHaveCount(0);
      await expectAccessible(page, page.url());
      await page.getByLabel("Name", { exact: true }).fill(member.name);
      await page.getByLabel("PIN").fill("102938");
      await page.getByRole("button", { name: "Log In" }).click();
      await expect(page.getByText("That name and PIN don't match. Please try again.")).toBeVisible();
      await signIn(page, member);

      await expect(page).toHaveURL(new RegExp(`/applicant/${id}$`));
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      await expect(page.getByText(`Signed in as ${member.name}`)).toBeVisible();
      await expect(page.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
      await expect(page.locator('a[href^="tel:+447700"]')).toBeVisible();
      await expect(page.getByText(/^\d{1,2}(st|nd|rd|th) [A-Z][a-z]{2} \d{4}$/)).toBeVisible();

      // Nothing to save yet: no Update button. A note, or a different follow-up, brings it.
      const update = page.getByRole("button", { name: "Update" });
      await expect(update).toBeHidden();
      await page.getByLabel("New note").fill(`Called ${member.name === "Morgan" ? "Monday" : "Tuesday"}, keen`);
      await expect(update).toBeVisible();
      await page.getByLabel("New note").fill("");
      await expect(update).toBeHidden();
      await page.getByRole("radio", { name: "Maybe", exact: true }).check();
      await expect(update).toBeVisible();
      await page.getByRole("radio", { name: "Uncategorised" }).check();
      await expect(update).toBeHidden();

      await page.getByLabel("New note").fill("Lovely answers, invite to a trial day");
      await page.getByRole("radio", { name: "Definitely" }).check();
      await update.click();
      const saved = page.getByText("Updated successfully!");
      await expect(saved).toBeVisible();
      await expect(saved).toBeHidden({ timeout: 5_000 });
      await expect(page.getByRole("listitem").filter({ hasText: `${member.name} ${today()}: Lovely answers, invite to a trial day` })).toBeVisible();
      await expect(page.getByLabel("New note")).toHaveValue("");
      await expect(page.getByRole("radio", { name: "Definitely" })).toBeChecked();
      await expect(update).toBeHidden();

      // Canned replies: Maybe, then Unsuccessful, each previewed first; after Unsuccessful the box goes.
      const first = "Ava";
      await page.getByRole("radio", { name: "Maybe later" }).check();
      await page.getByRole("button", { name: "Preview the email" }).click();
      await page.getByRole("button", { name: `Send 'Maybe later' to ${first}` }).click();
      await expect(page.getByText(new RegExp(`'Maybe later' to ${first} leaves at \\d\\d:\\d\\d:\\d\\d: until then you can take it back\\.`))).toBeVisible();
      await expect(page.getByRole("radio", { name: "Maybe later" })).toHaveCount(0);
      await waitForEmail((m) => m.to.includes(email) && m.text.includes("keep your details on file"));
      await page.getByRole("radio", { name: "No place for you" }).check();
      await page.getByRole("button", { name: "Preview the email" }).click();
      await page.getByRole("button", { name: `Send 'No place for you' to ${first}` }).click();
      await expect(page.getByText(new RegExp(`'No place for you' to ${first} leaves at \\d\\d:\\d\\d:\\d\\d: until then you can take it back\\.`))).toBeVisible();
      await waitForEmail((m) => m.to.includes(email) && m.text.includes("not be taking it further"));
      await page.reload();
      await expect(page.getByRole("heading", { name: "Email response" })).toHaveCount(0);

      // Apprentice → Saturday, then the button is gone.
      await page.getByRole("button", { name: "Change to Saturday" }).click();
      await expect(page.getByText("Role changed to Saturday/Evening.")).toBeVisible();
      await expect(page.getByRole("button", { name: "Change to Saturday" })).toHaveCount(0);
      await expect(page.getByRole("definition").filter({ hasText: "Saturday/Evening" })).toBeVisible();

      await expect(page.getByRole("region", { name: "History" })).toContainText(`${member.name} changed the role: Apprentice → Saturday/Evening`);
      await expectNoSidewaysScroll(page);
      await expectAccessible(page, page.url());
    });

    list("filters, searches, archives and exports the list", async ({ page, request }) => {
      const surname = unique();
      const keen = await apply(request, `Bo ${surname}`);
      const stylist = await apply(request, `Cy ${surname}`, { role: "Stylist" });
      const leaving = await apply(request, `Di ${surname}`);

      await page.goto("/applicants");
      await signIn(page, member);
      await expect(page).toHaveURL(/\/applicants$/);
      await expect(page.getByRole("link", { name: "All", exact: true })).toHaveAttribute("aria-current", "page");

      // A stylist has no 'Change to Saturday'.
      await page.getByRole("link", { name: `Cy ${surname}` }).click();
      await expect(page.getByRole("heading", { level: 1, name: `Cy ${surname}` })).toBeVisible();
      await expect(page.getByRole("button", { name: "Archive" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Change to Saturday" })).toHaveCount(0);
      await page.getByRole("radio", { name: "No", exact: true }).check();
      await page.getByRole("button", { name: "Update" }).click();
      await expect(page.getByText("Updated successfully!")).toBeVisible();

      await page.getByRole("link", { name: "All applicants" }).click();
      await expect(page).toHaveURL(/\/applicants$/);

      // Search by surname, then by mobile typed with spaces.
      await page.getByLabel("Search by name, email, mobile or notes").fill(surname);
      const rows = page.getByRole("row").filter({ hasText: surname });
      // 'All' is definitely, maybe and uncategorised: the 'no' stylist is not in it.
      await expect(rows).toHaveCount(2);
      await expect(page.getByText(`2 applicants in All matching “${surname}”.`)).toBeVisible();
      await expect(rows.filter({ hasText: `Bo ${surname}` })).toContainText("Uncategorised");
      await expectAccessible(page, page.url());
      await expectNoSidewaysScroll(page);

      await page.getByRole("link", { name: "No", exact: true }).click();
      await expect(page).toHaveURL(/filter=no$/);
      await expect(page.getByRole("link", { name: "No", exact: true })).toHaveAttribute("aria-current", "page");
      await page.getByLabel("Search by name, email, mobile or notes").fill(surname);
      await expect(page.getByRole("row").filter({ hasText: surname })).toHaveCount(1);
      await expect(page.getByRole("row").filter({ hasText: `Cy ${surname}` })).toContainText("No");

      // Export what is shown: the 'No' list, searched.
      const download = page.waitForEvent("download");
      await page.getByRole("button", { name: "Export CSV" }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^applicants-no-\d{4}-\d\d-\d\d\.csv$/);
      const csv = fs.readFileSync((await file.path())!, "utf8").replace(/^\uFEFF/, "").trimEnd().split("\r\n");
      expect(csv[0]).toBe("Date,Name,Email,Mobile,Role,Position,Follow-up,Email sent,Possible duplicate");
      expect(csv.slice(1)).toHaveLength(1);
      expect(csv[1]).toContain(`Cy ${surname},cy.${surname.toLowerCase()}@example.com`);

      // Archive from the list: the row leaves All and shows 'Archived', without a link, under Archived.
      await page.getByRole("link", { name: "All", exact: true }).click();
      await page.getByLabel("Search by name, email, mobile or notes").fill(surname);
      await page.getByRole("button", { name: `Archive Di ${surname}` }).click();
      await expect(page.getByText(`Di ${surname} has been archived.`)).toBeVisible();
      await page.getByLabel("Search by name, email, mobile or notes").fill(surname);
      await expect(page.getByRole("row").filter({ hasText: surname })).toHaveCount(1);
      await page.getByRole("link", { name: "Archived", exact: true }).click();
      await page.getByLabel("Search by name, email, mobile or notes").fill(surname);
      const archivedRow = page.getByRole("row").filter({ hasText: `Di ${surname}` });
      await expect(archivedRow).toContainText("Archived");
      await expect(archivedRow.getByRole("link", { name: `Di ${surname}` })).toHaveCount(0);
      await expect(archivedRow.getByRole("button")).toHaveAccessibleName(`Restore Di ${surname}`);

      // Archive from the detail page: back to the list.
      await page.goto(`/applicant/${keen}`);
      await page.getByRole("button", { name: "Archive" }).click();
      await expect(page).toHaveURL(/\/applicants\?archived=\d+$/);
      await page.getByLabel("Search by name, email, mobile or notes").fill(surname);
      await expect(page.getByRole("row").filter({ hasText: surname })).toHaveCount(0);
      expect(stylist).toBeGreaterThan(0);
      expect(leaving).toBeGreaterThan(0);

      await page.getByRole("button", { name: "Sign out" }).click();
      await expect(page.getByRole("button", { name: "Log In" })).toBeVisible();
      await expect(page.getByText(surname)).toHaveCount(0);
    });
  });
}

test("the list reads as cards without sideways scrolling on a 320-pixel phone", async ({ page, request, isMobile }) => {
  test.skip(!isMobile, "a phone's test: it sets its own width");
  const surname = unique();
  await apply(request, `Elle ${surname}-Longname`, { email: `elle.a.very.long.address.${surname.toLowerCase()}@example.com` });
  await page.setViewportSize({ width: 320, height: 720 });
  await page.goto("/applicants");
  await signIn(page, STAFF.sam);
  await page.getByLabel("Search by name, email, mobile or notes").fill(surname);
  await expect(page.getByRole("row").filter({ hasText: surname })).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  await page.getByRole("link", { name: `Elle ${surname}-Longname` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(surname);
  await expectNoSidewaysScroll(page);
});
