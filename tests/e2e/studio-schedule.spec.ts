import { expect, test } from "@playwright/test";
import { scheduledWords } from "../../app/modules/site/publish-at";
import { formatReceived } from "../../app/utils/dates";
import { STAFF, staffAccountsEnv } from "../support/staff-client";
import { expectHydrated } from "./support/hydration";
import { ownServerOnDemand } from "./support/own-server";
import { signInWithPin } from "./support/sign-in";

// Publishing on time (decision 0059), as a manager does it between clients: on
// a 390 px phone in the salon (its clock on London time), a post written with
// a time a little ahead is listed as scheduled at that time, a visitor finds
// nothing of it yet, and at its time it is on the blog, with nobody acting.
// On a server of its own: the post goes on every visitor's blog.

const PHONE = { width: 390, height: 844 };
const SALON_TIME_ZONE = "Europe/London";
/**
 * How far ahead the time is typed, at least: room for what comes before it (Publish, the studio's list, the
 * blog and the post's address as a visitor) on a loaded two-core machine. The box takes whole minutes, so
 * the time is the next whole minute after this: 30 to 90 seconds off.
 */
const LEAD_MS = 30_000;
/** How long the blog may take to show it, from the test's first look as a visitor: the wait for the minute and more. */
const SHOWS_WITHIN_MS = 150_000;

/** The next whole minute at least `lead` milliseconds from now. */
const nextMinuteAfter = (lead: number) => new Date(Math.ceil((Date.now() + lead) / 60_000) * 60_000);

/** "2026-11-28T17:31": the moment on the salon's clock, as a person types it into the day-and-time box. */
function onSalonClock(at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone: SALON_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

test.describe("a post scheduled from the studio", () => {
  test.describe.configure({ timeout: 240_000 });
  test.skip(({ isMobile }) => !isMobile, "on the phone, between clients");
  // The manager's phone is in the salon; the page must show the salon's clock whatever the machine's is.
  test.use({ timezoneId: SALON_TIME_ZONE });
  const own = ownServerOnDemand(55, { STAFF_ACCOUNTS: staffAccountsEnv });

  test.afterAll(() => own.stop());

  test("a manager on a phone schedules a post: listed with its time, nowhere on the blog before it, then on the blog and at its address by itself", async ({ page, browser }) => {
    const server = await own.get();
    const title = "Late colour on Fridays";
    const slug = "late-colour-on-fridays";
    await page.setViewportSize(PHONE);
    await page.goto(`${server.base}/staff/studio/posts`);
    await signInWithPin(page, STAFF.morgan);

    const write = page.locator("section", { has: page.getByRole("heading", { name: "Write a post" }) });
    const publish = write.getByRole("button", { name: "Publish" });
    // Under load the page may still be plain HTML: a tap before hydration is another journey.
    await expectHydrated(publish);
    await write.getByLabel("Title").fill(title);
    await write.getByLabel("The post", { exact: true }).fill("From next week the colour bar stays open late on Fridays, until eight.");
    // The time last, just before Publish, so the margin is spent on what follows, not on signing in.
    const at = nextMinuteAfter(LEAD_MS);
    const typed = onSalonClock(at);
    await write.getByLabel("Publish at (optional)").fill(typed);
    await publish.click();

    // Said in view where the thumb is, and marked in the list on the salon's clock: the time as typed.
    await expect(page.getByRole("status").filter({ hasText: `Scheduled: it goes on the blog by itself on ${formatReceived(at.toISOString())}, at /blog/${slug}.` })).toBeInViewport();
    const card = page.locator("details").filter({ has: page.locator("summary", { hasText: title }) });
    const mark = card.locator("summary time");
    await expect(mark).toHaveText(scheduledWords(at.toISOString()));
    await expect(mark).toContainText(typed.slice(11));
    await expect(mark).toHaveAttribute("datetime", at.toISOString());
    // Opened again, its box shows the time as typed.
    await page.reload();
    await card.locator("summary").click();
    await expect(card.getByLabel("Publish at (optional)")).toHaveValue(typed);

    // A visitor (no staff cookie) before its time: not on the blog, and its address is a 404.
    const visitor = await browser.newContext({ viewport: PHONE, timezoneId: SALON_TIME_ZONE });
    const reader = await visitor.newPage();
    await reader.goto(`${server.base}/blog`);
    await expect(reader.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(reader.getByRole("heading", { name: title })).toHaveCount(0);
    await expect(reader.locator(`a[href="/blog/${slug}"]`)).toHaveCount(0);
    expect((await reader.goto(`${server.base}/blog/${slug}`))?.status()).toBe(404);
    // Those looks came before its time, or they proved nothing (raise LEAD_MS on a slower machine).
    expect(Date.now(), "the visitor looked before the post's time").toBeLessThan(at.getTime());

    // Then, with nobody acting, at its time: on the blog's list, never before it, and at its address.
    await expect
      .poll(
        async () => {
          await reader.goto(`${server.base}/blog`);
          return reader.locator(`a[href="/blog/${slug}"]`).count();
        },
        { message: "the post is on the blog", timeout: SHOWS_WITHIN_MS, intervals: [2_000] },
      )
      .toBeGreaterThan(0);
    expect(Date.now(), "it went on the blog at its time, not before").toBeGreaterThanOrEqual(at.getTime());
    await expect(reader.getByRole("heading", { name: title })).toBeVisible();
    expect((await reader.goto(`${server.base}/blog/${slug}`))?.status()).toBe(200);
    await expect(reader.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await visitor.close();

    // And the studio no longer marks it scheduled.
    await page.reload();
    await expect(card.locator("summary")).toBeVisible();
    await expect(card.locator("summary time")).toHaveCount(0);
  });
});
