import type { Page } from "@playwright/test";

/** Leah Marsh's answers on the join-us form: an apprentice, still at school. */
const leah = {
  name: "Leah Marsh",
  mobile: "07700 900123",
  now: "school",
  about: "I plait my sisters' hair every morning.",
  whyHairdressing: "I love making people feel good.",
  whyBase: "A friend trained here.",
};

/** Fills every field of the join-us form, as Leah or with answers of the test's own, and an email address of its own. */
export async function fillJoinUs(page: Page, email: string, answers: Partial<typeof leah> = {}): Promise<void> {
  const a = { ...leah, ...answers };
  await page.getByLabel("Full name").fill(a.name);
  await page.getByLabel("Mobile number").fill(a.mobile);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Which role are you applying for?").selectOption("Apprentice");
  await page.getByLabel("Where are you now?").selectOption(a.now);
  await page.getByLabel("Tell us about yourself").fill(a.about);
  await page.getByLabel("Why hairdressing?").fill(a.whyHairdressing);
  await page.getByLabel("Why Base?").fill(a.whyBase);
}
