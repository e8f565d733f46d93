import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./support/axe";
import { expectHydrated } from "./support/hydration";
import { signInWithPin } from "./support/sign-in";
import { loadContent } from "~/modules/site/load-content.server";
import { submissionKinds } from "~/modules/submissions/kinds";
import { inboxForms } from "../support/desk";
import { STAFF, staffAccountsEnv } from "../support/staff-client";
import { seedStaffPages, staffPageTemplates } from "../support/staff-pages";
import { e2eContentDir, ownServerOnDemand, type OwnServer } from "./support/own-server";

// The staff desk, on a server of its own: switching the offers off changes
// what every visitor sees, and the other browser tests share the run's server.
// It runs on the phone, where Morgan and Sam use the desk between clients (the
// applicant pages, which share its layout, run at both sizes in staff.spec.ts),
// on a port of its own above this run's (E2E_PORT) and its message catchers.

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Tap targets of at least 44 by 44 CSS pixels (WCAG 2.5.5's size, more than 2.2's minimum). */
async function expectLargeTapTarget(page: Page, name: string | RegExp) {
  const box = await page.getByRole("button", { name }).first().boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  expect(box?.width).toBeGreaterThanOrEqual(44);
}

/** Opens a desk page, signs in on its PIN form and waits to be signed in there. */
async function openSignedIn(page: Page, url: string, who: { name: string; pin: string }) {
  await page.goto(url);
  await signInWithPin(page, who);
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
}

const inboxes = [
  { kind: "models", title: "Model sign-ups", tile: /1 new model sign-up$/, link: "tel" },
  { kind: "messages", title: "Contact messages", tile: /1 new contact message$/, link: "mailto" },
  { kind: "open-evening", title: "Open evening", tile: /1 new open-evening registration$/, link: "tel" },
  { kind: "feedback", title: "Feedback", tile: /1 new feedback registration$/, link: "tel" },
] as const;

