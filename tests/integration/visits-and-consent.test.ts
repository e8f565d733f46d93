/**
 * Visits for the owner and marketing consent, below the browser: page views
 * and the quote funnel counted on the server without cookies or identifiers,
 * robots and staff pages left out, the manager's figures over the API and
 * the page; the offers boxes stored with their words, listed and exported;
 * and no cookie for a visitor who has not signed in or saved a quote.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFormToken } from "~/.server/form-token.server";
import { MARKETING_WORDS } from "~/modules/marketing/consent-words";
import { loadCalculatorCatalogue } from "~/modules/pricing/calculator-catalogue.server";
import { startingSalonId, startSearch } from "~/modules/pricing/calculator-state";
import { availability, isSlot, levelsAtSalon } from "~/modules/pricing/pricing";
import { salonToday } from "~/utils/dates";
import { engines } from "../support/databases";
import { fixture, salons, services as s } from "../support/fixture";
import { decodeEntities, getPage, hiddenValue, postForm } from "../support/page-forms";
import { pagePaths } from "../support/public-pages";
import { saveQuote, savedQuoteLink } from "../support/quotes";
import { applicantBody, STAFF, staffAccountsEnv, StaffClient } from "../support/staff-client";
import { csvDownloadLines } from "../support/staff-team";
import { startTestServer, type TestServer } from "../support/test-server";

const PHONE_BROWSER = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const browser = { "user-agent": PHONE_BROWSER };

interface Report {
  days: { date: string; page_views: number }[];
  pages: { path: string; views: number }[];
  funnel: { calculator_started: number; totals_seen: number; quotes_saved: number; booking_clicks: number };
}

async function menByLevel(server: TestServer) {
  const catalogue = await loadCalculatorCatalogue(server.services.db);
  for (const level of levelsAtSalon(catalogue.levels, startingSalonId(catalogue), catalogue.stylists)) {
    const cut = catalogue.services.find((c) => isSlot("mensCut", c) && availability(c, level.id).available);
    if (cut) return startSearch("Men", false, { selector: "Level", levelId: level.id, selections: { mensCut: cut.id, mensColour: "none" } });
  }
  throw new Error("The catalogue has no level that may do a men's cut");
}

describe.each(engines)("visits and offers consents on %s", (engine) => {
  let server: TestServer;
  let staff: StaffClient;
  const report = async (query = "") => {
    const response = await staff.request("GET", `/api/staff/visits${query}`);
    return { status: response.status, body: (await response.json()) as Report };
  };

  beforeAll(async () => {
    server = await startTestServer(engine, { STAFF_ACCOUNTS: staffAccountsEnv, RATE_LIMIT_PER_MINUTE: "1000", RATE_LIMIT_PER_HOUR: "1000" }, { pages: true });
    staff = new StaffClient(server.url);
    expect((await staff.signIn(STAFF.morgan)).status).toBe(200);
  });
  afterAll(() => server?.close());

  it("counts pages seen and each step from the calculator to booking, and nothing about who", async () => {
    const get = (path: string, headers: Record<string, string> = browser) => getPage(server.url, path, { headers });
    for (const path of ["/", "/team", "/team", "/privacy", "/prices"]) expect((await get(path)).status, path).toBe(200);
    const search = await menByLevel(server);
    expect((await get(`/prices/total-by-level${search}`)).status).toBe(200);
    // Not counted: robots, a browser that names no agent, staff pages, pages that are not there, prefetches.
    expect((await get("/team", { "user-agent": GOOGLEBOT })).status).toBe(200);
    expect((await get("/team", {})).status).toBe(200);
    expect((await get("/staff/visits", { ...browser, cookie: staff.cookieHeader })).status).toBe(200);
    expect((await get("/team/no-such-stylist")).status).toBe(404);
    expect((await get("/team", { ...browser, "sec-purpose": "prefetch" })).status).toBe(200);

    // A quote saved from the finish page, with the email box ticked…
    const saved = await postForm(
      server.url,
      `/prices/finish${search}`,
      { name: "Priya Shah", mobile: "07700 900 777", email: "priya.shah@example.com", referral: "google", marketing_email: "on", form_token: createFormToken(server.services.config.sessionSecret) },
      { headers: browser },
    );
    expect(saved.status).toBe(302);
    // …and one through the API with the text box ticked.
    const link = await savedQuoteLink(server.url, {
      name: "Owen Price", mobile: "07700 900 778", email: "owen.price@example.com", referral: "google", salon_id: salons.school.id,
      regular: false, selector: "Level", level_id: 3, service_ids: [s.blowDry.id], marketing_email: false, marketing_sms: true,
    });
    // The saved quote's page counts as /quote: its secret link is never a counter's name.
    expect((await get(`/quote/${link}`)).status).toBe(200);
    const quotePage = await get(`/quote/${link}`);
    const bookHref = /href="(\/go\/book\?from=quote&amp;salon=\d+&amp;view=[\w-]+)"/.exec(quotePage.html)?.[1];
    expect(bookHref).toBeDefined();

    // The booking button goes through the site, then on to the booking site; a robot's click is not counted.
    expect((await fetch(`${server.url}${decodeEntities(bookHref!)}`, { headers: { "user-agent": GOOGLEBOT }, redirect: "manual" })).status).toBe(302);
    const book = await fetch(`${server.url}${decodeEntities(bookHref!)}`, { headers: browser, redirect: "manual" });
    expect(book.status).toBe(302);
    expect(book.headers.get("location")).toBe(fixture.settings.links.booking);
    expect(book.headers.get("set-cookie")).toBeNull();

    const { status, body } = await report();
    expect(status).toBe(200);
    const views = Object.fromEntries(body.pages.map((p) => [p.path, p.views]));
    expect(views).toEqual({ "/": 1, "/team": 2, "/privacy": 1, "/prices": 1, "/prices/total-by-level": 1, "/quote": 2 });
    expect(body.funnel).toEqual({ calculator_started: 1, totals_seen: 1, quotes_saved: 2, booking_clicks: 1 });
    expect(body.days).toHaveLength(30);
    expect(body.days.at(-1)).toEqual({ date: salonToday(), page_views: 8 });

    // What the database holds: a day, a kind, a path or step, a number. Nothing else exists to hold an address or agent.
    const rows = await server.services.db.selectFrom("visit_counts").selectAll().execute();
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(["count", "day", "key", "kind"]);
      expect(row.key).toMatch(/^(\/[a-z0-9/-]*|calculator_started|totals_seen|quotes_saved|booking_clicks)$/);
      expect(row.key).not.toContain(link);
    }

    // The manager's page shows the same, with its chart.
    const page = await getPage(server.url, "/staff/visits", { headers: { cookie: staff.cookieHeader } });
    expect(page.status).toBe(200);
    expect(page.html).toContain('data-testid="visits-chart"');
    expect(page.text).toContain("/prices/total-by-level");
    expect(page.text).toContain("Went on to book");
  });

  it("keeps the API and the page to managers who are signed in, and checks the range", async () => {
    expect((await fetch(`${server.url}/api/staff/visits`)).status).toBe(401);
    expect((await getPage(server.url, "/staff/visits")).status).toBe(401);
    expect((await report("?from=2026-11-10&to=2026-11-01")).status).toBe(400);
    expect((await report("?from=someday")).status).toBe(400);
    const ranged = await report("?from=2026-01-01&to=2026-01-03");
    expect(ranged.status).toBe(200);
    expect(ranged.body.days).toEqual([
      { date: "2026-01-01", page_views: 0 },
      { date: "2026-01-02", page_views: 0 },
      { date: "2026-01-03", page_views: 0 },
    ]);
  });

  it("stores each ticked offers box with the time and the words shown, and lists and exports them for managers", async () => {
    const joinus = await fetch(`${server.url}/api/joinus`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...applicantBody("Leah Marsh"), marketing_email: true, marketing_sms: true }),
    });
    expect(joinus.status).toBe(201);
    const refused = await saveQuote(server.url, {
      name: "Ann Other", mobile: "07700 900 779", email: "ann@example.com", referral: "google", salon_id: salons.school.id,
      regular: false, selector: "Level", level_id: 3, service_ids: [s.blowDry.id], marketing_email: "maybe",
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { fields: Record<string, string> }).fields).toHaveProperty("marketing_email");

    const leah = await server.services.db.selectFrom("job_applicants").select(["email", "mobile"]).where("name", "=", "Leah Marsh").executeTakeFirstOrThrow();
    const rows = await server.services.db.selectFrom("marketing_consents").selectAll().orderBy("id").execute();
    expect(rows.map((r) => [r.source, r.name, r.email, r.mobile, r.email_agreed, r.sms_agreed, r.email_words, r.sms_words])).toEqual([
      ["quote", "Priya Shah", "priya.shah@example.com", null, 1, 0, MARKETING_WORDS.email, null],
      ["quote", "Owen Price", null, "+447700900778", 0, 1, null, MARKETING_WORDS.sms],
      ["joinus", "Leah Marsh", leah.email, leah.mobile, 1, 1, MARKETING_WORDS.email, MARKETING_WORDS.sms],
    ]);
    for (const r of rows) expect(Math.abs(Date.now() - Date.parse(r.given_at))).toBeLessThan(120_000);
    // No box ticked, no row: the quote saved earlier without boxes in the other tests left none either.

    // The join-us page's form, as a browser without JavaScript posts it, with the text box ticked.
    const joinusPage = await getPage(server.url, "/joinus");
    const posted = await postForm(server.url, "/joinus", {
      ...applicantBody("Rhys Page"),
      website: "",
      marketing_sms: "on",
      form_token: hiddenValue(joinusPage.html, "form_token"),
    });
    expect(posted.status).toBe(200);
    const rhys = await server.services.db.selectFrom("marketing_consents").selectAll().where("name", "=", "Rhys Page").execute();
    expect(rhys.map((r) => [r.source, r.email, r.email_agreed, r.sms_agreed, r.sms_words])).toEqual([["joinus", null, 0, 1, MARKETING_WORDS.sms]]);

    const list = await getPage(server.url, "/staff/marketing", { headers: { cookie: staff.cookieHeader } });
    expect(list.status).toBe(200);
    for (const name of ["Priya Shah", "Owen Price", "Leah Marsh"]) expect(list.text).toContain(name);
    const csv = await fetch(`${server.url}/staff/marketing/export`, {
      method: "POST",
      headers: { cookie: staff.cookieHeader, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    const lines = await csvDownloadLines(csv, /^attachment; filename="offers-consents-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(lines.join("\n")).toContain("Leah Marsh");
    expect(lines.join("\n")).toContain(MARKETING_WORDS.sms);
    expect(lines).toHaveLength(5);

    // Someone asks to stop: a manager removes them, and the audit trail says who removed which one.
    const removed = await fetch(`${server.url}/staff/marketing`, {
      method: "POST",
      headers: { cookie: staff.cookieHeader, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "remove", id: String(rhys[0]!.id) }).toString(),
    });
    expect(removed.status).toBe(200);
    expect(await server.services.db.selectFrom("marketing_consents").select("id").where("name", "=", "Rhys Page").execute()).toEqual([]);
    const audit = await server.services.db.selectFrom("audit_events").selectAll().where("subject_type", "=", "marketing-consent").execute();
    expect(audit.map((a) => [a.actor, a.action, a.subject_id])).toEqual([[STAFF.morgan.name, "removed", String(rhys[0]!.id)]]);

    // The privacy page quotes the very words.
    const privacy = await getPage(server.url, "/privacy");
    expect(privacy.text).toContain(MARKETING_WORDS.email);
    expect(privacy.text).toContain(MARKETING_WORDS.sms);
    // Both forms show the boxes unticked.
    for (const path of ["/joinus", `/prices/finish${await menByLevel(server)}`]) {
      const form = await getPage(server.url, path);
      for (const name of ["marketing_email", "marketing_sms"]) {
        const box = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(form.html)?.[0];
        expect(box, `${path} ${name}`).toBeDefined();
        expect(box).toContain('type="checkbox"');
        expect(box).not.toMatch(/checked/);
      }
      expect(form.text).toContain(MARKETING_WORDS.email);
    }
  });

  it("sets no cookie on any public page for a visitor who has not signed in or saved a quote", async () => {
    for (const path of pagePaths) {
      const response = await fetch(`${server.url}${path}`, { headers: browser, redirect: "manual" });
      expect(response.status, path).toBeLessThan(400);
      expect(response.headers.get("set-cookie"), path).toBeNull();
    }
  });
});
