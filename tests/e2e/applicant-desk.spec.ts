import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { signInWithPin } from "./support/sign-in";
import { applicantBody, STAFF } from "../support/staff-client";
import { readInbox, waitForEmail } from "./support/inbox";

// The applicant desk on a phone, as a manager uses it between clients:
// preview the 'No place for you' email, send it, take it back within the hold
// (it never reaches the SMTP server), send it again and see it arrive after
// the hold; archive and restore; search. The server holds emails for 5 s here
// (playwright.config.ts).
test.describe.configure({ timeout: 90_000 });
test.skip(({ isMobile }) => !isMobile, "the phone is where a slip of the finger costs most");

const unique = () => `Q${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function apply(request: APIRequestContext, name: string, overrides: Record<string, string> = {}) {
  const response = await request.post("/api/joinus", { data: applicantBody(name, overrides) });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function signIn(page: Page) {
  await signInWithPin(page, STAFF.morgan);
}

test("a manager previews the 'No place for you' email, takes it back within the hold, then lets it go", async ({ page, request }) => {
  const surname = unique();
  const email = `sam.${surname.toLowerCase()}@example.com`;
  const id = await apply(request, `Sam ${surname}`, { email });
  await page.goto(`/applicant/${id}`);
  await signIn(page);
  await expect(page.getByRole("heading", { level: 1, name: `Sam ${surname}` })).toBeVisible();

  await page.getByRole("radio", { name: "No place for you" }).check();
  await page.getByRole("button", { name: "Preview the email" }).click();
  await expect(page.getByRole("heading", { name: "Preview: 'No place for you' to Sam" })).toBeVisible();
  await expect(page.getByText("Your application to Larkfield Hair School")).toBeVisible();
  await expect(page.getByText(/this time we will not be taking it further/)).toBeVisible();
  await page.getByRole("button", { name: "Send 'No place for you' to Sam" }).click();
  await expect(page.getByText(/'No place for you' to Sam leaves at \d\d:\d\d:\d\d\./)).toBeVisible();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("Taken back: the email will not be sent.")).toBeVisible();
  expect((await readInbox()).emails.filter((m) => m.to.includes(email) && m.text.includes("not be taking it further"))).toEqual([]);

  await page.getByRole("radio", { name: "No place for you" }).check();
  await page.getByRole("button", { name: "Preview the email" }).click();
  // The page's clock, run on below: its refresh once the email has left comes while the phone has no signal.
  await page.clock.install();
  // A note begun before the email is sent stays through it (the note form was drawn anew on any change to the applicant).
  await page.getByLabel("New note").fill("Sent the no, kindly");
  const sentAt = Date.now();
  await page.getByRole("button", { name: "Send 'No place for you' to Sam" }).click();
  await expect(page.getByText(/'No place for you' to Sam leaves at \d\d:\d\d:\d\d: until then you can take it back\./)).toBeVisible();
  await expect(page.getByRole("button", { name: "Undo" })).toBeVisible();
  await expect(page.getByLabel("New note")).toHaveValue("Sent the no, kindly");
  await page.context().setOffline(true);
  const arrived = await waitForEmail((m) => m.to.includes(email) && m.text.includes("not be taking it further"));
  // Without signal the refresh waits (one that failed gave the error page, and the note with it); with it, it comes.
  await page.clock.runFor(10_000);
  await expect(page.getByRole("button", { name: "Undo" })).toHaveCount(1);
  await expect(page.getByLabel("New note")).toHaveValue("Sent the no, kindly");
  await page.context().setOffline(false);
  expect(Date.now() - sentAt).toBeGreaterThanOrEqual(4_500);
  expect(arrived.subject).toBe("Your application to Larkfield Hair School");
  // The one taken back was held as long and sent earlier: had it gone, it would be here by now. Only one came.
  expect((await readInbox()).emails.filter((m) => m.to.includes(email) && m.text.includes("not be taking it further"))).toHaveLength(1);
  // Once it has left, the Undo goes by itself, and the email is on the record.
  await expect(page.getByRole("button", { name: "Undo" })).toHaveCount(0, { timeout: 10_000 });
  await page.getByText("Your application to Larkfield Hair School", { exact: false }).first().click();
  await expect(page.getByText(/^sent /).first()).toBeVisible();
});

test("archives with an Undo, restores from the archive, and searches", async ({ page, request }) => {
  const surname = unique();
  const id = await apply(request, `Rhea ${surname}`);
  await page.goto(`/applicant/${id}`);
  await signIn(page);
  await page.getByRole("button", { name: "Archive" }).click();
  await expect(page).toHaveURL(/\/applicants\?archived=\d+$/);
  await expect(page.getByText(`Rhea ${surname} has been archived.`)).toBeVisible();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText(`Rhea ${surname} is back from the archive.`)).toBeVisible();

  await page.getByLabel(/^Search by/).fill(surname);
  await expect(page.getByRole("link", { name: `Rhea ${surname}` })).toBeVisible();
  await page.getByRole("button", { name: `Archive Rhea ${surname}` }).click();
  await expect(page.getByText(`Rhea ${surname} has been archived.`)).toBeVisible();
  await page.getByRole("link", { name: "Archived" }).click();
  await page.getByRole("button", { name: `Restore Rhea ${surname}` }).click();
  await expect(page.getByText(`Rhea ${surname} is back from the archive.`)).toBeVisible();
  await page.getByRole("link", { name: "Everyone" }).click();
  await page.getByLabel(/^Search by/).fill(surname);
  await expect(page.getByRole("link", { name: `Rhea ${surname}` })).toBeVisible();
});
