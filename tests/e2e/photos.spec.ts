import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { schoolTeam } from "../support/fixture";
import { STAFF } from "../support/staff-client";
import { signInWithPin } from "./support/sign-in";

// A manager on a phone puts a photo of a stylist on the site and sees it on the team page and the profile, as
// AVIF and WebP at the site's widths; then takes it off again, so the rest of the run sees the sample picture.
test.skip(({ isMobile }) => !isMobile, "a photo from a phone: walked once, on the phone");
test.describe.configure({ timeout: 90_000 });

/** A portrait as a phone's camera makes one: a JPEG, a face-coloured oval on a dark ground. */
async function phonePhoto(): Promise<Buffer> {
  const oval = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1600"><ellipse cx="600" cy="620" rx="330" ry="420" fill="#d9a27a"/></svg>');
  return sharp({ create: { width: 1200, height: 1600, channels: 3, background: "#3b2a22" } })
    .composite([{ input: oval }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** The portrait shown in a frame: a <picture> whose AVIF and WebP sources are the photo's copies, and it has loaded. */
async function expectPhoto(page: Page, frame: ReturnType<Page["locator"]>, id: string) {
  const picture = frame.locator("picture").first();
  await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute("srcset", new RegExp(`/photos/${id}-320\\.avif 320w`));
  await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute("srcset", new RegExp(`/photos/${id}-320\\.webp 320w`));
  const img = picture.locator("img");
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0 && el.currentSrc)).toMatch(new RegExp(`/photos/${id}-\\d+\\.avif$`));
}

test("a manager uploads a stylist's photo from the phone, sees it on the team page and the profile, then removes it", async ({ page }) => {
  const stylist = schoolTeam.at(-1)!;
  const name = `${stylist.first_name} ${stylist.last_name}`;
  await page.goto("/staff/studio/photos");
  await signInWithPin(page, STAFF.morgan);
  await expect(page.getByRole("heading", { level: 1, name: "Photos" })).toBeVisible();

  await page.getByLabel("What is it of?").selectOption(`stylist:${stylist.slug}`);
  await page.getByLabel("Photo", { exact: true }).setInputFiles({ name: "IMG_0412.jpg", mimeType: "image/jpeg", buffer: await phonePhoto() });
  await page.getByLabel("Describe the photo").fill(`${name} smiling in the academy`);
  // A tap on the chosen photo, at the face, sets the point crops keep; an arrow key moves it (the hidden fields follow).
  const preview = page.locator("form canvas");
  await expect(preview).toBeVisible();
  const box = (await preview.boundingBox())!;
  await preview.click({ position: { x: box.width * 0.5, y: box.height * 0.4 } });
  await expect(page.locator('input[name="focus_y"]')).toHaveValue(/^0\.(39|4|41)$/);
  await preview.press("ArrowLeft");
  await expect(page.locator('input[name="focus_x"]')).toHaveValue(/^0\.(44|45|46)$/);
  await page.getByLabel("The people in this photo agreed to it being on the website.").check();
  await page.getByRole("button", { name: "Put it on the site" }).click();
  await expect(page.getByText("The photo is on the site.")).toBeVisible();
  const card = page.getByRole("article").filter({ hasText: `${name}: portrait` });
  await expect(card.getByText("Consent confirmed by Morgan")).toBeVisible();
  const id = /\/photos\/(\d+)-/.exec((await card.locator("img").getAttribute("src"))!)![1]!;

  await page.goto("/team");
  await expectPhoto(page, page.locator(`li#${stylist.slug}`), id);
  await page.goto(`/team/${stylist.slug}`);
  await expect(page.getByRole("img", { name: `${name} smiling in the academy` })).toBeVisible();
  await expectPhoto(page, page.locator("article").first(), id);

  await page.goto("/staff/studio/photos");
  await page.getByRole("article").filter({ hasText: `${name}: portrait` }).getByRole("button", { name: /Remove/ }).click();
  await expect(page.getByText("The photo is off the site")).toBeVisible();
  await page.goto("/team");
  await expect(page.locator(`li#${stylist.slug} source[type="image/avif"]`)).toHaveAttribute("srcset", new RegExp(`/images/team/${stylist.slug}-320\\.avif`));
});
