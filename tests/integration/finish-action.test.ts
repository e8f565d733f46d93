/**
 * Saving a quote from the finish page, as a browser without JavaScript does:
 * the calculator's choices are in the address, the visitor's details in the
 * form posted to it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createFormToken } from "~/.server/form-token.server";
import { loadCalculatorCatalogue } from "~/modules/pricing/calculator-catalogue.server";
import { patchSearch, startingSalonId, startSearch } from "~/modules/pricing/calculator-state";
import { availability, isSlot, levelNotOfferedMessage, levelsAtSalon, priceServices } from "~/modules/pricing/pricing";
import { PER_RECIPIENT_LIMITS } from "~/.server/outbox/outbox.server";
import { engines } from "../support/databases";
import { controlTag, getPage, postForm } from "../support/page-forms";
import { startTestServer, type TestServer } from "../support/test-server";
import { drainOutboxAndClear } from "../support/outbox";
import { withinOneWindow } from "../support/wait";

const visitor = { name: "  Priya Shah ", mobile: "07700 900 777", email: "Priya.Shah@example.com", referral: "google" };

/**
 * A finished men's quote by level, from whatever the salon's catalogue holds:
 * the first level the starting salon offers that may do a men's cut, that cut, no colour.
 */
async function menByLevel(server: TestServer) {
  const catalogue = await loadCalculatorCatalogue(server.services.db);
  for (const level of levelsAtSalon(catalogue.levels, startingSalonId(catalogue), catalogue.stylists)) {
    const cut = catalogue.services.find((s) => isSlot("mensCut", s) && availability(s, level.id).available);
    if (!cut) continue;
    const search = startSearch("Men", false, { selector: "Level", levelId: level.id, selections: { mensCut: cut.id, mensColour: "none" } });
    return { search, level, total: priceServices([cut], level).total, catalogue };
  }
  throw new Error("The catalogue has no level that may do a men's cut");
}

/** The signed token the finish page's form carries, as the page would have served it. */
const signedBy = (server: TestServer) => (fields: Record<string, string>) => ({
  ...fields,
  form_token: createFormToken(server.services.config.sessionSecret),
});

