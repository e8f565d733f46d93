import { expect, test, type Page } from "@playwright/test";
import { fixture } from "../support/fixture";
import { expectAccessible } from "./support/axe";
import { waitForEmail } from "./support/inbox";
import { fillJoinUs } from "./support/joinus";

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

interface FormCase {
  path: string;
  heading: string;
  submit: string;
  messages: string[];
  fill: (page: Page, id: string) => Promise<void>;
  thanks: RegExp;
}

const cases: FormCase[] = [
  {
    path: "/joinus",
    heading: "Join Base",
    submit: "Send my application",
    messages: [
      "Full Name is required",
      "Mobile number is required",
      "Email Address is required",
      "Role is required",
      "Position is required",
      "About yourself is required",
      "Why hairdressing required",
      "Why us required",
    ],
    fill: (page, id) => fillJoinUs(page, `leah.${id}@example.com`),
    thanks: /One application covers all three of our salons/,
  },
  {
    path: "/models",
    heading: "We need models",
    submit: "Sign me up",
    messages: ["Name is required", "Mobile number is required", "Additional Information required"],
    fill: async (page) => {
      await page.getByLabel("Name", { exact: true }).fill("Ana Diaz");
      await page.getByLabel("Mobile number").fill("+44 7700 900456");
      await page.getByLabel("Tell us about your hair and when you're free").fill("Long dark hair, free on Tuesdays.");
    },
    thanks: /you're on our list of models/,
  },
  {
    path: "/contact",
    heading: "Contact us",
    submit: "Send message",
    messages: ["Name is required", "Email Address is required", "Message is required"],
    fill: async (page, id) => {
      await page.getByLabel("Name", { exact: true }).fill("Tom Reid");
      await page.getByLabel("Email address").fill(`tom.${id}@example.com`);
      await page.getByLabel("Your message").fill("Do you cut curly hair dry?");
    },
    thanks: /your message is with us/,
  },
  {
    path: "/open-evening",
    heading: "Open evening",
    submit: "Register my interest",
    messages: ["Full Name is required", "Mobile number is required"],
    fill: async (page) => {
      await page.getByLabel("Full name").fill("Jo Bell");
      await page.getByLabel("Mobile number").fill("07700900789");
    },
    thanks: /You're on the list/,
  },
  {
    path: "/feedback",
    heading: "Tell us how we did",
    submit: "Send",
    messages: ["Full Name is required", "Mobile number is required"],
    fill: async (page) => {
      await page.getByLabel("Full name").fill("Sam Ray");
      await page.getByLabel("Mobile number").fill("07700 900 321");
      await page.getByLabel("Your feedback").fill("Lovely colour, and the team were kind.");
    },
    thanks: /We'll call you soon/,
  },
];

for (const form of cases) {
  test.describe(`the ${form.path} form`, () => {
    test.setTimeout(60_000);
    test("shows each message after an empty submit, then thanks once filled in", async ({ page, isMobile }) => {
      test.skip(!isMobile, "the phone sends each form; the desktop runs the rest of this file");
      await page.goto(form.path);
      await expect(page.getByRole("heading", { level: 1, name: form.heading })).toBeVisible();
      await expect(page.getByText(form.messages[0]!, { exact: true })).toHaveCount(0);

      // A document's post: the server's page comes back with the GOV.UK error summary at the top, focused.
      await page.getByRole("button", { name: form.submit, exact: true }).click();
      const summary = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "There is a problem" }) });
      await expect(summary).toBeFocused();
      await expect(summary.getByRole("link")).toHaveText(form.messages);
      // Each message is beside its field too.
      for (const message of form.messages) await expect(page.locator(".field-error", { hasText: message })).toHaveCount(1);
      await expectAccessible(page, `${form.path} with errors`);
      // Each link in the summary takes the visitor to the field at fault, which names its error.
      await summary.getByRole("link", { name: form.messages[0]!, exact: true }).click();
      const focused = page.locator(":focus");
      await expect(focused).toHaveAttribute("aria-invalid", "true");
      await expect(focused).toHaveAccessibleDescription(new RegExp(form.messages[0]!));

      await form.fill(page, unique());
      await page.getByRole("button", { name: form.submit, exact: true }).click();
      await expect(page.getByRole("status").filter({ hasText: form.thanks })).toBeVisible({ timeout: 10_000 });
    });
  });
}

// The forms are the same documents at every size: these run on the desktop; the phone sends each form above.
test.describe("every form, once", () => {
  test.skip(({ isMobile }) => isMobile, "the same documents as on the desktop");

  test("a join-us application's thank-you email reaches the applicant", async ({ page }) => {
    const id = unique();
    await page.goto("/joinus");
    await cases[0]!.fill(page, id);
    await page.getByRole("button", { name: "Send my application" }).click();
    await expect(page.getByRole("status")).toContainText("One application covers all three of our salons");
    const email = await waitForEmail((m) => m.to.includes(`leah.${id}@example.com`));
    expect(email.subject).toBe(`Thanks for applying to ${fixture.settings.name}`);
    expect(email.text).toContain("Hi Leah");
    await waitForEmail((m) => m.to.includes("staff@example.com") && m.subject === "New application: Leah Marsh (Apprentice)");
  });

  test("a refused post keeps every answer typed, and the same answers go through once corrected", async ({ page }) => {
    await page.goto("/contact");
    await cases[2]!.fill(page, "refused");
    await page.getByLabel("Email address").fill("tom.example.com");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("alert").getByRole("link", { name: "Valid Email address is required" })).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Tom Reid");
    await expect(page.getByLabel("Email address")).toHaveValue("tom.example.com");
    await expect(page.getByLabel("Your message")).toHaveValue("Do you cut curly hair dry?");
    await page.getByLabel("Email address").fill(`tom.${unique()}@example.com`);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("status")).toContainText("your message is with us");
    await expect(page.getByRole("status")).toBeFocused();
  });

  test("a second tap on Send while the first is on its way is ignored (a few lines of inline script), so nothing arrives twice", async ({ page }) => {
    await page.goto("/contact");
    // The form's submit events as the browser fires them for each tap (a synthetic one sends nothing by itself):
    // the first goes ahead, the second is stopped; shown again from the page cache, the form can be sent again.
    const outcomes = await page.evaluate(() => {
      const form = document.querySelector<HTMLFormElement>('form[method="post"]')!;
      const tap = () => {
        const event = new SubmitEvent("submit", { cancelable: true });
        form.dispatchEvent(event);
        return event.defaultPrevented ? "stopped" : "sent";
      };
      const first = tap();
      const second = tap();
      window.dispatchEvent(new PageTransitionEvent("pageshow", { persisted: true }));
      return [first, second, tap()];
    });
    expect(outcomes).toEqual(["sent", "stopped", "sent"]);
  });

  test("the models form asks for consent before any health details", async ({ page }) => {
    await page.goto("/models");
    const health = page.getByLabel("Allergies or conditions we should know about");
    await expect(health).toBeHidden();
    // A selector does it (app.css), no script.
    await page.getByRole("checkbox").check();
    await expect(health).toBeVisible();
    await page.getByRole("checkbox").uncheck();
    await expect(health).toBeHidden();
  });
});
