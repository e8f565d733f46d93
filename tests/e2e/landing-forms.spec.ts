/**
 * The landing page's join-us, models and contact sections are short
 * invitations; the forms live on their own pages. The anchors the spec links
 * to (/#joinus, /#models, /#contact) still land on the sections.
 */
import { expect, test } from "@playwright/test";
import { content } from "../support/public-pages";

const landing = content.copy.text.landing;
const sections = [
  { anchor: "joinus", heading: landing.joinus.heading, button: landing.joinus.button, submit: "Send my application" },
  { anchor: "models", heading: landing.models.heading, button: landing.models.button, submit: "Sign me up" },
  { anchor: "contact", heading: landing.contact.heading, button: landing.contact.button, submit: "Send message" },
];

// Landing under the sticky header is a phone's question (the desktop's page is the same, with more room);
// the contact form's script is the same at every size, so it runs on the desktop.
for (const { anchor, heading, button, submit } of sections) {
  test(`/#${anchor} lands on a short invitation whose button leads to the form on /${anchor}`, async ({ page, isMobile }) => {
    test.skip(!isMobile, "checked on the phone");
    await page.goto(`/#${anchor}`);
    const section = page.locator(`#${anchor}`);
    await expect(section.getByRole("heading", { name: heading })).toBeInViewport();
    await expect(section.locator("form")).toHaveCount(0);
    await section.getByRole("link", { name: button }).click();
    await expect(page).toHaveURL(new RegExp(`/${anchor}$`));
    await expect(page.getByRole("button", { name: submit, exact: true })).toBeVisible();
  });
}

test("the contact page's form checks, sends and thanks in place", async ({ page, isMobile }) => {
  test.skip(isMobile, "the same document as on the phone's forms: checked on the desktop");
  await page.goto("/contact");
  const send = page.getByRole("button", { name: "Send message" });
  await send.click();
  // The server's answer: the error summary, focused, and the messages beside their fields.
  await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeFocused();
  await expect(page.locator(".field-error", { hasText: "Name is required" })).toBeVisible();
  await expect(page.locator(".field-error", { hasText: "Message is required" })).toBeVisible();

  await page.getByLabel("Name", { exact: true }).fill("Rosa Quinn");
  await page.getByLabel("Email address").fill(`rosa.${Date.now()}@example.com`);
  await page.getByLabel("Your message").fill("Can I bring my daughter to my appointment?");
  await send.click();
  const thanks = page.getByRole("status");
  await expect(thanks).toContainText("your message is with us");
  await expect(thanks).toBeFocused();
  await expect(page).toHaveURL(/\/contact$/);
});
