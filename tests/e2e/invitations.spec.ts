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
  // On a phone the form waits shut under its heading (the page stays short); a tap opens it.
  await expect(form).toBeHidden();
  await page.getByText("Write an invitation").click();
  await form.getByRole("radio", { name: "Trial day" }).check();
  await form.getByLabel("Day", { exact: true }).fill("2027-03-28");
  await form.getByLabel("Starts at", { exact: true }).fill("09:30");
  await form.getByLabel("Length in minutes").fill("420");
  await form.getByLabel("Place", { exact: true }).fill("Larkfield Hair School, 4 Kiln Yard");
  await form.getByRole("button", { name: "Preview the invitation" }).click();
  await expect(page.getByRole("heading", { name: "Preview: trial-day invitation to Sam" })).toBeVisible();
  await expect(page.getByText("When: Sunday 28 March 2027 at 09:30 to 16:30")).toBeVisible();
  await page.getByRole("button", { name: "Send trial-day invitation to Sam" }).click();
  await expect(page.getByText(/The trial-day invitation to Sam leaves at \d\d:\d\d:\d\d: until then you can take it back\. A text reminds them the day before\./)).toBeVisible();
  await expect(page.getByText(/'A trial day at Larkfield Hair School' to Sam leaves at \d\d:\d\d:\d\d\./)).toBeVisible();

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

test.describe("on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a manager moves an invitation: the move is confirmed in view with when it leaves, and the calendar file updates the same event", async ({ page }) => {
    const surname = `M${Date.now().toString(36)}`;
    const email = `ria.${surname.toLowerCase()}@example.com`;
    const response = await page.request.post("/api/joinus", { data: applicantBody(`Ria ${surname}`, { email }) });
    expect(response.status()).toBe(201);
    const { id } = (await response.json()) as { id: number };
    await page.goto(`/applicant/${id}`);
    await signInWithPin(page, STAFF.morgan);
    await expect(page.getByRole("heading", { level: 1, name: `Ria ${surname}` })).toBeVisible();
    const origin = new URL(page.url()).origin;
    const invited = await page.request.post(`/api/staff/applicants/${id}/invitation`, {
      headers: { origin },
      data: { kind: "interview", starts_at: "2027-05-14T10:00:00+01:00", minutes: 45, place: "Larkfield Hair School, 4 Kiln Yard" },
    });
    expect(invited.status()).toBe(201);
    const first = await waitForEmail((m) => m.to.includes(email) && m.subject === "An interview at Larkfield Hair School");
    const firstEvent = eventOf(await calendarText(first.raw));

    await page.reload();
    const record = page.getByRole("region", { name: "Interviews and trial days" });
    await expect(record.getByText("(sent)")).toBeVisible();
    await record.getByText("Move or cancel the interview").click();
    await record.getByLabel("New day").fill("2027-05-21");
    await record.getByLabel("Starts at").fill("14:30");
    await record.getByRole("button", { name: "Move the interview" }).click();

    const confirmation = page.getByText(/Moved to Friday 21 May 2027 at 14:30 to 15:15\. The email saying so leaves at \d\d:\d\d:\d\d: until then you can take it back\./);
    await expect(confirmation).toBeVisible();
    const undo = page.getByRole("button", { name: "Undo" });
    await expect(undo).toBeVisible();
    await expect(page.getByText(/'Moved: An interview at Larkfield Hair School' to Ria leaves at \d\d:\d\d:\d\d\./)).toBeVisible();
    // The confirmation and its Undo are in reach together on the phone's screen.
    await expect(confirmation).toBeInViewport();
    await expect(undo).toBeInViewport();
    await page.screenshot({ path: `test-results/invitation-moved-390-${test.info().project.name}.png` });
    await expect(record.getByText("Friday 21 May 2027 at 14:30 to 15:15")).toBeVisible();

    const moved = await waitForEmail((m) => m.to.includes(email) && m.subject === "Moved: An interview at Larkfield Hair School");
    const ics = await calendarText(moved.raw);
    expect(ics).toContain("METHOD:REQUEST");
    const event = eventOf(ics);
    expect(event.uid).toBe(firstEvent.uid);
    expect(Number(event.sequence)).toBeGreaterThan(Number(firstEvent.sequence));
    expect(event.start.toISOString()).toBe("2027-05-21T13:30:00.000Z");
    await expect(undo).toHaveCount(0, { timeout: 10_000 });
    await expect(record.getByText("(moved)")).toBeVisible();
  });
});

async function calendarText(raw: string): Promise<string> {
  const calendar = (await PostalMime.parse(raw)).attachments.find((a) => a.mimeType === "text/calendar");
  expect(calendar).toBeDefined();
  return typeof calendar!.content === "string" ? calendar!.content : new TextDecoder().decode(calendar!.content);
}

const eventOf = (ics: string) => Object.values(nodeIcal.sync.parseICS(ics)).find((v) => v?.type === "VEVENT") as VEvent;