describe.each(engines)("the finish page's action on %s", (engine) => {
  let server: TestServer;
  const quotes = () => server.services.db.selectFrom("quotes").selectAll().execute();
  /** The signed token the finish page's form carries, as the page would have served it. */

  beforeAll(async () => {
    server = await startTestServer(engine, { RATE_LIMIT_PER_MINUTE: "1000", RATE_LIMIT_PER_HOUR: "1000" }, { pages: true });
  });
  afterAll(async () => {
    await server?.close();
  });
  afterEach(async () => {
    await drainOutboxAndClear(server.services.db, ["quote_services", "quotes"]);
  });

  it("stores the quote priced by the server and lands on the saved state, with nothing personal in the address", async () => {
    const { search, level, total } = await menByLevel(server);
    const page = await getPage(server.url, `/prices/finish${search}`);
    expect(page.status).toBe(200);
    // The form posts (never GETs) to the address that holds the choices.
    const form = /<form[^>]*id="finish"[^>]*>/.exec(page.html)?.[0] ?? "";
    expect(form).toContain('method="post"');
    expect(form).toContain(`action="/prices/finish${search.replace(/&/g, "&amp;")}"`);

    // A client's figures are not the server's business.
    const response = await postForm(server.url, `/prices/finish${search}`, signedBy(server)({ ...visitor, total: "1", price: "1" }));
    expect(response.status).toBe(302);
    const location = response.headers.get("location")!;
    expect(location).toBe(`/prices/finish/submitted${search}`);
    const cookie = response.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^saved_quote=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Path=\/prices\/finish/);

    const [stored] = await quotes();
    expect(stored).toMatchObject({ name: "Priya Shah", email: "Priya.Shah@example.com", mobile: "+447700900777", total, level_id: level.id });
    for (const personal of ["Priya", "priya", "07700", "900777", stored!.link]) expect(location).not.toContain(personal);

    const submitted = await getPage(server.url, location, { headers: { cookie: cookie.split(";")[0]! } });
    expect(submitted.status).toBe(200);
    expect(submitted.text).toContain("Thank you, Priya! Your quote is on its way");
    expect(submitted.text).toContain("We've emailed you the full quote and sent a text with a link to it");
    expect(submitted.html).toContain(`href="/quote/${stored!.link}"`);
    expect(submitted.headers.get("cache-control")).toBe("private, no-store");

    const quote = await getPage(server.url, `/quote/${stored!.link}`);
    expect(quote.status).toBe(200);
    expect(quote.text).toContain("Hi Priya, here's your quote");

    // Without the cookie (opened by hand, another browser, or later), the page says nothing was saved from here,
    // thanks nobody, shows no quote's link, and offers the way back to the form with the choices kept.
    const anonymous = await getPage(server.url, location);
    expect(anonymous.status).toBe(200);
    expect(anonymous.text).toContain("No quote has been saved yet");
    expect(anonymous.text).toContain("nothing has been saved or sent from this page");
    expect(anonymous.text).not.toMatch(/Thank you|is saved|on its way/);
    expect(anonymous.html).not.toMatch(/href="[^"]*\/quote\//);
    expect(anonymous.html).toContain(`href="/prices/finish${search.replaceAll("&", "&amp;")}"`);
  });

  it("keeps the answers and puts the spec's messages beside their fields", async () => {
    const { search } = await menByLevel(server);
    const response = await postForm(server.url, `/prices/finish${search}`, signedBy(server)({ name: "Priya", mobile: "12345", email: "", referral: "default" }));
    expect(response.status).toBe(400);
    expect(response.text).toContain("A valid mobile number is required");
    expect(response.text).toContain("Email Address is required");
    expect(response.text).toContain("How did you hear about us is required");
    expect(controlTag(response.html, "name")).toContain('value="Priya"');
    expect(controlTag(response.html, "mobile")).toContain('value="12345"');
    expect(controlTag(response.html, "mobile")).toContain('aria-invalid="true"');
    expect(await quotes()).toEqual([]);
  });

  it("refuses a quote the address does not finish, or one the calculator would not allow", async () => {
    const { search, catalogue } = await menByLevel(server);
    const unanswered = patchSearch(new URLSearchParams(search), { regular: null });
    const unfinished = await postForm(server.url, `/prices/finish${unanswered}`, signedBy(server)(visitor));
    expect(unfinished.status).toBe(400);
    expect(unfinished.text).toContain("Your quote isn't quite finished");

    const full = catalogue.stylists.find((s) => !s.taking_new_clients);
    expect(full, "the salon has a stylist who is not taking new clients").toBeDefined();
    const withFull = patchSearch(new URLSearchParams(search), { selector: "Stylist", stylistSlug: full!.slug, levelId: null });
    const refused = await postForm(server.url, `/prices/finish${withFull}`, signedBy(server)(visitor));
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("taking new clients");
    expect(controlTag(refused.html, "email")).toContain('value="Priya.Shah@example.com"');
    expect(await quotes()).toEqual([]);
  });

  it("refuses a level nobody at the salon works at, with the reason", async () => {
    const { search, catalogue } = await menByLevel(server);
    const level = catalogue.levels.find((l) => String(l.id) === new URLSearchParams(search).get("level"))!;
    const salon = catalogue.salons.find((x) => !catalogue.stylists.some((st) => st.salon === x.id && st.level === level.id));
    expect(salon, "a salon without that level").toBeDefined();
    const there = patchSearch(new URLSearchParams(search), { salonId: salon!.id });
    const refused = await postForm(server.url, `/prices/finish${there}`, signedBy(server)(visitor));
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(levelNotOfferedMessage(level.name, salon!.name));
    expect(await quotes()).toEqual([]);
  });

  it("says the text was held back when the text limit held it, and sent the email only", async () => {
    const { search } = await menByLevel(server);
    const perHour = PER_RECIPIENT_LIMITS[0].max;
    // The same mobile every time, a new email address each time: the texts reach the limit, the emails don't.
    const save = (i: number) =>
      postForm(server.url, `/prices/finish${search}`, signedBy(server)({ ...visitor, mobile: "07700 900 555", email: `limit.${i}@example.com` }));
    for (let i = 0; i < perHour; i++) expect((await save(i)).status).toBe(302);
    const last = await save(perHour);
    expect(last.status).toBe(302);
    const cookie = last.headers.get("set-cookie")!.split(";")[0]!;
    const submitted = await getPage(server.url, last.headers.get("location")!, { headers: { cookie } });
    expect(submitted.text).toContain("We've emailed you the full quote.");
    expect(submitted.text).toContain("We haven't sent a text this time, because we've already sent several texts to that number today");
    expect(submitted.text).not.toContain("sent a text with a link");
  });

  it("sends a post without a calculator type back to the start", async () => {
    const response = await postForm(server.url, "/prices/finish", signedBy(server)(visitor));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/prices");
    expect(await quotes()).toEqual([]);
  });
});

describe("the finish page's rate limit", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("sqlite", { RATE_LIMIT_PER_MINUTE: "1" }, { pages: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers 429 with Retry-After past the limit, keeping the answers", async () => {
    const { search } = await menByLevel(server);
    // Both posts in one minute's window: the count starts again when the minute turns.
    await withinOneWindow(10_000);
    expect((await postForm(server.url, `/prices/finish${search}`, signedBy(server)(visitor))).status).toBe(302);
    const limited = await postForm(server.url, `/prices/finish${search}`, signedBy(server)(visitor));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.text).toContain("You've sent a lot in a short time.");
    expect(controlTag(limited.html, "email")).toContain('value="Priya.Shah@example.com"');
    expect(await server.services.db.selectFrom("quotes").selectAll().execute()).toHaveLength(1);
  });
});
