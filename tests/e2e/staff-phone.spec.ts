import { expect, test, type Page } from "@playwright/test";
import { applicantBody, STAFF } from "../support/staff-client";
import { expectHydrated } from "./support/hydration";
import { signInWithPin } from "./support/sign-in";
import { openStaffMenu } from "./support/staff-menu";

// The staff's day on a 390 px phone (decision 0071): a note half typed is not
// lost to a stray tap on a link or a reload, and every staff page shows its
// title in the first screen, its sections behind "Menu".
test.describe.configure({ timeout: 90_000 });
test.skip(({ isMobile }) => !isMobile, "the phone is where a stray tap costs most");
test.use({ viewport: { width: 390, height: 844 } });

async function newApplicant(page: Page, first: string): Promise<{ id: number; name: string }> {
  const name = `${first} P${Date.now().toString(36)}`;
  const response = await page.request.post("/api/joinus", { data: applicantBody(name) });
  expect(response.status()).toBe(201);
  return { id: ((await response.json()) as { id: number }).id, name };
}

/** A new applicant's page, opened through the PIN form as Morgan. */
async function openNewApplicant(page: Page, first: string): Promise<{ id: number; name: string }> {
  const applicant = await newApplicant(page, first);
  await page.goto(`/applicant/${applicant.id}`);
  await signInWithPin(page, STAFF.morgan);
  await expect(page.getByRole("heading", { level: 1, name: applicant.name })).toBeVisible();
  return applicant;
}

