/**
 * Full-page screenshots of every page template at phone and desktop widths,
 * to look at after a change of layout: `npx tsx scripts/screenshots.ts`.
 *
 * Starts the production build (build it first: `npm run build`) on a free
 * port with a fresh data folder, or uses a running site given as the first
 * argument (`npx tsx scripts/screenshots.ts http://localhost:3000`). Writes
 * screenshots/{template}-{width}.png (git-ignored). Options:
 *   --widths=320,390,1366   the widths to take
 *   --only=landing,team     only these templates ("quote-email" for the quote email, "quote" for a saved
 *                           quote's page: a new client's, with a sister salon's stylist; "staff" for every
 *                           staff page, signed in as a manager, with an applicant and one of each inbox's forms)
 */
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { renderQuoteEmail } from "~/modules/quotes/quote-email.server";
import { emailBrand } from "~/modules/site/email-brand";
import { fixtureContentDir } from "../tests/support/fixture";
import { fixturePictureCopiesDir } from "../tests/support/fixture-pictures";
import { content } from "../tests/support/public-pages";
import { pageTemplates } from "../tests/support/page-templates";
import { STAFF, staffAccountsEnv } from "../tests/support/staff-client";
import { seedStaffPages, staffPageTemplates } from "../tests/support/staff-pages";
import { startSite, type SiteProcess } from "./bench-support";

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const widths = (option("widths") ?? "320,390,1366").split(",").map(Number);
const only = option("only")?.split(",");
const outDir = path.resolve("screenshots");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** This script's own site: the production build on a free port with a fresh data folder, answering once started. */
async function startOwnSite(): Promise<SiteProcess> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bha-shots-"));
  process.on("exit", () => fs.rmSync(dataDir, { recursive: true, force: true }));
  // The staff pages take a sign-in only from the site's own address (PUBLIC_URL), as the browser sees it. The
  // fixture salon, whose slugs the page templates name, with the tests' picture copies. As ever, a DATABASE_URL of
  // the shell's is used (startSite hands on only the database it is given).
  const shellDatabase: Record<string, string> = process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {};
  return startSite(port, { PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, CONTENT_DIR: fixtureContentDir, PICTURE_COPIES_DIR: fixturePictureCopiesDir, NODE_ENV: "test", LOG_LEVEL: "silent", STAFF_ACCOUNTS: staffAccountsEnv, ...shellDatabase });
}

const given = args.find((a) => /^https?:\/\//.test(a));
const site: Pick<SiteProcess, "url" | "kill"> = given ? { url: given.replace(/\/+$/, ""), kill: async () => {} } : await startOwnSite();
fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
});
/** A saved quote's page on the running site: a new client's cut and finish with a sister salon's stylist. */
async function sampleQuote(): Promise<string> {
  const stylists = (await (await fetch(`${site.url}/api/stylists`)).json()) as { id: number; salon: number; level: number; taking_new_clients: boolean }[];
  const services = (await (await fetch(`${site.url}/api/services`)).json()) as { id: number; cat1: number; cat2: number; price: number }[];
  const stylist = stylists.find((s) => s.salon !== 3 && s.taking_new_clients && s.level > 1)!;
  const finish = services.find((s) => s.cat1 === 1 && s.price > 0)!;
  const response = await fetch(`${site.url}/api/save-quote-details`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      name: "Sam Sample",
      mobile: "07700 900 111",
      email: "sam.sample@example.com",
      referral: "google",
      salon_id: 3,
      regular: false,
      selector: "Stylist",
      stylist_id: stylist.id,
      service_ids: [finish.id, ...services.filter((s) => s.cat1 === 4 && s.price > 0).slice(0, 1).map((s) => s.id), ...services.filter((s) => s.cat1 === 5 && s.cat2 === 2).map((s) => s.id)],
    }),
  });
  if (response.status !== 201) throw new Error(`Saving the sample quote answered ${response.status}: ${await response.text()}`);
  return `/quote/${((await response.json()) as { link: string }).link}`;
}

const templates: Record<string, string> = { ...pageTemplates };
if (only?.includes("quote")) templates.quote = await sampleQuote();
const staff = only?.includes("staff") ? staffPageTemplates(await seedStaffPages(site.url)) : {};
Object.assign(templates, staff);

/** Signs in on a staff page's PIN form as the manager the site was started with (this script's own site). */
async function signIn(page: Page) {
  await page.goto(`${site.url}/staff`);
  await page.getByLabel("Name", { exact: true }).fill(STAFF.morgan.name);
  await page.getByLabel("PIN").fill(STAFF.morgan.pin);
  await page.getByRole("button", { name: "Log In" }).click();
  await page.getByRole("button", { name: "Sign out" }).waitFor();
}

try {
  for (const width of widths) {
    const page = await browser.newPage({ viewport: { width, height: width < 800 ? 800 : 900 }, reducedMotion: "reduce" });
    if (Object.keys(staff).length > 0) await signIn(page);
    for (const [name, address] of Object.entries(templates)) {
      if (only && !only.includes(name) && !(name in staff)) continue;
      await page.goto(site.url + address, { waitUntil: "networkidle" });
      // Lazy pictures load as they near the viewport: walk down the page so that every one is there.
      await page.evaluate(async () => {
        for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 60));
        }
        window.scrollTo(0, 0);
      });
      await page.waitForLoadState("networkidle");
      const file = path.join(outDir, `${name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      const { height, overflow } = await page.evaluate(() => ({
        height: document.documentElement.scrollHeight,
        overflow: document.documentElement.scrollWidth - window.innerWidth,
      }));
      console.log(`${path.relative(process.cwd(), file)}  ${height}px tall${overflow > 0 ? `, ${overflow}px too wide` : ""}`);
    }
    if (!only || only.includes("quote-email")) {
      // The quote email as a new client gets it, its logo served by the site.
      const [level] = content.levels.slice(1);
      const services = content.services.slice(0, 3).map((s) => ({ service: s.service, price: s.price * 2 }));
      const total = services.reduce((sum, s) => sum + s.price, 0);
      const email = await renderQuoteEmail(emailBrand(content.settings, site.url), {
        firstName: "Sam",
        link: "sample-link",
        services,
        total,
        stylist: null,
        level: { name: level!.name },
        salonName: content.settings.name,
        regular: false,
        // Cutting and styling only: no skin-test note.
        hasColour: false,
        offer: { code: "QG20", percent: 20, discountedTotal: Math.round(total * 0.8), expiresAt: new Date(Date.now() + 4 * 86_400_000).toISOString() },
        minutes: content.services.slice(0, 3).reduce((sum, s) => sum + s.minutes, 0),
        // A quote with a stylist at a sister salon: booked with that salon.
        booking: { url: "https://bookings.example.com/northgate-salon", phone: "01632 960 233", salonId: 1, salonName: "Northgate Salon" },
      });
      // Shown as a page of the site's own address (served here, so without the site's security headers), so
      // that the browser fetches its logo from the site as a mail app would.
      const preview = `${site.url}/email-preview`;
      await page.route(preview, (route) => route.fulfill({ body: email.html, contentType: "text/html; charset=utf-8" }));
      await page.goto(preview, { waitUntil: "networkidle" });
      const file = path.join(outDir, `quote-email-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(path.relative(process.cwd(), file));
    }
    await page.close();
  }
} finally {
  await browser.close();
  await site.kill("SIGTERM");
}
