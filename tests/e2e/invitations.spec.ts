import { expect, test } from "@playwright/test";
import nodeIcal, { type VEvent } from "node-ical";
import PostalMime from "postal-mime";
import { applicantBody, STAFF } from "../support/staff-client";
import { waitForEmail } from "./support/inbox";
import { signInWithPin } from "./support/sign-in";

// A manager on a phone invites an applicant to a trial day the day the clocks
// go forward: fills in the day, time, length and place, reads the email, sends
// it with the button that names it, and the email that reaches the SMTP server
// carries a calendar file that a calendar library reads back as 09:30 in London.
test.describe.configure({ timeout: 60_000 });
test.skip(({ isMobile }) => !isMobile, "managers invite from their phones between clients");

test("a manager invites an applicant to a trial day, and the calendar file says the same London time", async ({ page, request }) => {
  const surname = `T${Date.now().toString(36)}`;
  const email = `sam.${surname.toLowerCase()}@example.com`;
  const response = await request.post("/api/joinus", { data: applicantBody(`Sam ${surname}`, { email }) });
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  await page.goto(`/applicant/${id}`);
  await signInWithPin(page, STAFF.morgan);

  const form = page.locator("form#invitation");
  await form.getByRole("radio", { name: "Trial day" }).check();
  await form.getByLabel("Day", { exact: true }).fill("2027-03-28");
  await form.getByLabel("Starts at", { exact: true }).fill("09:30");
  await form.getByLabel("Length in minutes").fill("420");
  await form.getByLabel("Place", { exact: true }).fill("Larkfield Hair School, 4 Kiln Yard");
  await form.getByRole("button", { name: "Preview the invitation" }).click();
  await expect(page.getByRole("heading", { name: "Preview: trial-day invitation to Sam" })).toBeVisible();
  await expect(page.getByText("When: Sunday 28 March 2027 at 09:30 to 16:30")).toBeVisible();
  await page.getByRole("button", { name: "Send trial-day invitation to Sam" }).click();
  await expect(page.getByText("Sent the trial-day invitation to Sam. A text reminds them the day before.")).toBeVisible();
  await expect(page.getByText(/'Trial day invitation' to Sam leaves at \d\d:\d\d:\d\d\./)).toBeVisible();

  const arrived = await waitForEmail((m) => m.to.includes(email) && m.subject === "A trial day at Larkfield Hair School");
  const calendar = (await PostalMime.parse(arrived.raw)).attachments.find((a) => a.mimeType === "text/calendar");
  expect(calendar).toBeDefined();
  const ics = typeof calendar!.content === "string" ? calendar!.content : new TextDecoder().decode(calendar!.content);
  expect(ics).toContain("METHOD:REQUEST");
  const event = Object.values(nodeIcal.sync.parseICS(ics)).find((v) => v?.type === "VEVENT") as VEvent;
  expect(event.start.toISOString()).toBe("2027-03-28T08:30:00.000Z");
  expect(new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", dateStyle: "long", timeStyle: "short" }).format(event.start)).toBe("28 March 2027 at 09:30");

  // Once it has left, the Undo goes by itself; the invitation is on the record and in the desk's Coming up.
  await expect(page.getByRole("button", { name: "Undo" })).toHaveCount(0, { timeout: 10_000 });
  await expect(page.getByRole("region", { name: "Interviews and trial days" }).getByText("Sunday 28 March 2027 at 09:30 to 16:30")).toBeVisible();
  await page.goto("/staff");
  await expect(page.getByRole("region", { name: "Coming up" }).getByRole("link", { name: `Sam ${surname}` })).toBeVisible();
});