test.describe("staff desk", () => {
  // Whole working sessions with accessibility scans, on a machine others share.
  test.describe.configure({ mode: "serial", timeout: 120_000 });
  test.skip(({ isMobile }) => !isMobile, "the desk's journeys run on the phone");
  const own = ownServerOnDemand(20, { STAFF_ACCOUNTS: staffAccountsEnv });
  const content = () => loadContent(e2eContentDir);
  const member = STAFF.sam;
  /** Who filled in each form, one per inbox. */
  const people = new Map<string, Record<string, string>>();
  let seeded: Promise<OwnServer> | undefined;
  /** The desk's server with one submission in each inbox, sent when the first test asks for it. */
  const deskServer = () =>
    (seeded ??= own.get().then(async (server) => {
      for (const { kind } of inboxes) {
        const body = inboxForms[kind].body(`Tess ${kind.replace("-", " ")} Visitor`, 10 + people.size);
        const response = await fetch(`${server.base}${submissionKinds[kind].apiPath}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
        expect(response.status).toBe(201);
        people.set(kind, body);
      }
      return server;
    }));

  test.afterAll(() => own.stop());

  test("signs in on /staff and sees what came in, list by list", async ({ page }) => {
    const server = await deskServer();
    await page.goto(`${server.base}/staff`);
    await expect(page.getByRole("heading", { level: 1, name: "Staff desk" })).toBeVisible();
    await expectAccessible(page, page.url());
    await page.getByLabel("Name", { exact: true }).fill(member.name);
    await page.getByLabel("PIN").fill(member.pin);
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page.getByText(`Signed in as ${member.name}`)).toBeVisible();
    await expect(page).toHaveURL(`${server.base}/staff`);
    for (const { kind, title, tile } of inboxes) {
      const link = page.getByRole("link", { name: new RegExp(`^${title}`) });
      await expect(link, kind).toHaveAttribute("href", `/staff/${kind}`);
      await expect(link.getByText(tile)).toBeVisible();
    }
    // The desk's tile (the staff header's "Messages sent" link says nothing more).
    await expect(page.getByRole("link", { name: /^Messages sent\s.+/ })).toContainText("None failed");
    await expectAccessible(page, page.url());
    await expectNoSidewaysScroll(page);
  });

  test("opens each inbox, calls or emails with a tap, marks one handled and back, and exports the list", async ({ page }) => {
    const server = await deskServer();
    await openSignedIn(page, `${server.base}/staff`, member);
    for (const { kind, title, link } of inboxes) {
      const person = people.get(kind)!;
      await page.goto(`${server.base}/staff`);
      await page.getByRole("link", { name: new RegExp(`^${title}`) }).click();
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      // React Router scrolls the new page to the top; until it has, the sticky header covers the page's first
      // buttons, which the scan below would count as targets too small to tap.
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      const card = page.getByRole("article", { name: person.name });
      await expect(card).toBeVisible();
      const contact = link === "tel" ? `tel:+44${person.mobile!.replace(/\s/g, "").slice(1)}` : `mailto:${person.email}`;
      await expect(card.locator(`a[href="${contact}"]`)).toBeVisible();
      await expectLargeTapTarget(page, /^Mark handled/);
      await expectAccessible(page, page.url());
      await expectNoSidewaysScroll(page);
    }

    // Tick the model off: it leaves the "Not handled" list; Undo puts it back.
    const model = people.get("models")!;
    await page.goto(`${server.base}/staff/models`);
    const card = page.getByRole("article", { name: model.name });
    await card.getByRole("button", { name: /^Mark handled/ }).click();
    await expect(page.getByText(`${model.name} is marked as handled.`)).toBeVisible();
    await expect(page.getByRole("article", { name: model.name })).toHaveCount(0);
    await page.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByRole("article", { name: model.name })).toBeVisible();
    await page.getByRole("article", { name: model.name }).getByRole("button", { name: /^Mark handled/ }).click();
    // As a person does, on to the handled list once the page says it is done (a tap before then leaves the
    // list's request racing the mark's, and the list may be read first).
    await expect(page.getByText(`${model.name} is marked as handled.`)).toBeVisible();
    await page.getByRole("link", { name: "Handled", exact: true }).click();
    await expect(page.getByRole("article", { name: model.name })).toContainText(`Handled by ${member.name}`);
    await expectAccessible(page, page.url());

    // Search, then export what is shown.
    await page.getByRole("link", { name: "All", exact: true }).click();
    // The handled list shows the same one card: wait for "All" itself, or the search may land on the list before.
    await expect(page).toHaveURL(/[?&]show=all\b/);
    await page.getByLabel("Search by name, mobile or words").fill(model.name!.split(" ")[1]!);
    await expect(page.getByRole("article")).toHaveCount(1);
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^models-all-\d{4}-\d\d-\d\d\.csv$/);
    const csv = fs.readFileSync((await file.path())!, "utf8").replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(csv[0]).toBe("Received,Name,Mobile,Information,Health information,Handled,Handled by");
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain(`${model.name},${model.mobile},`);
    expect(csv[1]).toMatch(new RegExp(`,${member.name}$`));
  });

  test("switches the offers off: 'Check back soon!' and no Offers link; then on again", async ({ page }) => {
    const server = await deskServer();
    const copy = content().copy;
    const offer = copy.offers.offers.find((o) => !o.endDate) ?? copy.offers.offers[0]!;
    const noOffers = copy.text.offers.none[0]!;
    const offersLink = page.locator('header a[href="/offers"]');

    await openSignedIn(page, `${server.base}/staff/site`, member);
    await expect(page.getByRole("heading", { level: 1, name: "Site switches" })).toBeVisible();
    await expectAccessible(page, page.url());
    await expectNoSidewaysScroll(page);
    await page.getByRole("button", { name: "Hide the offers" }).click();
    await expect(page.getByText("The offers are hidden everywhere.")).toBeVisible();

    // Visitors read "Check back soon!"; signed-in staff see the offer under a banner that says so.
    const visitors = await (await fetch(`${server.base}/offers/${offer.slug}`)).text();
    expect(visitors).toContain(noOffers);
    expect(visitors).not.toContain("Preview for staff");
    await page.goto(`${server.base}/offers/${offer.slug}`);
    await expect(page.getByText(/^Preview for staff: offers are hidden on the website/)).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(offer.title);
    await expect(offersLink).toHaveCount(0);
    await page.goto(`${server.base}/`);
    await expect(offersLink).toHaveCount(0);
    await expectAccessible(page, page.url());

    await page.goto(`${server.base}/staff/site`);
    await page.getByRole("button", { name: "Show the offers" }).click();
    await expect(page.getByText("The offers are showing again.")).toBeVisible();
    await expect(page.getByRole("list").getByText(`${member.name} hid the offers`)).toBeVisible();
    await page.goto(`${server.base}/offers/${offer.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(offer.title);
    await expect(offersLink.first()).toBeAttached();
  });

  test("adds a news item and sees it on the shop page", async ({ page }) => {
    const server = await deskServer();
    const { news } = content();
    const latest = [...news.map((n) => n.date), new Date().toISOString().slice(0, 10)].sort().at(-1)!;
    const date = new Date(new Date(`${latest}T12:00:00Z`).getTime() + 86_400_000).toISOString().slice(0, 10);
    const title = `Open house on ${date}`;

    await openSignedIn(page, `${server.base}/staff/site`, member);
    await page.getByText("Add a news item").click();
    const form = page.locator("#news-add");
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Date").fill(date);
    if (news[0]) await form.getByLabel("Picture").selectOption(news[0].image);
    await form.getByLabel("Text").fill("Come and see the academy at work, with tea and a tour.");
    await form.getByRole("button", { name: "Add to the shop page" }).click();
    await expect(page.getByText(`“${title}” is on the shop page.`)).toBeVisible();
    await expect(page.getByRole("article", { name: title })).toBeVisible();
    await expectAccessible(page, page.url());

    await page.goto(`${server.base}/online-shop`);
    const section = page.getByRole("region", { name: content().copy.text.shop.newsHeading });
    await expect(section.getByRole("heading", { level: 3, name: title })).toBeVisible();
    await expect(section.getByText("Come and see the academy at work")).toBeVisible();
  });

  test("a tap on 'Handled' straight after 'Mark handled', on a slow line, loses nothing: the list shows the card once the mark lands", async ({ page }) => {
    const server = await deskServer();
    const visitor = people.get("feedback")!;
    await openSignedIn(page, `${server.base}/staff/feedback`, member);
    // A slow line: the mark reaches the server only once the next list has been asked for.
    let release = () => {};
    const slowLine = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === "/staff/feedback.data",
      async (route) => {
        if (route.request().method() !== "POST") return route.fallback();
        await slowLine;
        // A post the page gave up on (a page's form, interrupted by a link) is gone: nothing is sent.
        await route.continue().catch(() => {});
      },
    );
    const mark = page.getByRole("article", { name: visitor.name }).getByRole("button", { name: /^Mark handled/ });
    await expectHydrated(mark);
    await mark.click();
    await page.getByRole("link", { name: "Handled", exact: true }).click();
    await expect(page).toHaveURL(/[?&]show=handled\b/);
    release();
    await expect(page.getByRole("article", { name: visitor.name })).toContainText(`Handled by ${member.name}`);
  });

  test("has no sideways scrolling on a 320-pixel phone, on any desk page", async ({ page }) => {
    const server = await deskServer();
    await page.setViewportSize({ width: 320, height: 720 });
    await openSignedIn(page, `${server.base}/staff`, member);
    for (const path of ["/staff", ...inboxes.map((i) => `/staff/${i.kind}?show=all`), "/staff/outbox", "/staff/site"]) {
      await page.goto(`${server.base}${path}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoSidewaysScroll(page);
    }
    await page.goto(`${server.base}/staff/outbox`);
    await expectAccessible(page, page.url());
  });

  test("finding: axe scanned only some staff pages; every staff page passes it, and pa11y's runner", async ({ page }) => {
    test.setTimeout(150_000);
    const server = await deskServer();
    // Every staff page (each route module under the staff layout), with something in every list.
    const pages = Object.values(staffPageTemplates(await seedStaffPages(server.base)));
    await openSignedIn(page, `${server.base}/staff`, member);
    for (const path of pages) {
      await page.goto(`${server.base}${path}`);
      await expect(page.getByRole("heading", { level: 1 }), path).toBeVisible();
      await expectAccessible(page, path);
    }
  });
});
