/**
 * Every public page template, as the server sends it, passes the Nu HTML
 * Checker (vnu-jar, the W3C's validator, run locally with Java) with no error:
 * the templates of tests/support/page-templates.ts, the 404 page and a saved
 * quote. axe finds no WCAG 2.2 AA violation on any of them (below, and the
 * specs named there).
 *
 * Every template is also checked with axe-core and with pa11y's runner
 * (HTML_CodeSniffer, WCAG2AA) in the pages the browser tests open, in Debian's
 * Chromium rather than a Chrome of pa11y's own (tests/e2e/support/axe.ts,
 * decision 0067).
 */
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { pageTemplates } from "../support/page-templates";
import { people, salons, services as s } from "../support/fixture";
import { content } from "../support/public-pages";
import { expectAccessible } from "./support/axe";

/** The checker's jar, from the vnu-jar package (Java is on the machine: `java -version`). */
const vnuJar = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");

test.skip(({ isMobile }) => isMobile, "the markup is the same on every device: checked once");

async function savedQuote(request: APIRequestContext): Promise<string> {
  const stylist = content.stylists.find((s) => s.salon !== 3 && s.taking_new_clients)!;
  const saved = await request.post("/api/save-quote-details", {
    data: {
      name: "Vera Nu",
      mobile: "07700 900 777",
      email: `valid-pages.${Date.now()}@example.com`,
      referral: "google",
      salon_id: 3,
      regular: false,
      selector: "Stylist",
      stylist_id: stylist.id,
      service_ids: [1, 16, 19],
    },
  });
  expect(saved.status()).toBe(201);
  return `/quote/${((await saved.json()) as { link: string }).link}`;
}

/** Every template, the 404 page and a saved quote, with the status each answers. */
async function allPages(request: APIRequestContext) {
  const pages: Record<string, { path: string; status: number }> = Object.fromEntries(
    Object.entries(pageTemplates).map(([name, p]) => [name, { path: p, status: 200 }]),
  );
  // An address that names nothing (unknown paths go home, as the spec asks): the 404 page.
  pages["not-found"] = { path: "/team/no-such-stylist", status: 404 };
  pages.quote = { path: await savedQuote(request), status: 200 };
  // The calculator's totals and finish pages (axe scans them in calculator.spec.ts), and the dated price-change notice.
  const done = `type=colour&regular=no&by=level&salon=${salons.school.id}&level=${people.improver.level}&colour=${s.bleach.id}&addon=${s.bleachToner.id}&plex=none&finish=${s.blowDry.id}&fadd=${s.upDo.id}`;
  pages["total-by-level"] = { path: `/prices/total-by-level?${done}&show=stylists`, status: 200 };
  pages["total-by-stylist"] = { path: `/prices/total-by-stylist?${done}&stylist=${people.improver.slug}`, status: 200 };
  pages["total-by-price"] = { path: `/prices/total-by-price?${done.replace("by=level", "by=budget")}&budget=200`, status: 200 };
  pages.finish = { path: `/prices/finish?${done}&stylist=${people.improver.slug}`, status: 200 };
  pages["new-prices"] = { path: "/new-prices", status: 200 };
  return pages;
}

test("every page template is valid HTML: the Nu HTML Checker reports no error", async ({ request }) => {
  test.setTimeout(120_000);
  const pages = await allPages(request);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bha-vnu-"));
  const files = new Map<string, string>();
  for (const [name, { path: address, status }] of Object.entries(pages)) {
    const response = await request.get(address, { maxRedirects: 0 });
    expect(response.status(), address).toBe(status);
    const file = path.join(dir, `${name}.html`);
    fs.writeFileSync(file, await response.text());
    files.set(file, `${name} (${address})`);
  }
  // One run for every page: Java starts once.
  const run = await promisify(execFile)("java", ["-jar", vnuJar, "--errors-only", "--format", "json", ...files.keys()], {
    maxBuffer: 32 * 1024 * 1024,
  }).catch((error: { stdout: string; stderr: string }) => error);
  const report = JSON.parse(run.stderr || run.stdout || '{"messages":[]}') as {
    messages: { type: string; url: string; message: string; lastLine?: number; extract?: string }[];
  };
  const errors = report.messages
    .filter((m) => m.type === "error")
    .map((m) => `${files.get(decodeURIComponent(m.url.replace(/^file:/, ""))) ?? m.url}:${m.lastLine ?? ""} ${m.message} ${(m.extract ?? "").slice(0, 80)}`);
  expect(errors).toEqual([]);
  fs.rmSync(dir, { recursive: true, force: true });
});

// Every template is scanned with axe where a visitor meets it, on the phone and the desktop: one page of each
// kind in public-pages.spec.ts, the forms in forms.spec.ts, each calculator screen in calculator.spec.ts. Here
// only the two pages no other spec opens: the 404 page and a saved quote.
test("the 404 page and a saved quote are accessible too: axe finds no WCAG 2.2 AA violation", async ({ page, request }) => {
  const pages = { "not-found": "/team/no-such-stylist", quote: await savedQuote(request) };
  for (const [name, address] of Object.entries(pages)) {
    await page.goto(address);
    await expectAccessible(page, `${name} (${address})`);
  }
});

// The checkers' own check: a page with faults only pa11y's runner looks for (a form with no way to send it, a
// fieldset with no legend) and one both see (a picture with no text) fails, each fault named.
test("pa11y's runner and axe fail a page with faults, naming each", async ({ page }) => {
  await page.goto("/team/no-such-stylist");
  await page.evaluate(() => {
    document.querySelector("main")!.insertAdjacentHTML(
      "beforeend",
      '<form action="/contact"><fieldset><label>Name <input name="n"></label></fieldset></form><img src="/favicon.ico">',
    );
  });
  const failure = await expectAccessible(page, "faulty").then(
    () => "",
    (error: Error) => error.message,
  );
  expect(failure).toContain("image-alt");
  expect(failure).toContain("pa11y 1_1_1.H37");
  expect(failure).toContain("pa11y 3_2_2.H32.2");
  expect(failure).toContain("pa11y 1_3_1.H71.NoLegend");
});