test("a manager half-way through a note is asked before a link leaves it, stays with the note kept, and leaves freely once it is saved", async ({ page }) => {
  const { id, name } = await openNewApplicant(page, "Nell");
  const note = page.getByLabel("New note");
  await note.fill("Rang her back: free on Tuesdays");

  // A link inside the site: the page asks, and staying keeps the words.
  await page.getByRole("link", { name: "← All applicants" }).click();
  const question = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(question).toBeVisible();
  await question.getByRole("button", { name: "Stay on this page" }).click();
  await expect(question).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/applicant/${id}$`));
  await expect(note).toHaveValue("Rang her back: free on Tuesdays");

  // Closing the tab or reloading: the browser's own question (dismissed, the page stays).
  const unloadAsked = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const dialog = await unloadAsked;
  expect(dialog.type()).toBe("beforeunload");
  await dialog.dismiss();
  expect(page.isClosed()).toBe(false);

  // Saved: nothing is left unsaved, so the link just goes, even tapped the moment "Updated" shows, while the page's
  // data is still on its way back (held here until then: the tap was asked about, then dropped, 1 run in 12).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const pageData = `**/applicant/${id}.data*`;
  await page.route(pageData, async (route) => {
    if (route.request().method() === "GET") await held;
    await route.continue().catch(() => undefined);
  });
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByText("Updated successfully!")).toBeVisible();
  await page.getByRole("link", { name: "← All applicants" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Applicants" })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  release();
  await page.unroute(pageData);

  // Changed again, then left on purpose: "Leave without saving" goes.
  await page.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await page.getByLabel("New note").fill("Not this one");
  await openStaffMenu(page);
  await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Messages sent" }).click();
  await page.getByRole("dialog", { name: "Leave without saving?" }).getByRole("button", { name: "Leave without saving" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Messages sent" })).toBeVisible();
});

test("a note typed before the staff app has started is still asked about when a link would leave it", async ({ page }) => {
  const { id, name } = await newApplicant(page, "Ola");
  await page.goto("/staff");
  await signInWithPin(page, STAFF.morgan);
  await expect(page.getByText("Signed in as Morgan")).toBeVisible();

  // The page arrives, its script does not yet (a slow phone): the note is typed into the plain page.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  await page.goto(`/applicant/${id}`, { waitUntil: "commit" });
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await page.getByLabel("New note").fill("Typed on the bus");
  release();
  const back = page.getByRole("link", { name: "← All applicants" });
  await expectHydrated(back);

  await back.click();
  await expect(page.getByRole("dialog", { name: "Leave without saving?" })).toBeVisible();
  await page.getByRole("button", { name: "Stay on this page" }).click();
  await expect(page.getByLabel("New note")).toHaveValue("Typed on the bus");
});

test("finding: a note sent from a phone that had lost its signal gave the error page and lost the note; now the page stays, says why, and sends it once the signal is back", async ({ page, context }) => {
  const { name } = await openNewApplicant(page, "Una");
  const note = page.getByLabel("New note");
  await note.fill("Left a voicemail, try again Monday");

  // The signal goes: the foot of the screen says so, and Update sends nothing.
  await context.setOffline(true);
  const status = page.getByRole("status").filter({ hasText: /connection/ });
  await expect(status).toHaveText(/No connection: nothing can be sent/);
  await page.getByRole("button", { name: "Update" }).click();
  await expect(status).toHaveText(/Not sent: this phone has no connection\. What you typed is still here/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(note).toHaveValue("Left a voicemail, try again Monday");

  // The signal is back: the line goes, and the same tap saves the note.
  await context.setOffline(false);
  await expect(status).toBeHidden();
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByRole("region", { name: "Notes" }).getByText("Left a voicemail, try again Monday")).toBeVisible();

  // A request lost on a weak signal (the phone thinks it is online): the error page says what happened, and back on
  // the page the note and the follow-up chosen are in the form again, to send once more.
  await page.route("**/*.data*", (route) => route.abort("internetdisconnected"));
  await note.fill("Second try: she starts in March");
  await page.getByRole("radio", { name: "Definitely" }).check();
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "The connection dropped" })).toBeVisible();
  await page.unroute("**/*.data*");
  await page.getByRole("link", { name: "Back to the page" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(status).toHaveText(/What you typed before the connection dropped is back/);
  await expect(note).toHaveValue("Second try: she starts in March");
  await expect(page.getByRole("radio", { name: "Definitely" })).toBeChecked();
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByRole("region", { name: "Notes" }).getByText("Second try: she starts in March")).toBeVisible();
  await expect(status).toBeHidden();
});

test("every kind of staff page shows its title in the first screen, with its sections behind Menu", async ({ page }) => {
  const { id, name } = await newApplicant(page, "Tess");
  await page.goto("/staff");
  await signInWithPin(page, STAFF.morgan);
  await expect(page.getByText("Signed in as Morgan")).toBeVisible();
  const pages: [string, string][] = [
    ["/staff", "Staff desk"],
    ["/applicants", "Applicants"],
    [`/applicant/${id}`, name],
    ["/staff/outbox", "Messages sent"],
    ["/staff/studio/prices", "Price list"],
    ["/staff/email-templates", "Email wording"],
  ];
  for (const [path, title] of pages) {
    await page.goto(path);
    const heading = page.getByRole("heading", { level: 1, name: title });
    await expect(heading).toBeVisible();
    const box = (await heading.boundingBox())!;
    expect(box.y + box.height, `${path}: the title's foot`).toBeLessThanOrEqual(page.viewportSize()!.height / 2);
    // The sections are one tap away, and shut again on the next page.
    await expect(page.getByRole("navigation", { name: "Staff" })).toBeHidden();
  }
  // The applicant's forms, below who they are on a phone, are each one tap from the top.
  await page.goto(`/applicant/${id}`);
  const jump = page.getByRole("navigation", { name: "Jump to" }).getByRole("link", { name: "Add a note" });
  expect((await jump.boundingBox())!.y).toBeLessThan(page.viewportSize()!.height / 2);
  await jump.click();
  await expect(page.getByLabel("New note")).toBeInViewport();

  await openStaffMenu(page);
  const nav = page.getByRole("navigation", { name: "Staff" });
  await expect(nav.getByRole("link", { name: "Applicants" })).toBeVisible();
  await nav.getByRole("link", { name: "Applicants" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Applicants" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Staff" })).toBeHidden();
});
